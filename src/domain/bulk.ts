import type { EventBus } from "../realtime/bus";
import { bulkItemCount, type BulkCreateTasksInput } from "../shared/tasks";
import type { Task } from "../shared/types";
import type { Store } from "../store";
import { requireWriteAccess, resolveTaskListAccess, type Caller } from "./access";
import { announceProgress, publishEvents, recordListEvent } from "./events";
import { assertBelowItemLimit, nextPosition, requireParentInSameList } from "./tasks";

/**
 * POST /api/tasks/bulk (DESIGN §11): a pasted list saved all or nothing, in one transaction. Items
 * follow the list's last one in the order given, each parent directly followed by its sub-items;
 * with `parentId` they all become sub-items of that parent. One `task_created` per item.
 */
export async function createTasksInBulk(store: Store, bus: EventBus, caller: Caller, input: BulkCreateTasksInput): Promise<Task[]> {
  const { tasks, list, events } = await store.db.transaction(async (tx) => {
    const { list } = requireWriteAccess(await resolveTaskListAccess(store, caller, input.listId, tx));
    await assertBelowItemLimit(store, list.id, tx, bulkItemCount(input.items));
    const parent = input.parentId === 0 ? undefined : await requireParentInSameList(store, list.id, input.parentId, tx);
    // Anonymous link visitors have no user row; their items belong to the list's owner.
    const base = { listId: list.id, userId: caller.userId ?? list.userId };
    let position = await nextPosition(store, list.id, tx);
    const tasks: Task[] = [];
    for (const { children, ...item } of input.items) {
      const task = await store.tasks.insert(
        { ...base, ...item, parentId: parent?.id ?? 0, isParent: !parent && children.length > 0, position: position++ },
        tx,
      );
      tasks.push(task);
      for (const child of children) {
        tasks.push(await store.tasks.insert({ ...base, ...child, parentId: task.id, isParent: false, position: position++ }, tx));
      }
    }
    const events = [];
    for (const task of tasks) events.push(await recordListEvent(store, tx, list, "task_created", task));
    return { tasks, list, events };
  });
  await publishEvents(bus, events);
  await announceProgress(store, bus, list);
  return tasks;
}
