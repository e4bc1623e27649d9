/**
 * @module The requests of a list's own changes, which wait in the outbox as an item's do
 * (docs/decisions/067-offline-routines-and-copies.md): its routine, Reset now, and a new list.
 * Loaded by ./wire.ts on their first use, as they are rare beside ticks and adds.
 */
import { client } from "../api";
import type { Answer, ListTarget, QueuedChange } from "./changes";

type ListChange = Extract<QueuedChange, { kind: "routine" | "run" | "newList" }>;

export async function sendListChange(t: ListTarget, change: ListChange, idempotencyKey: string): Promise<Answer> {
  const keyed = { idempotencyKey };
  const none = { tasks: [], deletedIds: [] };
  switch (change.kind) {
    case "routine":
      return {
        ...none,
        list: await client["task-lists"][":id"].$patch({ param: { id: t.listId }, json: { routine: change.routine } }, keyed),
      };
    case "run": {
      const query = t.shareId ? { shareId: t.shareId } : {};
      return { ...none, run: await client["task-lists"][":id"].runs.$post({ param: { id: t.listId }, query }, keyed) };
    }
    case "newList": {
      // Empty, or a copy of a list the caller may read (docs/decisions/054-duplicate-and-templates.md).
      const json = { name: change.name };
      const list = await (change.from === null
        ? client["task-lists"].$post({ json }, keyed)
        : client["task-lists"][":id"].duplicate.$post({ param: { id: change.from }, json }, keyed));
      return { ...none, list };
    }
  }
}
