import type { EventBus } from "./bus";
import type { Task } from "../shared/types";
import type { Store } from "../store";
import { requireSignedInOrLink, requireWriteAccess } from "./access";
import { resolveRestoreAccess, TASK_NOT_FOUND } from "./item-access";
import { actorOf, type ActingCaller } from "./actors";
import { conflict, notFound } from "./errors";
import { announceProgress, progressAudience, publishEvents, recordListEvent } from "./events";
import { assertBelowItemLimit, nextPosition } from "./tasks";

/**
 * @module Undo (docs/product-rules.md#undo-and-restore): deleted items and lists are soft-deleted (their rows keep `deleted_at`)
 * so an Undo can bring them back; this module brings items back and purges what was deleted long
 * ago. Restoring a list is in ./lists.ts, beside its delete.
 */

/** How long a deleted item or list can still be restored before the purge removes it for good. */
export const DELETED_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * POST /api/tasks/restore: soft-deleted items of one list the caller may write come back as they
 * were (same id, position, completion), all or none; each is announced as `task_created`. A
 * sub-item comes back only with or under a live parent item. Only what the caller
 * deleted themselves (the same user, or a guest through the same link), or anything for the list's
 * owner; an id deleted by someone else answers as one that never was, at every level, so no
 * caller learns which ids are deleted.
 */
export async function restoreTasks(store: Store, bus: EventBus, caller: ActingCaller, ids: number[]): Promise<Task[]> {
  requireSignedInOrLink(caller);
  const wanted = [...new Set(ids)];
  const { tasks, progress, events } = await store.db.transaction(async (tx) => {
    const listId = (await store.tasks.findDeleted(wanted, tx))[0]?.listId;
    if (listId === undefined) throw notFound(TASK_NOT_FOUND);
    const { access, deletedBy } = await resolveRestoreAccess(store, caller, listId, tx);
    const deleted = await store.tasks.findDeleted(wanted, tx, deletedBy);
    if (deleted.length !== wanted.length || deleted.some((task) => task.listId !== listId)) throw notFound(TASK_NOT_FOUND);
    requireWriteAccess(access);
    await assertBelowItemLimit(store, listId, tx, deleted.length);
    const restoring = new Set(wanted);
    const moved = new Map<number, number>();
    let last: number | undefined;
    for (const task of deleted) {
      if (task.parentId === 0 || restoring.has(task.parentId)) continue;
      const parent = await store.tasks.findById(task.parentId, tx);
      if (!parent) throw notFound(TASK_NOT_FOUND);
      if (!parent.isParent || parent.parentId !== 0 || parent.listId !== listId) {
        throw conflict("This sub-item's parent is no longer a parent item", "INVALID_PARENT");
      }
      // Its parent was moved below it meanwhile: it goes last, since a sub-item never sorts above its parent.
      if (task.position <= parent.position) {
        last ??= Math.max(await nextPosition(store, listId, tx), ...deleted.map((item) => item.position + 1)) - 1;
        moved.set(task.id, ++last);
      }
    }
    // A purge (which takes no list lock) may have removed one meanwhile: then nothing is restored.
    if ((await store.tasks.restore(wanted, tx)) !== wanted.length) throw notFound(TASK_NOT_FOUND);
    for (const [id, position] of moved) await store.tasks.update(id, { position }, tx);
    // Parents before their sub-items: a sub-item always sorts after its parent.
    const tasks = deleted
      .map((task) => ({ ...task, position: moved.get(task.id) ?? task.position }))
      .sort((a, b) => a.position - b.position || a.id - b.id);
    const events = [];
    const by = { actor: await actorOf(store, caller, tx), action: "restored" };
    for (const task of tasks) events.push(await recordListEvent(store, tx, access.list, "task_created", task, by));
    return { tasks, progress: await progressAudience(store, access.list, tx), events };
  });
  await publishEvents(bus, events);
  await announceProgress(bus, progress);
  return tasks;
}

/**
 * Removes for good the items and lists deleted more than DELETED_KEPT_MS before `now` (a list's
 * items and shares go with it). Run at start and every hour by the server.
 */
export function purgeDeleted(store: Store, now = Date.now()): Promise<{ tasks: number; lists: number }> {
  const cutoff = now - DELETED_KEPT_MS;
  return store.db.transaction(async (tx) => ({
    tasks: await store.tasks.purgeDeletedBefore(cutoff, tx),
    lists: await store.lists.purgeDeletedBefore(cutoff, tx),
  }));
}
