/**
 * @module What the server says does to the list page's snapshot (./store.ts): a live event, applied
 * as it comes because every event carries whole items, or a write's answer. Pure, so the store's
 * order of events, answers and reads is the only thing left to it.
 */
import type { LiveMessage } from "../../src/shared/live-messages";
import type { Section, Task } from "../../src/shared/types";
import type { Answer } from "../offline/changes";
import type { ListData } from "../offline/wire";
import { upsert } from "./logic";

/** Events that only a read can follow: access given or taken, the list gone, a gap in what was heard. */
const READ_AGAIN = new Set(["resync", "share_added", "share_removed", "access_revoked"]);

const isSection = (value: unknown): value is Section =>
  typeof value === "object" && value !== null && typeof (value as Section).id === "number" && typeof (value as Section).name === "string";

const isTask = (value: unknown): value is Task =>
  typeof value === "object" && value !== null && typeof (value as Task).id === "number" && typeof (value as Task).title === "string";

/** What a live event does to the list: the list after it and the items it named; `read` when only a read can say. */
export function applyEvent(data: ListData, message: LiveMessage, listId: number): { data: ListData; ids: number[] } | "read" | null {
  if (message.listId !== undefined && message.listId !== listId) return null;
  if (READ_AGAIN.has(message.type)) return "read";
  // A refused subscription: unshared, or the link reset before the socket got there.
  if (message.type === "error") return message.listId !== undefined || message.shareId ? "read" : null;
  const payload = (message.payload ?? {}) as Partial<Record<"tasks" | "id" | "deletedIds" | "name" | "deleted" | "sections", unknown>>;
  switch (message.type) {
    case "task_created":
    case "task_updated":
      if (!isTask(payload) || payload.listId !== listId) return null;
      return { data: { ...data, tasks: upsert(data.tasks, [payload]) }, ids: [payload.id] };
    case "task_deleted": {
      const named: unknown[] = [...(Array.isArray(payload.deletedIds) ? payload.deletedIds : []), payload.id];
      const gone = new Set(named.filter((id): id is number => typeof id === "number"));
      return { data: { ...data, tasks: data.tasks.filter((task) => !gone.has(task.id) && !gone.has(task.parentId)) }, ids: [...gone] };
    }
    case "tasks_reordered":
    case "tasks_reset": {
      const carried: unknown[] = Array.isArray(payload.tasks) ? payload.tasks : [];
      const tasks = carried.filter(isTask).filter((task) => task.listId === listId);
      return { data: { ...data, tasks: upsert(data.tasks, tasks) }, ids: tasks.map((task) => task.id) };
    }
    // The list's whole set of sections: an item whose section left it shows in none (./sections.ts).
    // A delete's event carries the items it took out, now in no section.
    case "sections_updated": {
      if (!Array.isArray(payload.sections)) return null;
      const carried: unknown[] = Array.isArray(payload.tasks) ? payload.tasks : [];
      const tasks = carried.filter(isTask).filter((task) => task.listId === listId);
      const sections = payload.sections.filter(isSection);
      return { data: { ...data, sections, tasks: upsert(data.tasks, tasks) }, ids: tasks.map((task) => task.id) };
    }
    case "list_updated":
      // Gone: the read answers 404 and the page leaves. Someone else's view may also have changed
      // with the link's level or expiry, which the event does not tell apart from a rename.
      if (payload.deleted || !data.isOwner) return "read";
      return typeof payload.name === "string" ? { data: { ...data, name: payload.name }, ids: [] } : null;
    default:
      return null;
  }
}

/** The list as an answer left it: its deleted items gone, its items as the server answered them. */
export function withAnswer(data: ListData, { tasks, deletedIds }: Answer): ListData {
  const kept = data.tasks.filter((task) => !deletedIds.includes(task.id));
  return { ...data, tasks: upsert(kept, tasks) };
}
