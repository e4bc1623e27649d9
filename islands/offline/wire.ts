/**
 * @module The one request each of the list page's changes is sent as, online or replayed from the
 * queue, with its Idempotency-Key (docs/decisions/018-idempotency.md), and the one read of the
 * whole list, all through the islands' typed client. A tick is PATCH {completed}: the value the
 * box ends as, so a change sent twice after a lost answer cannot flip it back
 * (docs/decisions/031-one-list-store.md).
 */
import type { ListCan } from "../../src/shared/can";
import type { AccessLevel, Section, SharedListResponse, Task } from "../../src/shared/types";
import { ApiRequestError, client } from "../api";
import type { Answer, Change, ListTarget } from "./changes";

/** A share-link visitor or recipient sends the list's shareId on every call; the owner sends none. */
const linked = (t: ListTarget) => (t.shareId ? { shareId: t.shareId } : {});

/** The list as the server last told it. */
export interface ListData {
  name: string;
  tasks: Task[];
  accessLevel: AccessLevel;
  isOwner: boolean;
  /** What the caller may do here, as the server's access policy says. */
  can: ListCan;
  ownerName: string | null;
  /** Its sections in order (docs/decisions/060-sections-browser.md). */
  sections: Section[];
}

const listDataOf = (fresh: SharedListResponse): ListData => ({
  name: fresh.list.name,
  tasks: fresh.tasks,
  accessLevel: fresh.accessLevel,
  isOwner: fresh.isOwner,
  can: fresh.can,
  ownerName: fresh.ownerInfo?.username ?? null,
  sections: fresh.sections,
});

/** The whole list as the caller may see it: items, access level, what the caller may do. */
export const readList = async (t: ListTarget): Promise<ListData> =>
  listDataOf(await client.list[":id"].$get({ param: { id: t.listId }, query: linked(t) }));

const items = (tasks: Task[]): Answer => ({ tasks, deletedIds: [] });
const removed = (deletedIds: number[]): Answer => ({ tasks: [], deletedIds });

async function remove(t: ListTarget, id: number, idempotencyKey: string): Promise<Answer> {
  try {
    return removed((await client.tasks[":id"].$delete({ param: { id }, query: linked(t) }, { idempotencyKey })).deletedIds);
  } catch (error) {
    // A 404 means it is already gone, which is what was asked for, with nothing of ours to undo.
    if (!(error instanceof ApiRequestError && error.status === 404)) throw error;
    return removed([]);
  }
}

/** A change as its request; answers what the server now has, in one shape for every change. */
export async function sendChange(t: ListTarget, change: Change, idempotencyKey: string): Promise<Answer> {
  const keyed = { idempotencyKey };
  const query = linked(t);
  switch (change.kind) {
    case "tick":
    case "edit": {
      // Only the fields given: a concurrent change to another field of the item stays.
      const json = change.kind === "tick" ? { completed: change.completed } : change.fields;
      // A tick answers too the parent or sub-items it moved (docs/decisions/043-sub-item-ticks.md).
      const answer: Task & { alsoChanged?: Task[] } = await client.tasks[":id"].$patch({ param: { id: change.id }, query, json }, keyed);
      const { alsoChanged = [], ...task } = answer;
      return items([task, ...alsoChanged]);
    }
    case "add": {
      const { fields, parentId } = change;
      const json = { ...fields, isParent: parentId ? false : fields.isParent, listId: t.listId, completed: false, parentId };
      return items([await client.tasks.$post({ query, json }, keyed)]);
    }
    case "reorder":
      return items(
        (await client.tasks.reorder.$post({ query: t.shareId ? query : { listId: t.listId }, json: change.items }, keyed)).tasks,
      );
    case "delete":
      return remove(t, change.id, idempotencyKey);
    case "reset": {
      const { tasks, resetIds } = await client.tasks["reset-completions"].$post({ query, json: { listId: t.listId } }, keyed);
      return { ...items(tasks), resetIds };
    }
    case "unreset":
      return items((await client.tasks["restore-completions"].$post({ query, json: { listId: t.listId, ids: change.ids } }, keyed)).tasks);
    case "clear":
      return removed((await client.tasks["clear-completed"].$post({ query: { listId: t.listId } }, keyed)).deletedIds);
    case "bulk": {
      // All or nothing; under a parent the items come flat (the parser made them so).
      const pasted = change.items.map((item) => ({ ...item, children: [...item.children] }));
      const json = { listId: t.listId, ...(change.parentId ? { parentId: change.parentId } : {}), items: pasted };
      return items((await client.tasks.bulk.$post({ query, json }, keyed)).tasks);
    }
    case "restore":
      return items((await client.tasks.restore.$post({ query, json: { ids: change.ids } }, keyed)).tasks);
    default:
      // A list's own changes (a routine, Reset now, a new list) are rare: their requests come on first use.
      return (await import("./list-wire")).sendListChange(t, change, idempotencyKey);
  }
}
