import type { EventBus } from "./bus";
import { bulkItemCount, type BulkCreateTasksInput } from "../shared/tasks";
import type { Task } from "../shared/types";
import type { Store } from "../store";
import type { Db } from "../store/db";
import type { NewTask } from "../store/task-rows";
import { requireWriteAccess, type Caller } from "./access";
import { resolveTaskListAccess } from "./item-access";
import { announceProgress, progressAudience, publishEvents, recordListEvent } from "./events";
import { actorOf } from "./actors";
import { followTick } from "./completions";
import { placeItems, rememberUses } from "./memory";
import { requireRepeatComesRound } from "./repeats";
import { assertBelowItemLimit, nextPosition, requireParentInSameList } from "./tasks";

/**
 * POST /api/tasks/bulk (docs/product-rules.md#export-and-import): a pasted list saved all or nothing, in one transaction. Items
 * follow the list's last one in the order given, each parent directly followed by its sub-items;
 * with `parentId` they all become sub-items of that parent. One `task_created` per item.
 */
export async function createTasksInBulk(store: Store, bus: EventBus, caller: Caller, input: BulkCreateTasksInput): Promise<Task[]> {
  const { tasks, progress, events } = await store.db.transaction(async (tx) => {
    const { list } = requireWriteAccess(await resolveTaskListAccess(store, caller, input.listId, tx));
    await assertBelowItemLimit(store, list.id, tx, bulkItemCount(input.items));
    const parent = input.parentId === 0 ? undefined : await requireParentInSameList(store, list.id, input.parentId, tx);
    // Anonymous link visitors have no user row; their items belong to the list's owner.
    const actor = await actorOf(store, caller, tx);
    const base = { listId: list.id, userId: caller.userId ?? list.userId, createdBy: actor };
    // Under a parent they are all sub-items, which have no section.
    const items = parent ? input.items : await placeItems(store, list.id, input.items, tx);
    const tasks = await insertItemsInOrder(store, tx, base, items, parent?.id ?? 0, await nextPosition(store, list.id, tx));
    await rememberUses(store, tx, tasks);
    const events = [];
    for (const task of tasks) events.push(await recordListEvent(store, tx, list, "task_created", task, { actor }));
    // Under a ticked parent an open item reopens it; all ticked and no open one left, they tick it.
    const deciding = tasks.find((task) => !task.completed) ?? tasks.at(-1);
    if (parent && deciding) events.push(...(await followTick(store, tx, list, deciding, actor)).events);
    return { tasks, progress: await progressAudience(store, list, tx), events };
  });
  await publishEvents(bus, events);
  await announceProgress(bus, progress);
  return tasks;
}

/**
 * Inserts items in the order given from `position` on, each parent directly followed by its
 * sub-items; under `parentId` (not 0) they all become that parent's sub-items. The caller's
 * transaction makes it all or nothing; bulk adds, imports (./exchange.ts) and copies (./duplicate.ts) share it.
 */
export async function insertItemsInOrder(
  store: Store,
  tx: Db,
  base: Pick<NewTask, "listId" | "userId" | "createdBy">,
  items: ReadonlyArray<BulkCreateTasksInput["items"][number] & { isParent?: boolean }>,
  parentId: number,
  position: number,
): Promise<Task[]> {
  const tasks: Task[] = [];
  for (const { children, ...item } of items) {
    for (const each of [item, ...children]) requireRepeatComesRound(store, each.repeat);
    // A copied list keeps its parents without sub-items as parents; elsewhere sub-items make one.
    const isParent = parentId === 0 && (item.isParent ?? children.length > 0);
    const task = await store.tasks.insert({ ...base, ...item, parentId, isParent, position: position++ }, tx);
    tasks.push(task);
    for (const child of children) {
      tasks.push(await store.tasks.insert({ ...base, ...child, parentId: task.id, isParent: false, position: position++ }, tx));
    }
  }
  return tasks;
}
