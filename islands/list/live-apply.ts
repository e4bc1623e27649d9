/**
 * @module What a live event does to the list on screen (docs/decisions/031-one-list-store.md).
 * Every list event carries whole items, so it is applied to the server's snapshot as it comes;
 * only an event that may change what the caller may do, or whether the list is there at all,
 * asks for the list to be read again. Pure, for the unit tests.
 */
import type { ListCan } from "../../src/shared/can";
import type { LiveMessage } from "../../src/shared/live-messages";
import type { AccessLevel, Task } from "../../src/shared/types";
import { byPosition } from "./logic";

/** The list as the server last told it. */
export interface ListData {
  name: string;
  tasks: Task[];
  accessLevel: AccessLevel;
  isOwner: boolean;
  /** What the caller may do here, as the server's access policy says. */
  can: ListCan;
  ownerName: string | null;
}

/** The snapshot after the event and the items it named; `read` when only a fresh read can say. */
export type EventEffect = { data: ListData; ids: number[] } | "read" | null;

/** Events that only a read can follow: access given or taken, the list gone, a gap in what was heard. */
const READ_AGAIN = new Set(["resync", "share_added", "share_removed", "access_revoked"]);

const isTask = (value: unknown): value is Task =>
  typeof value === "object" && value !== null && typeof (value as Task).id === "number" && typeof (value as Task).title === "string";

const tasksIn = (payload: unknown): Task[] => {
  const tasks = (payload as { tasks?: unknown } | undefined)?.tasks;
  return Array.isArray(tasks) ? tasks.filter(isTask) : [];
};

/** The items with `changed` in place of (or beside) those of the same id, in position order. */
export function upsert(tasks: readonly Task[], changed: readonly Task[]): Task[] {
  const byId = new Map(changed.map((task) => [task.id, task]));
  const kept = tasks.map((task) => byId.get(task.id) ?? task);
  const known = new Set(tasks.map((task) => task.id));
  return [...kept, ...changed.filter((task) => !known.has(task.id))].sort(byPosition);
}

export function applyEvent(data: ListData, message: LiveMessage, listId: number): EventEffect {
  if (message.listId !== undefined && message.listId !== listId) return null;
  if (READ_AGAIN.has(message.type)) return "read";
  // A refused subscription: unshared, or the link reset before the socket got there.
  if (message.type === "error") return message.listId !== undefined || message.shareId ? "read" : null;
  const { payload } = message;
  switch (message.type) {
    case "task_created":
    case "task_updated": {
      if (!isTask(payload) || payload.listId !== listId) return null;
      return { data: { ...data, tasks: upsert(data.tasks, [payload]) }, ids: [payload.id] };
    }
    case "task_deleted": {
      const { id, deletedIds } = (payload ?? {}) as { id?: unknown; deletedIds?: unknown };
      const ids = [...(Array.isArray(deletedIds) ? deletedIds : []), id].filter((one): one is number => typeof one === "number");
      const gone = new Set(ids);
      return { data: { ...data, tasks: data.tasks.filter((task) => !gone.has(task.id) && !gone.has(task.parentId)) }, ids };
    }
    case "tasks_reordered":
    case "tasks_reset": {
      const tasks = tasksIn(payload).filter((task) => task.listId === listId);
      return { data: { ...data, tasks: upsert(data.tasks, tasks) }, ids: tasks.map((task) => task.id) };
    }
    case "list_updated": {
      const list = (payload ?? {}) as { name?: unknown; deleted?: unknown };
      // Gone: the read answers 404 and the page leaves. Someone else's view may also have changed
      // with the link's level or expiry, which the event does not tell apart from a rename.
      if (list.deleted || !data.isOwner) return "read";
      return typeof list.name === "string" ? { data: { ...data, name: list.name }, ids: [] } : null;
    }
    default:
      return null;
  }
}
