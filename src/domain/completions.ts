import type { EventBus } from "./bus";
import type { TaskDeletedPayload } from "../shared/tasks";
import type { Task } from "../shared/types";
import type { Store } from "../store";
import { requireOwner, requireWriteAccess } from "./access";
import { resolveTaskListAccess } from "./item-access";
import { actorOf, type ActingCaller } from "./actors";
import { announceProgress, progressAudience, publishEvents, recordListEvent } from "./events";

/** A read-level caller trying a reset is told so in the product's own words (docs/http-contract.md#routes). */
const RESET_NOT_ALLOWED = "You don't have permission to reset items in this shared list";

/** POST /api/tasks/clear-completed (owner only): a completed parent takes its children with it; a soft delete (docs/product-rules.md#undo-and-restore). */
export async function clearCompleted(
  store: Store,
  bus: EventBus,
  caller: ActingCaller,
  listId: number | undefined,
): Promise<TaskDeletedPayload> {
  const { payload, change } = await store.db.transaction(async (tx) => {
    const { list } = requireOwner(await resolveTaskListAccess(store, caller, listId, tx), "clear completed items");
    const payload: TaskDeletedPayload = { id: null, deletedIds: await store.tasks.deleteCompleted(list.id, Date.now(), caller, tx) };
    // Nothing deleted is no change, so no event.
    if (payload.deletedIds.length === 0) return { payload, change: undefined };
    const by = { actor: await actorOf(store, caller, tx), action: "cleared" };
    const event = await recordListEvent(store, tx, list, "task_deleted", payload, by);
    return { payload, change: { event, progress: await progressAudience(store, list, tx) } };
  });
  if (change) {
    await publishEvents(bus, [change.event]);
    await announceProgress(bus, change.progress);
  }
  return payload;
}

/** POST /api/tasks/reset-completions: every item, sub-items too, back to not completed. */
export async function resetCompletions(store: Store, bus: EventBus, caller: ActingCaller, listId: number | undefined): Promise<Task[]> {
  const { tasks, progress, event } = await store.db.transaction(async (tx) => {
    const { list } = requireWriteAccess(await resolveTaskListAccess(store, caller, listId, tx), RESET_NOT_ALLOWED);
    await store.tasks.resetCompletions(list.id, tx);
    const tasks = await store.tasks.listByList(list.id, tx);
    // Published even when nothing was completed: the request itself is the change clients confirm.
    const event = await recordListEvent(store, tx, list, "tasks_reset", { tasks }, { actor: await actorOf(store, caller, tx) });
    return { tasks, progress: await progressAudience(store, list, tx), event };
  });
  await publishEvents(bus, [event]);
  await announceProgress(bus, progress);
  return tasks;
}
