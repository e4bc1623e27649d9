/**
 * @module The list page's writes as data (issue 14's outbox): what each one does to the items on
 * screen, which items it names, and what becomes of it when the server answers. Pure, so the
 * queue's rules are pinned by unit tests; the queue itself is ./outbox.ts.
 */
import type { Task } from "../../src/shared/types";
import type { ItemFields, ListTarget } from "../list/tasks-api";

/** One write, absolute where it can be: a tick says what the box ends as, never "flip it". */
export type Change =
  | { kind: "tick"; id: number; completed: boolean }
  | { kind: "add"; id: number; parentId: number; fields: ItemFields }
  | { kind: "edit"; id: number; fields: Partial<ItemFields> }
  | { kind: "reorder"; items: Array<{ id: number; position: number }> }
  | { kind: "delete"; id: number };

/** A queued change. Its key is both its id in the queue and the Idempotency-Key it is sent with. */
export interface Entry {
  key: string;
  /** Whose queue: an account (`user:7`) or, for a share-link guest, the link (`link:abc`). */
  scope: string;
  /** Order of queuing: the queue replays by it. */
  seq: number;
  target: ListTarget;
  change: Change;
  /** The item's title when queued, to name it if the server refuses the change. */
  title: string;
}

/** Items added offline have negative ids until the server gives them theirs. */
export const isTemporaryId = (id: number) => id < 0;

/** The items a change names. */
export function idsOf(change: Change): number[] {
  if (change.kind === "reorder") return change.items.map((item) => item.id);
  return change.kind === "add" && change.parentId ? [change.id, change.parentId] : [change.id];
}

/** The same change naming the server's id `to` where it named the temporary id `from`. */
export function remapChange(change: Change, from: number, to: number): Change {
  const swap = (id: number) => (id === from ? to : id);
  switch (change.kind) {
    case "reorder":
      return { ...change, items: change.items.map((item) => ({ ...item, id: swap(item.id) })) };
    case "add":
      return { ...change, id: swap(change.id), parentId: swap(change.parentId) };
    default:
      return { ...change, id: swap(change.id) };
  }
}

/** What the change does to the items on screen; applying it twice changes nothing more. */
export function applyChange(tasks: readonly Task[], change: Change, listId: number): Task[] {
  switch (change.kind) {
    case "tick":
      return tasks.map((task) => (task.id === change.id ? { ...task, completed: change.completed } : task));
    case "edit":
      return tasks.map((task) => (task.id === change.id ? { ...task, ...change.fields } : task));
    case "delete":
      return tasks.filter((task) => task.id !== change.id && task.parentId !== change.id);
    case "reorder": {
      const positions = new Map(change.items.map((item) => [item.id, item.position]));
      return tasks.map((task) => (positions.has(task.id) ? { ...task, position: positions.get(task.id)! } : task));
    }
    case "add": {
      if (tasks.some((task) => task.id === change.id)) return tasks.slice();
      const position = tasks.reduce((max, task) => Math.max(max, task.position), 0) + 1;
      const { title, description, isParent } = change.fields;
      const added: Task = {
        id: change.id,
        title,
        description,
        isParent: change.parentId ? false : isParent,
        completed: false,
        position,
        listId,
        userId: 0,
        parentId: change.parentId,
        createdAt: new Date().toISOString(),
      };
      return [...tasks, added];
    }
  }
}

/** The items as the server answered them, with this list's still-queued changes laid over, in order. */
export function overlay(tasks: readonly Task[], entries: readonly Entry[], listId: number): Task[] {
  return entries
    .filter((entry) => entry.target.listId === listId)
    .reduce<Task[]>((current, entry) => applyChange(current, entry.change, listId), tasks.slice());
}

/** What the server's answer (or its absence) means for a queued change. */
export type Verdict =
  | { kind: "done" }
  /** No answer, or the server is struggling: keep it, and the rest behind it, for the next try. */
  | { kind: "retry" }
  /** Refused for good: dropped, and the person is told why. */
  | { kind: "refused"; reason: string };

export interface Failure {
  /** Absent when no answer came at all (a network failure). */
  status?: number;
  message?: string;
  /** The server's error code, e.g. IDEMPOTENCY_KEY_ANSWER_LOST. */
  code?: string;
}

/** Decision 018: the change was saved, but the server lost the answer it would have replayed. */
const ANSWER_LOST = "IDEMPOTENCY_KEY_ANSWER_LOST";

export function verdictFor(change: Change, failure: Failure | null, title: string): Verdict {
  if (!failure) return { kind: "done" };
  const { status, message, code } = failure;
  // Saved, so never sent again; the list is read afresh after the replay, which shows it.
  if (status === 409 && code === ANSWER_LOST) {
    return { kind: "refused", reason: `"${title}" was saved, but the server lost its answer; the list has been read again.` };
  }
  // Any other 409 is another try of the same key still in progress (DESIGN §11): its answer comes on the next.
  if (status === undefined || status >= 500 || status === 429 || status === 409) return { kind: "retry" };
  const name = `"${title}"`;
  if (status === 404 && change.kind !== "add") {
    // Deleting what is already gone is what was asked for.
    if (change.kind === "delete") return { kind: "done" };
    return { kind: "refused", reason: `${name} was deleted by someone else, so your change to it was not saved.` };
  }
  return { kind: "refused", reason: `${name} was not saved: ${message || `the server answered ${status}`}` };
}
