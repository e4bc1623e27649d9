import type { Task } from "../shared/types";
import type { Store } from "../store";
import type { Db } from "../store/db";
import {
  accessThrough,
  type Caller,
  canOf,
  findListAccess,
  LIST_NOT_FOUND,
  type ListAccess,
  requireSignedInOrLink,
  resolveListAccess,
  resolveReadAccess,
  resolveShareAccess,
} from "./access";
import { badRequest, notFound } from "./errors";

/**
 * @module How a call about items finds their list and the caller's access to it, by the one
 * policy of src/domain/access.ts (docs/product-rules.md#access): through the share link when the
 * call carries a shareId (a shareId grants its own list only), else through listId or the item
 * itself for a signed-in user. A caller who may not see the item gets 404 'Task not found'.
 */

export const TASK_NOT_FOUND = "Task not found";

/** Which list a task call names: by its shareId when it carries one, else by listId. */
function taskListTarget(caller: Caller, listId: number | undefined): { shareId: string } | { id: number } {
  requireSignedInOrLink(caller);
  if (caller.shareId) return { shareId: caller.shareId };
  if (listId === undefined) throw badRequest("listId or shareId is required");
  return { id: listId };
}

/** The caller's access to the list a task call names by shareId and/or listId (they must agree), or 404. */
export async function resolveTaskListAccess(store: Store, caller: Caller, listId: number | undefined, tx?: Db): Promise<ListAccess> {
  const target = taskListTarget(caller, listId);
  const access =
    "shareId" in target
      ? await resolveShareAccess(store, caller, target.shareId, tx)
      : await resolveListAccess(store, caller, target.id, tx);
  if (listId !== undefined && listId !== access.list.id) throw notFound(LIST_NOT_FOUND);
  return access;
}

/** `resolveTaskListAccess` for a read outside a transaction, through `resolveReadAccess`. */
export async function resolveTaskListReadAccess(store: Store, caller: Caller, listId: number | undefined) {
  const access = await resolveReadAccess(store, caller, taskListTarget(caller, listId));
  if (listId !== undefined && listId !== access.list.id) throw notFound(LIST_NOT_FOUND);
  return access;
}

/**
 * A member's access to the list an item is in, with its recipients, in one statement (decision
 * 026; docs/decisions/038-fast-writes.md); locked inside a transaction. Undefined when the item or
 * its list is gone or not theirs to see.
 */
async function memberAccessByItem(store: Store, caller: Caller, taskId: number, tx?: Db): Promise<ListAccess | undefined> {
  const found =
    Number.isSafeInteger(taskId) && taskId > 0 ? await store.lists.findByTask(taskId, caller.userId, tx, tx !== undefined) : undefined;
  const access = found && accessThrough(caller, found.list, found.grant, store.clock.now());
  return access && { ...access, recipientIds: found.recipientIds };
}

/**
 * Access to the list an item is in, for a write whose own statement says if the item is still
 * there (the toggle). A link's caller goes through `resolveTaskAccess`, for its answers to a dead
 * link. 404s as `resolveTaskAccess`.
 */
export async function resolveContainingListAccess(store: Store, caller: Caller, taskId: number, tx: Db): Promise<ListAccess> {
  requireSignedInOrLink(caller);
  if (caller.shareId) return (await resolveTaskAccess(store, caller, taskId, tx)).access;
  const access = await memberAccessByItem(store, caller, taskId, tx);
  if (!access) throw notFound(TASK_NOT_FOUND);
  return access;
}

/** The task and the caller's access to its list; 404 'Task not found' alike for a missing and an invisible task. */
export async function resolveTaskAccess(
  store: Store,
  caller: Caller,
  taskId: number,
  tx?: Db,
): Promise<{ task: Task; access: ListAccess }> {
  requireSignedInOrLink(caller);
  if (!caller.shareId) {
    // The list is read (and locked) first, so the item read after it is the one the write acts on.
    const access = await memberAccessByItem(store, caller, taskId, tx);
    const task = access && (await store.tasks.findById(taskId, tx));
    if (!task || task.listId !== access.list.id) throw notFound(TASK_NOT_FOUND);
    return { task, access };
  }
  const found = Number.isSafeInteger(taskId) && taskId > 0 ? await store.tasks.findById(taskId, tx) : undefined;
  const access = await resolveShareAccess(store, caller, caller.shareId, tx);
  // In a PostgreSQL write the list is locked only now: read the task again, so a delete or move
  // that committed in between is seen instead of acted on. SQLite's write began before the read.
  const task = tx?.dialect === "postgres" && found ? await store.tasks.findById(taskId, tx) : found;
  if (!task || task.listId !== access.list.id) throw notFound(TASK_NOT_FOUND);
  return { task, access };
}

/**
 * Access to the list an item call reaches by the item: the link's list when the call carries a
 * shareId (404 for a dead link), else list `listId` by membership, locked inside a transaction.
 */
async function itemListAccess(store: Store, caller: Caller, listId: number | undefined, tx?: Db): Promise<ListAccess | undefined> {
  if (caller.shareId) return resolveShareAccess(store, caller, caller.shareId, tx);
  return listId === undefined ? undefined : findListAccess(store, caller, await store.lists.findById(listId, tx, tx !== undefined), tx);
}

/**
 * POST /api/tasks/restore: the caller's access to the list deleted items were in, or 404 'Task
 * not found' (no caller learns which ids are deleted), and whose deletions they may bring back:
 * the owner anyone's, everyone else only their own (undefined: no such limit).
 */
export async function resolveRestoreAccess<C extends Caller>(
  store: Store,
  caller: C,
  listId: number,
  tx: Db,
): Promise<{ access: ListAccess; deletedBy: C | undefined }> {
  // The list is locked before its items are read again, as every other change to it does.
  const access = await itemListAccess(store, caller, listId, tx);
  if (!access || access.list.id !== listId) throw notFound(TASK_NOT_FOUND);
  return { access, deletedBy: canOf(access, caller).restoreAnyDeleted ? undefined : caller };
}
