import type { EventBus } from "./bus";
import type { TaskDeletedPayload } from "../shared/tasks";
import type { Task, TaskList } from "../shared/types";
import type { Actor } from "../shared/attribution";
import type { Store } from "../store";
import type { Db } from "../store/db";
import type { StoredEvent } from "../store/events";
import { requireOwner, requireWriteAccess } from "./access";
import { resolveTaskListAccess } from "./item-access";
import { actorOf, type ActingCaller } from "./actors";
import { announceProgress, type ProgressAudience, progressAudience, publishEvents, recordListEvent } from "./events";

/** What a tick answers: the item, and the items the sub-item rule changed with it, when there are any. */
export type TickAnswer = Task & { alsoChanged?: Task[] };

/**
 * The sub-item tick rule (docs/decisions/043-sub-item-ticks.md), applied in the tick's own
 * transaction once `task` (as it now is) changed its mark: a ticked parent ticks its open
 * sub-items; the last open sub-item ticked ticks its parent; an unticked sub-item reopens a ticked
 * parent; an unticked parent changes nothing else. A ticked parent so never has an open sub-item.
 * Answers the other items it changed, each with its `task_updated` event carrying the whole item.
 */
export async function followTick(
  store: Store,
  tx: Db,
  list: TaskList,
  task: Task,
  actor: Actor | null,
): Promise<{ changed: Task[]; events: StoredEvent[] }> {
  let changed: Task[] = [];
  if (task.isParent && task.completed) {
    changed = await store.tasks.setCompleted(await store.tasks.childIdsMarked(task.id, false, tx), true, actor, tx);
  } else if (task.parentId !== 0) {
    const parent = await store.tasks.findById(task.parentId, tx);
    const flips = parent && parent.completed !== task.completed;
    // Ticking: only the last open sub-item closes the parent. Unticking: any sub-item reopens it.
    if (flips && (!task.completed || (await store.tasks.childIdsMarked(parent.id, false, tx)).length === 0)) {
      changed = await store.tasks.setCompleted([parent.id], task.completed, actor, tx);
    }
  }
  const events: StoredEvent[] = [];
  for (const item of changed) {
    const by = { actor, action: item.completed ? "ticked" : "unticked" };
    events.push(await recordListEvent(store, tx, list, "task_updated", item, by));
  }
  return { changed, events };
}

/** A read-level caller trying a reset is told so in the product's own words (docs/http-contract.md#routes). */
export const RESET_NOT_ALLOWED = "You don't have permission to reset items in this shared list";

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

/** What a reset answers: the list's items, and the ids it unticked, which its Undo names. */
export interface ResetAnswer {
  tasks: Task[];
  resetIds: number[];
}

/** A reset done inside a transaction: its answer, and what to announce once it commits (`announceReset`). */
export interface ListReset {
  answer: ResetAnswer;
  event: StoredEvent;
  progress: ProgressAudience;
}

/**
 * Every item of `list`, sub-items too, back to not completed, with its `tasks_reset` event, in the
 * caller's transaction: the one reset, whether a person asks for it or a routine runs
 * (docs/decisions/053-routines.md). `actor` null: nobody did it, the schedule did.
 */
export async function resetList(store: Store, tx: Db, list: TaskList, actor: Actor | null): Promise<ListReset> {
  const resetIds = await store.tasks.resetCompletions(list.id, tx);
  const tasks = await store.tasks.listByList(list.id, tx);
  // Published even when nothing was completed: the request itself is the change clients confirm.
  // The routine rides along: a scheduled run moved its next run, which open pages show without a read.
  const event = await recordListEvent(store, tx, list, "tasks_reset", { tasks, routine: list.routine }, { actor });
  return { answer: { tasks, resetIds }, event, progress: await progressAudience(store, list, tx) };
}

/** After a reset's transaction committed: its event to the list's followers, its counts to Home. */
export async function announceReset(bus: EventBus, reset: Pick<ListReset, "event" | "progress">): Promise<void> {
  await publishEvents(bus, [reset.event]);
  await announceProgress(bus, reset.progress);
}

/** POST /api/tasks/reset-completions: every item, sub-items too, back to not completed. */
export async function resetCompletions(
  store: Store,
  bus: EventBus,
  caller: ActingCaller,
  listId: number | undefined,
): Promise<ResetAnswer> {
  const reset = await store.db.transaction(async (tx) => {
    const { list } = requireWriteAccess(await resolveTaskListAccess(store, caller, listId, tx), RESET_NOT_ALLOWED);
    return resetList(store, tx, list, await actorOf(store, caller, tx));
  });
  await announceReset(bus, reset);
  return reset.answer;
}

/**
 * POST /api/tasks/restore-completions, a reset's Undo (docs/decisions/047-list-header.md): whoever
 * may reset ticks again the ids the reset answered, those still live and open; an item ticked,
 * deleted or moved to another list meanwhile is left as it is. Each is announced as `task_updated`.
 */
export async function restoreCompletions(
  store: Store,
  bus: EventBus,
  caller: ActingCaller,
  listId: number | undefined,
  ids: number[],
): Promise<Task[]> {
  const { tasks, progress, events } = await store.db.transaction(async (tx) => {
    const { list } = requireWriteAccess(await resolveTaskListAccess(store, caller, listId, tx), RESET_NOT_ALLOWED);
    const actor = await actorOf(store, caller, tx);
    const tasks = await store.tasks.restoreCompletions(list.id, [...new Set(ids)], actor, tx);
    const events: StoredEvent[] = [];
    for (const task of tasks) events.push(await recordListEvent(store, tx, list, "task_updated", task, { actor, action: "ticked" }));
    return { tasks, progress: tasks.length ? await progressAudience(store, list, tx) : null, events };
  });
  await publishEvents(bus, events);
  if (progress) await announceProgress(bus, progress);
  return tasks;
}
