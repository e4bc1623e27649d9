/**
 * @module The list page's writes as data (docs/decisions/031-one-list-store.md): what each one
 * does to the items on screen, which items it names, and what becomes of it when the server
 * answers. Pure, so the rules are pinned by unit tests; the request each one is sent as is
 * ./wire.ts, the queue that keeps them across reloads ./outbox.ts.
 */
import type { PastedItem } from "../../src/shared/markdown-list";
import type { Task } from "../../src/shared/types";

/** The list a change is for. A share-link visitor or recipient sends the list's shareId on every call; the owner sends none. */
export interface ListTarget {
  listId: number;
  shareId: string | null;
}

export interface ItemFields {
  title: string;
  description: string;
  isParent: boolean;
  /** Left out, the item's stay as they are; null clears them (docs/decisions/056-due-dates-browser.md). */
  dueAt?: string | null;
  repeat?: string | null;
  /** When the list's other people are reminded of it: an instant with its offset (docs/decisions/055-due-dates.md). */
  remindAt?: string | null;
  /** How much, as typed ("2 l"); null clears it (docs/decisions/059-quick-add-memory.md). */
  quantity?: string | null;
  /** The list's section it goes in; left out of an add, the server puts it where the title was last (docs/decisions/059-quick-add-memory.md). */
  sectionId?: number | null;
}

/** A write that may wait for a network: absolute where it can be, so a tick says what the box ends as, never "flip it". */
export type QueuedChange =
  | { kind: "tick"; id: number; completed: boolean }
  | { kind: "add"; id: number; parentId: number; fields: ItemFields }
  | { kind: "edit"; id: number; fields: Partial<ItemFields> }
  | { kind: "reorder"; items: Array<{ id: number; position: number }> }
  | { kind: "delete"; id: number };

/**
 * Every write the list page makes. The last five act on the list as the server has it (all or
 * nothing, or on ids only the server knows), so they are sent at once or refused, never queued.
 */
export type Change =
  | QueuedChange
  | { kind: "reset" }
  | { kind: "clear"; ids: number[] }
  | { kind: "bulk"; parentId: number; items: readonly PastedItem[] }
  | { kind: "restore"; ids: number[] }
  /** A reset's Undo: ticks again the ids the reset unticked. */
  | { kind: "unreset"; ids: number[] };

export const mayWait = (change: Change): change is QueuedChange =>
  change.kind === "tick" || change.kind === "add" || change.kind === "edit" || change.kind === "reorder" || change.kind === "delete";

/** What the server answered to a change, in one shape: the items it now has, and those it removed. */
export interface Answer {
  tasks: Task[];
  deletedIds: number[];
  /** A reset's: the ids it unticked, which its Undo names. */
  resetIds?: number[];
}

/** A queued change. Its key is both its id in the queue and the Idempotency-Key it is sent with. */
export interface Entry {
  key: string;
  /** Whose queue: an account (`user:7`) or, for a share-link guest, the link (`link:abc`). */
  scope: string;
  /** Order of queuing: the queue replays by it. */
  seq: number;
  target: ListTarget;
  change: QueuedChange;
  /** The item's title when queued, to name it if the server refuses the change. */
  title: string;
}

/** Items added before the server answered have negative ids until it gives them theirs. */
export const isTemporaryId = (id: number) => id < 0;

/** The items a change names. */
export function idsOf(change: Change): number[] {
  switch (change.kind) {
    case "reorder":
      return change.items.map((item) => item.id);
    case "add":
      return change.parentId ? [change.id, change.parentId] : [change.id];
    case "tick":
    case "edit":
    case "delete":
      return [change.id];
    case "clear":
    case "restore":
    case "unreset":
      return change.ids;
    case "bulk":
      return change.parentId ? [change.parentId] : [];
    case "reset":
      return [];
  }
}

/** The same change naming the server's id `to` where it named the temporary id `from`. */
export function remapChange<C extends Change>(change: C, from: number, to: number): C {
  const swap = (id: number) => (id === from ? to : id);
  switch (change.kind) {
    case "reorder":
      return { ...change, items: change.items.map((item) => ({ ...item, id: swap(item.id) })) };
    case "add":
      return { ...change, id: swap(change.id), parentId: swap(change.parentId) };
    case "tick":
    case "edit":
    case "delete":
      return { ...change, id: swap(change.id) };
    case "bulk":
      return { ...change, parentId: swap(change.parentId) };
    default:
      return change;
  }
}

/**
 * What the change does to the items on screen before the server answers; applying it twice
 * changes nothing more. A paste and an Undo show what the server answers, not a guess.
 */
export function applyChange(tasks: readonly Task[], change: Change, listId: number): Task[] {
  switch (change.kind) {
    case "tick":
      return tasks.map((task) => (task.id === change.id ? { ...task, completed: change.completed } : task));
    case "edit":
      return tasks.map((task) => (task.id === change.id ? { ...task, ...change.fields } : task));
    case "delete":
      return tasks.filter((task) => task.id !== change.id && task.parentId !== change.id);
    case "clear":
      return tasks.filter((task) => !change.ids.includes(task.id));
    case "reset":
      return tasks.map((task) => (task.completed ? { ...task, completed: false } : task));
    case "unreset":
      return tasks.map((task) => (change.ids.includes(task.id) && !task.completed ? { ...task, completed: true } : task));
    case "reorder": {
      const positions = new Map(change.items.map((item) => [item.id, item.position]));
      return tasks.map((task) => (positions.has(task.id) ? { ...task, position: positions.get(task.id)! } : task));
    }
    case "add": {
      if (tasks.some((task) => task.id === change.id)) return tasks.slice();
      const position = tasks.reduce((max, task) => Math.max(max, task.position), 0) + 1;
      const {
        title,
        description,
        isParent,
        dueAt = null,
        repeat = null,
        remindAt = null,
        quantity = null,
        sectionId = null,
      } = change.fields;
      const added: Task = {
        id: change.id,
        title,
        description,
        dueAt,
        repeat,
        remindAt,
        quantity,
        sectionId: change.parentId ? null : sectionId,
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
    case "bulk":
    case "restore":
      return tasks.slice();
  }
}

/** The items as the server has them, with the changes still waiting laid over, in order. */
export function overlay(tasks: readonly Task[], changes: readonly Change[], listId: number): Task[] {
  return changes.reduce<Task[]>((current, change) => applyChange(current, change, listId), tasks.slice());
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
  // Any other 409 is another try of the same key still in progress (docs/decisions/018): its answer comes on the next.
  if (status === undefined || status >= 500 || status === 429 || status === 409) return { kind: "retry" };
  const name = `"${title}"`;
  if (status === 404 && change.kind !== "add") {
    // Deleting what is already gone is what was asked for.
    if (change.kind === "delete") return { kind: "done" };
    return { kind: "refused", reason: `${name} was deleted by someone else, so your change to it was not saved.` };
  }
  return { kind: "refused", reason: `${name} was not saved: ${message || `the server answered ${status}`}` };
}
