import type { Task } from "../../src/shared/types";
import type { ItemFields } from "../offline/changes";

/** Pure rules of the list page (docs/product-rules.md#items), kept apart from React so unit tests can pin them down. */

/** The completion toast cuts a title at 50 characters and adds an ellipsis. */
export const COMPLETION_TITLE_MAX = 50;
export const truncateTitle = (title: string, max = COMPLETION_TITLE_MAX) => (title.length > max ? `${title.slice(0, max)}...` : title);

export const byPosition = (a: Task, b: Task) => a.position - b.position || a.id - b.id;

/** The items with `changed` in place of (or beside) those of the same id, in position order. */
export function upsert(tasks: readonly Task[], changed: readonly Task[]): Task[] {
  const byId = new Map(changed.map((task) => [task.id, task]));
  const kept = tasks.map((task) => byId.get(task.id) ?? task);
  const known = new Set(tasks.map((task) => task.id));
  return [...kept, ...changed.filter((task) => !known.has(task.id))].sort(byPosition);
}

/** The items one view shows: top-level items (parentId 0), or one parent's sub-items; by position. */
export const itemsOf = (tasks: readonly Task[], parentId: number) => tasks.filter((task) => task.parentId === parentId).sort(byPosition);

const collator = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });

/** 'Alphabetical': by title, case-insensitively; on equal titles incomplete items first. */
export function alphabetical(tasks: readonly Task[]): Task[] {
  return tasks.slice().sort((a, b) => collator.compare(a.title, b.title) || Number(a.completed) - Number(b.completed) || a.id - b.id);
}

/**
 * A drag among the *visible* rows (completed ones may be hidden) moved row `from` to `to`.
 * Answers the view's whole group in its new order, hidden items kept where they were relative to
 * the visible ones, with the group's own positions handed out again in that order. Reusing the
 * group's positions keeps sub-items after their parent in the list-wide order (docs/product-rules.md#sub-items).
 */
export function reorderGroup(group: readonly Task[], visible: readonly Task[], from: number, to: number): Task[] {
  const moved = visible[from];
  const target = visible[to];
  if (!moved || !target || from === to) return group.slice();
  const rest = group.filter((task) => task.id !== moved.id);
  const at = rest.findIndex((task) => task.id === target.id) + (from < to ? 1 : 0);
  const ordered = [...rest.slice(0, at), moved, ...rest.slice(at)];
  const positions = group.map((task) => task.position).sort((a, b) => a - b);
  // Positions should be distinct; if two collide, nudge upward so the new order is unambiguous.
  for (let i = 1; i < positions.length; i++) if (positions[i]! <= positions[i - 1]!) positions[i] = positions[i - 1]! + 1;
  return ordered.map((task, i) => ({ ...task, position: positions[i]! }));
}

/** The ids deleting item `id` removes: a deleted item takes its sub-items with it. */
export const deletedWith = (tasks: readonly Task[], id: number) =>
  new Set(tasks.filter((task) => task.id === id || task.parentId === id).map((task) => task.id));

export interface EmptyStateInput {
  total: number;
  shown: number;
  readOnly: boolean;
  inParentView: boolean;
}

/** The list page's empty states (docs/product-rules.md#screens), or null when there are rows to show. */
export function emptyStateText({ total, shown, readOnly, inParentView }: EmptyStateInput): string | null {
  if (shown > 0) return null;
  // A read-only visitor cannot add items, so is never invited to.
  if (readOnly) return "No items in this list.";
  if (total > 0) return "All items are completed. Add a new item or show completed items.";
  return inParentView ? "No tasks yet. Add your first task to get started!" : "Add your first item to get started.";
}

/** "Completed at the bottom": open items first, then completed ones (or those `done` names), each in the order given. */
export const completedLast = (tasks: readonly Task[], done = (task: Task) => task.completed) => [
  ...tasks.filter((task) => !done(task)),
  ...tasks.filter(done),
];

export interface ViewPrefs {
  showCompleted: boolean;
  completedLast: boolean;
  /** The "Done" group shows its rows. */
  doneOpen: boolean;
}

/**
 * The rows a view shows, in order, and how many items the "Done" group at their end holds, shown
 * or folded (docs/decisions/046-calm-ticks.md). `settled` are the items that count as done for
 * where rows stand: a row just ticked keeps its place until the person pauses.
 */
export function arrange(sorted: readonly Task[], prefs: ViewPrefs, settled: ReadonlySet<number>): { rows: Task[]; done: number } {
  const done = (task: Task) => settled.has(task.id);
  if (!prefs.showCompleted) return { rows: sorted.filter((task) => !done(task)), done: 0 };
  if (!prefs.completedLast) return { rows: sorted.slice(), done: 0 };
  const count = sorted.filter(done).length;
  return { rows: prefs.doneOpen ? completedLast(sorted, done) : sorted.filter((task) => !done(task)), done: count };
}

/** The fields of an edit that differ from the item as it is: only those are sent, so another person's change to another field stays. */
export function changedFields(task: Task, fields: Partial<ItemFields>): Partial<ItemFields> {
  const changed: Partial<ItemFields> = {};
  for (const name of ["title", "description", "isParent", "dueAt", "repeat", "remindAt", "quantity", "sectionId"] as const) {
    // An item from before due dates has none: undefined, as null.
    if (fields[name] !== undefined && fields[name] !== (task[name] ?? null)) Object.assign(changed, { [name]: fields[name] });
  }
  return changed;
}
