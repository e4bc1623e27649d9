import type { Task } from "../shared/types";
import type { Store } from "../store";
import type { Db } from "../store/db";
import { findListAccess, LIST_NOT_FOUND, resolveListAccess, resolveShareAccess, type Caller, type ListAccess } from "./access";
import { badRequest, notFound, unauthorized } from "./errors";

/**
 * How a task call finds its list (DESIGN §5): through the share link when the call carries a
 * shareId (a shareId grants its own list only), else through listId for a signed-in user.
 */
export const TASK_NOT_FOUND = "Task not found";

/** A signed-out caller without a share link is asked to log in (SPEC §4 session recovery). */
function requireSignedInOrLink(caller: Caller): void {
  if (caller.userId === null && !caller.shareId) throw unauthorized();
}

/** The caller's access to the list a task call names by shareId and/or listId (they must agree), or 404. */
export async function resolveTaskListAccess(store: Store, caller: Caller, listId: number | undefined, tx?: Db): Promise<ListAccess> {
  requireSignedInOrLink(caller);
  if (caller.shareId) {
    const access = await resolveShareAccess(store, caller, caller.shareId, tx);
    if (listId !== undefined && listId !== access.list.id) throw notFound(LIST_NOT_FOUND);
    return access;
  }
  if (listId === undefined) throw badRequest("listId or shareId is required");
  return resolveListAccess(store, caller, listId, tx);
}

/** The task and the caller's access to its list; 404 'Task not found' alike for a missing and an invisible task. */
export async function resolveTaskAccess(store: Store, caller: Caller, taskId: number, tx?: Db): Promise<{ task: Task; access: ListAccess }> {
  requireSignedInOrLink(caller);
  const found = Number.isSafeInteger(taskId) && taskId > 0 ? await store.tasks.findById(taskId, tx) : undefined;
  const access = caller.shareId
    ? await resolveShareAccess(store, caller, caller.shareId, tx)
    : found && (await findListAccess(store, caller, await store.lists.findById(found.listId, tx, tx !== undefined), tx));
  // In a PostgreSQL write the list is locked only now: read the task again, so a delete or move
  // that committed in between is seen instead of acted on. SQLite's write began before the read.
  const task = tx?.dialect === "postgres" && found ? await store.tasks.findById(taskId, tx) : found;
  if (!task || !access || task.listId !== access.list.id) throw notFound(TASK_NOT_FOUND);
  return { task, access };
}
