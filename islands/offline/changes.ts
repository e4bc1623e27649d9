/**
 * @module The list page's writes as data (docs/decisions/031-one-list-store.md): what each one
 * does to the items on screen, which items it names, and what becomes of it when the server
 * answers. Pure, so the rules are pinned by unit tests; the request each one is sent as is
 * ./wire.ts, the queue that keeps them across reloads ./outbox.ts.
 */
import type { PastedItem } from "../../src/shared/markdown-list";
import type { RoutineInput, RoutineRun } from "../../src/shared/routines";
import type { Task, TaskList } from "../../src/shared/types";

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
  | { kind: "delete"; id: number }
  /**
   * The list's routine as set (docs/decisions/067-offline-routines-and-copies.md): absolute, so the
   * rule queued last is the one the list ends with. `words` ("Every Sunday at 18:00") are kept for
   * the header's line while it waits, even across a reload; only `routine` is sent.
   */
  | { kind: "routine"; routine: RoutineInput | null; words: string | null }
  /** Reset now: unticks and records what is ticked when it reaches the server, after the changes queued before it. */
  | { kind: "run" }
  /** A new list of the caller's, its `id` temporary until saved: empty, or a copy of list `from`. Its target is that new list. */
  | { kind: "newList"; id: number; name: string; from: number | null };

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

const ALL_OR_NOTHING = new Set<Change["kind"]>(["reset", "clear", "bulk", "restore", "unreset"]);

export const mayWait = (change: Change): change is QueuedChange => !ALL_OR_NOTHING.has(change.kind);

/** What the server answered to a change, in one shape: the items it now has, and those it removed. */
export interface Answer {
  tasks: Task[];
  deletedIds: number[];
  /** A reset's: the ids it unticked, which its Undo names. */
  resetIds?: number[];
  /** A routine's or a new list's: the list as the server now has it. */
  list?: TaskList;
  /** Reset now's record of what was done. */
  run?: RoutineRun;
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
  /** The item's title when queued (a list's name for a list's change), to name it if the server refuses the change. */
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
    default:
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
    case "run":
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
    default:
      return tasks.slice();
  }
}

/** The items as the server has them, with the changes still waiting laid over, in order. */
export function overlay(tasks: readonly Task[], changes: readonly Change[], listId: number): Task[] {
  return changes.reduce<Task[]>((current, change) => applyChange(current, change, listId), tasks.slice());
}
