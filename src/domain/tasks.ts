import type { EventBus } from "./bus";
import {
  ITEM_LIMIT_MESSAGE,
  MAX_ITEMS_PER_LIST,
  type CreateTaskInput,
  type TaskDeletedPayload,
  type UpdateTaskInput,
} from "../shared/tasks";
import type { ParentTaskResponse, Task } from "../shared/types";
import type { Store } from "../store";
import type { Db } from "../store/db";
import type { TaskChanges } from "../store/task-rows";
import { type Caller, requireTaskUpdateAccess, requireTickAccess, requireWriteAccess } from "./access";
import {
  resolveContainingListAccess,
  resolveTaskAccess,
  resolveTaskListAccess,
  resolveTaskListReadAccess,
  TASK_NOT_FOUND,
} from "./item-access";
import { actorOf, type ActingCaller } from "./actors";
import { badRequest, forbidden, notFound } from "./errors";
import { followTick, type TickAnswer } from "./completions";
import { announceProgress, progressAudience, publishEvents, recordListEvent } from "./events";
import { placeItems, rememberSection, rememberUses, requireSectionsOfList } from "./memory";
import { requireRepeatComesRound, tickRepeating, ticksRepeating } from "./repeats";

/**
 * The 101st live item of a list (sub-items count) is refused, whether one item or
 * `adding` at once would pass the limit. Call inside the list's lock.
 */
export async function assertBelowItemLimit(store: Store, listId: number, tx: Db, adding = 1): Promise<void> {
  if ((await store.tasks.countInList(listId, tx)) + adding > MAX_ITEMS_PER_LIST) throw forbidden(ITEM_LIMIT_MESSAGE, "ITEM_LIMIT_REACHED");
}

/** A sub-item's parent must be a parent item of the same list: one level of nesting (docs/product-rules.md#sub-items). */
export async function requireParentInSameList(store: Store, listId: number, parentId: number, tx: Db): Promise<Task> {
  const parent = await store.tasks.findById(parentId, tx);
  if (!parent || parent.listId !== listId || !parent.isParent || parent.parentId !== 0) {
    throw badRequest("The parent must be a parent item of the same list", "INVALID_PARENT");
  }
  return parent;
}

/** Sub-items cannot be dragged above their parent: a sub-item always sorts after it (docs/product-rules.md#sub-items). */
export function requirePositionAfterParent(position: number, parent: Task): void {
  if (position <= parent.position) throw badRequest("A sub-item cannot be placed before its parent", "SUBITEM_BEFORE_PARENT");
}

/** Position defaults to the highest existing position plus 1, or 0 in an empty list (docs/product-rules.md#items). */
export async function nextPosition(store: Store, listId: number, tx: Db): Promise<number> {
  const max = await store.tasks.maxPosition(listId, tx);
  return max === null ? 0 : max + 1;
}

/** GET /api/tasks: every item of the list (with its JSON, kept until the list changes), the top level (parentId 0), or one parent's children. */
export async function readTasks(
  store: Store,
  caller: Caller,
  listId: number | undefined,
  parentId?: number,
): Promise<{ tasks: Task[]; json?: string }> {
  const { list, latestEventId } = await resolveTaskListReadAccess(store, caller, listId);
  if (parentId === undefined) return store.snapshots.read(list.id, latestEventId);
  if (parentId === 0) return { tasks: (await store.snapshots.read(list.id, latestEventId)).tasks.filter((task) => task.parentId === 0) };
  const parent = await store.tasks.findById(parentId);
  if (!parent || parent.listId !== list.id) throw notFound(TASK_NOT_FOUND);
  return { tasks: await store.tasks.listChildren(parent.id) };
}

/** GET /api/tasks/parent/{id}: the parent task response (docs/http-contract.md#shapes). */
export async function readParentView(store: Store, caller: Caller, parentId: number, listId?: number): Promise<ParentTaskResponse> {
  const { task, access } = await resolveTaskAccess(store, caller, parentId);
  if (listId !== undefined && listId !== task.listId) throw notFound(TASK_NOT_FOUND);
  return { parent: task, children: await store.tasks.listChildren(task.id), isOwner: access.isOwner, accessLevel: access.level };
}

export async function createTask(store: Store, bus: EventBus, caller: ActingCaller, input: CreateTaskInput): Promise<Task> {
  const { task, progress, events } = await store.db.transaction(async (tx) => {
    const { list } = requireWriteAccess(await resolveTaskListAccess(store, caller, input.listId, tx));
    const actor = await actorOf(store, caller, tx);
    requireRepeatComesRound(store, input.repeat);
    await assertBelowItemLimit(store, list.id, tx);
    const parent = input.parentId === 0 ? undefined : await requireParentInSameList(store, list.id, input.parentId, tx);
    if (parent && input.position !== undefined) requirePositionAfterParent(input.position, parent);
    // A sub-item lives under its parent: its section is always none.
    const [{ sectionId }] = parent ? [{ sectionId: null }] : await placeItems(store, list.id, [input], tx);
    const task = await store.tasks.insert(
      {
        listId: list.id,
        // Anonymous link visitors have no user row; their items belong to the list's owner.
        userId: caller.userId ?? list.userId,
        parentId: parent?.id ?? 0,
        title: input.title,
        description: input.description,
        completed: input.completed,
        // "Sub-items created always have isParent false" (docs/product-rules.md#sub-items).
        isParent: parent ? false : input.isParent,
        position: input.position ?? (await nextPosition(store, list.id, tx)),
        createdBy: actor,
        dueAt: input.dueAt,
        remindAt: input.remindAt,
        repeat: input.repeat,
        quantity: input.quantity,
        sectionId,
      },
      tx,
    );
    await rememberUses(store, tx, [task]);
    const event = await recordListEvent(store, tx, list, "task_created", task, { actor });
    // A sub-item added open reopens a ticked parent; added ticked as the last open one, it ticks it.
    // The answer stays the created item: the parent's change reaches the page as its event.
    const followed = parent ? (await followTick(store, tx, list, task, actor)).events : [];
    return { task, progress: await progressAudience(store, list, tx), events: [event, ...followed] };
  });
  await publishEvents(bus, events);
  await announceProgress(bus, progress);
  return task;
}

/** Works out the row changes of a PATCH, enforcing the nesting rules against the stored task. */
async function planTaskUpdate(store: Store, task: Task, input: UpdateTaskInput, tx: Db): Promise<TaskChanges> {
  const { title, description, completed, position, dueAt, remindAt, repeat, quantity, sectionId } = input;
  const changes: TaskChanges = { title, description, completed, position, dueAt, remindAt, repeat, quantity, sectionId };
  const parentId = input.parentId ?? task.parentId;
  // Sub-items matter only to a change of nesting or place: a tick or a rename of a parent counts none.
  const reshapes = input.parentId !== undefined || input.isParent !== undefined || input.position !== undefined;
  const childCount = task.isParent && reshapes ? await store.tasks.countChildren(task.id, tx) : 0;
  if (parentId === task.id) throw badRequest("An item cannot be its own parent", "INVALID_PARENT");
  if (parentId !== 0 && childCount > 0) throw badRequest("An item with sub-items cannot become a sub-item", "HAS_SUBITEMS");
  const parent = parentId === 0 ? undefined : await requireParentInSameList(store, task.listId, parentId, tx);
  // Sub-items are never parents, so moving an item under a parent makes it a plain item.
  const isParent = parent ? false : (input.isParent ?? task.isParent);
  if (!isParent && childCount > 0) {
    throw badRequest("Move or delete its sub-items before making this a regular item", "HAS_SUBITEMS");
  }
  // A sub-item's section is always none, whatever was sent (docs/decisions/057-memory.md).
  if (parent) changes.sectionId = null;
  else await requireSectionsOfList(store, task.listId, [sectionId], tx);
  if (parentId !== task.parentId) changes.parentId = parentId;
  if (isParent !== task.isParent) changes.isParent = isParent;
  if (parent && input.position !== undefined) requirePositionAfterParent(input.position, parent);
  if (parent && input.position === undefined && task.position <= parent.position) {
    changes.position = await nextPosition(store, task.listId, tx);
  }
  if (childCount > 0 && input.position !== undefined) {
    const firstChild = Math.min(...(await store.tasks.listChildren(task.id, tx)).map((child) => child.position));
    if (input.position >= firstChild) {
      throw badRequest("A parent item cannot be placed after its sub-items; reorder the list instead", "PARENT_AFTER_SUBITEMS");
    }
  }
  return changes;
}

/** The changes that differ from the stored task, or undefined when there are none. */
function changedFields(task: Task, changes: TaskChanges): TaskChanges | undefined {
  const differing = (Object.keys(changes) as Array<Exclude<keyof TaskChanges, "by" | "completedBy">>).filter(
    (field) => changes[field] !== undefined && changes[field] !== task[field],
  );
  return differing.length > 0 ? Object.fromEntries(differing.map((field) => [field, changes[field]])) : undefined;
}

/** How the activity panel tells a change: a tick alone is "ticked" or "unticked", anything else "edited". */
const updateAction = (changes: TaskChanges) =>
  Object.keys(changes).length === 1 && changes.completed !== undefined ? (changes.completed ? "ticked" : "unticked") : "edited";

/** PATCH /api/tasks/{id}; a change of mark follows the sub-item tick rule (`followTick`) and answers the items it changed too. */
export async function updateTask(
  store: Store,
  bus: EventBus,
  caller: ActingCaller,
  taskId: number,
  input: UpdateTaskInput,
): Promise<TickAnswer> {
  const { answer, progress, events } = await store.db.transaction(async (tx) => {
    const { task: stored, access } = await resolveTaskAccess(store, caller, taskId, tx);
    requireTaskUpdateAccess(access, input);
    requireRepeatComesRound(store, input.repeat);
    // A tick of a repeating item moves its due date instead, after the PATCH's other changes.
    const repeating = ticksRepeating(stored, input);
    const changes = changedFields(stored, await planTaskUpdate(store, stored, repeating ? { ...input, completed: undefined } : input, tx));
    // `completed` sets the tick, so a replayed offline tick that is already so changes nothing and tells nobody (docs/http-contract.md#idempotency-key).
    if (!changes && !repeating) return { answer: stored, progress: undefined, events: [] };
    const actor = await actorOf(store, caller, tx);
    const task = changes ? (await store.tasks.update(stored.id, { ...changes, completedBy: actor, by: actor }, tx))! : stored;
    const edited = changes
      ? [await recordListEvent(store, tx, access.list, "task_updated", task, { actor, action: updateAction(changes) })]
      : [];
    const ticked = repeating ? await tickRepeating(store, tx, access.list, stored.id, actor) : undefined;
    if (changes?.sectionId !== undefined) await rememberSection(store, tx, task);
    if (ticked || (task.completed && !stored.completed)) await rememberUses(store, tx, [ticked?.task ?? task]);
    if (ticked) return { answer: ticked.task, progress: undefined, events: [...edited, ticked.event] };
    if (task.completed === stored.completed) return { answer: task, progress: undefined, events: edited };
    const followed = await followTick(store, tx, access.list, task, actor);
    return {
      answer: withAlsoChanged(task, followed.changed),
      progress: await progressAudience(store, access.list, tx, access.recipientIds),
      events: [...edited, ...followed.events],
    };
  });
  if (events.length > 0) await publishEvents(bus, events);
  if (progress) await announceProgress(bus, progress);
  return answer;
}

/** POST /api/tasks/{id}/toggle: flips the mark, then the sub-item tick rule (`followTick`). */
export async function toggleTask(store: Store, bus: EventBus, caller: ActingCaller, taskId: number): Promise<TickAnswer> {
  const { answer, progress, events } = await store.db.transaction(async (tx) => {
    const access = requireTickAccess(await resolveContainingListAccess(store, caller, taskId, tx));
    const actor = await actorOf(store, caller, tx);
    const task = await store.tasks.toggle(taskId, access.list.id, actor, tx);
    if (!task) {
      const repeated = await tickRepeating(store, tx, access.list, taskId, actor);
      if (!repeated) throw notFound(TASK_NOT_FOUND);
      await rememberUses(store, tx, [repeated.task]);
      return { answer: repeated.task, progress: undefined, events: [repeated.event] };
    }
    if (task.completed) await rememberUses(store, tx, [task]);
    const by = { actor, action: task.completed ? "ticked" : "unticked" };
    const event = await recordListEvent(store, tx, access.list, "task_updated", task, by);
    const followed = await followTick(store, tx, access.list, task, actor);
    return {
      answer: withAlsoChanged(task, followed.changed),
      progress: await progressAudience(store, access.list, tx, access.recipientIds),
      events: [event, ...followed.events],
    };
  });
  await publishEvents(bus, events);
  if (progress) await announceProgress(bus, progress);
  return answer;
}

/** The answer keeps the item's own shape; `alsoChanged` is there only when the rule changed others. */
const withAlsoChanged = (task: Task, changed: Task[]): TickAnswer => (changed.length > 0 ? { ...task, alsoChanged: changed } : task);

/** Deleting a parent deletes its children, in one transaction (docs/product-rules.md#sub-items); a soft delete, undone by `restoreTasks`. */
export async function deleteTask(store: Store, bus: EventBus, caller: ActingCaller, taskId: number): Promise<TaskDeletedPayload> {
  const { payload, progress, event } = await store.db.transaction(async (tx) => {
    const { task, access } = await resolveTaskAccess(store, caller, taskId, tx);
    requireWriteAccess(access);
    const by = { actor: await actorOf(store, caller, tx), subject: task.title };
    const payload: TaskDeletedPayload = { id: task.id, deletedIds: await store.tasks.deleteWithChildren(task.id, Date.now(), caller, tx) };
    const event = await recordListEvent(store, tx, access.list, "task_deleted", payload, by);
    return { payload, progress: await progressAudience(store, access.list, tx, access.recipientIds), event };
  });
  await publishEvents(bus, [event]);
  await announceProgress(bus, progress);
  return payload;
}
