import type { EventBus } from "./bus";
import type { ReorderTasksInput } from "../shared/tasks";
import type { Task } from "../shared/types";
import type { Store } from "../store";
import type { Db } from "../store/db";
import { requireWriteAccess, type Caller, type ListAccess } from "./access";
import { resolveTaskAccess, resolveTaskListAccess, TASK_NOT_FOUND } from "./item-access";
import { badRequest, notFound } from "./errors";
import { publishEvents, recordListEvent } from "./events";
import { actorOf } from "./actors";

const byPosition = (a: Task, b: Task) => a.position - b.position || a.id - b.id;

/**
 * Sub-items cannot be dragged above their parent (docs/product-rules.md#sub-items). Rather than refusing a drag that
 * only moved top-level items (the client need not know where the children sit), the list is
 * normalised: top-level items in their order, each parent directly followed by its children
 * in theirs, then renumbered 0, 1, 2 … So a child can never end up before its parent.
 */
export function orderChildrenAfterParents(tasks: Task[]): Task[] {
  const ids = new Set(tasks.map((task) => task.id));
  const isTopLevel = (task: Task) => task.parentId === 0 || !ids.has(task.parentId);
  const childrenOf = new Map<number, Task[]>();
  for (const task of tasks) {
    if (isTopLevel(task)) continue;
    childrenOf.set(task.parentId, [...(childrenOf.get(task.parentId) ?? []), task]);
  }
  const ordered = tasks
    .filter(isTopLevel)
    .sort(byPosition)
    .flatMap((top) => [top, ...(childrenOf.get(top.id) ?? []).sort(byPosition)]);
  return ordered.map((task, index) => ({ ...task, position: index }));
}

/** The one list a reorder is about: named by shareId/listId, or else the list of its first item that still exists. */
async function reorderedListAccess(
  store: Store,
  caller: Caller,
  items: ReorderTasksInput,
  listId: number | undefined,
  tx: Db,
): Promise<ListAccess> {
  if (caller.shareId || listId !== undefined) return resolveTaskListAccess(store, caller, listId, tx);
  let first = items[0]!.id;
  for (const { id } of items) {
    if (await store.tasks.findById(id, tx)) {
      first = id;
      break;
    }
  }
  return (await resolveTaskAccess(store, caller, first, tx)).access;
}

/**
 * The named items of the list deleted since the order was made (Undo keeps their
 * rows): a queued offline reorder names them, and they are passed over, not refused.
 */
async function deletedMeanwhile(store: Store, listId: number, items: ReorderTasksInput, live: Map<number, Task>, tx: Db) {
  const missing = items.filter(({ id }) => !live.has(id)).map(({ id }) => id);
  if (missing.length === 0) return new Set<number>();
  return new Set((await store.tasks.findDeleted(missing, tx)).filter((task) => task.listId === listId).map((task) => task.id));
}

/**
 * POST /api/tasks/reorder: ids of one list the caller can write, applied in one transaction. An
 * item deleted meanwhile is passed over, so the items that remain take the order sent.
 */
export async function reorderTasks(
  store: Store,
  bus: EventBus,
  caller: Caller,
  items: ReorderTasksInput,
  listId?: number,
): Promise<Task[]> {
  const { tasks, event } = await store.db.transaction(async (tx) => {
    const { list } = requireWriteAccess(await reorderedListAccess(store, caller, items, listId, tx));
    const current = new Map((await store.tasks.listByListForUpdate(list.id, tx)).map((task) => [task.id, task]));
    const deleted = await deletedMeanwhile(store, list.id, items, current, tx);
    const requested = new Map<number, number>();
    for (const { id, position } of items) {
      // A shareId grants its own list only: an item of any other list is "not found".
      if (!current.has(id) && !deleted.has(id)) throw notFound(TASK_NOT_FOUND);
      if (requested.has(id)) throw badRequest("Each item may appear only once", "DUPLICATE_ITEM");
      requested.set(id, position);
    }
    const moved = [...current.values()].map((task) => ({ ...task, position: requested.get(task.id) ?? task.position })).sort(byPosition);
    // Positions are kept as sent while they stay one per item and keep each parent's children
    // right after it. A reorder sent from a stale view can give two items one position (two
    // clients swapping neighbours at once); then the whole list is renumbered.
    const normalised = orderChildrenAfterParents(moved);
    const distinct = new Set(moved.map((task) => task.position)).size === moved.length;
    const tasks = distinct && normalised.every((task, index) => task.id === moved[index]!.id) ? moved : normalised;
    const changed = tasks.filter((task) => current.get(task.id)!.position !== task.position);
    await store.tasks.setPositions(changed, tx);
    return {
      tasks,
      event: await recordListEvent(store, tx, list, "tasks_reordered", { tasks }, { actor: await actorOf(store, caller, tx) }),
    };
  });
  await publishEvents(bus, [event]);
  return tasks;
}
