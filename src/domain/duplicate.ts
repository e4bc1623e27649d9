/**
 * @module Duplicate and "New from template" (docs/decisions/054-duplicate-and-templates.md): a list
 * the caller may read becomes a new list of theirs with the same items, unticked, as a list they
 * would have made and filled themselves.
 */
import type { Task, TaskList } from "../shared/types";
import type { Store } from "../store";
import { findListAccess, LIST_NOT_FOUND } from "./access";
import { type ActingCaller, actorOf } from "./actors";
import { insertItemsInOrder } from "./bulk";
import { notFound } from "./errors";
import { insertOwnList } from "./lists";

/** The source's live items as a tree in its order, nothing ticked, parents kept even without sub-items. */
function untickedTree(tasks: readonly Task[]) {
  const copy = ({ title, description }: Task) => ({ title, description, completed: false });
  const childrenOf = new Map<number, Task[]>();
  for (const task of tasks) if (task.parentId !== 0) childrenOf.set(task.parentId, [...(childrenOf.get(task.parentId) ?? []), task]);
  return tasks
    .filter((task) => task.parentId === 0)
    .map((task) => ({ ...copy(task), isParent: task.isParent, children: (childrenOf.get(task.id) ?? []).map(copy) }));
}

/**
 * POST /api/task-lists/{id}/duplicate: anyone who may read the source (its owner, a recipient at any
 * level, a signed-in holder of its live link) gets a copy, since they could already export it and
 * import it. The copy has no shares and a fresh link; its items are the caller's ("Added by" them).
 * One transaction: refused by the list limit, nothing is stored. The source already holds at most
 * 100 items, so the copy is within the item limit too.
 */
export async function duplicateList(store: Store, caller: ActingCaller, sourceId: number, name: string): Promise<TaskList> {
  const userId = caller.userId!;
  return store.db.transaction(async (tx) => {
    const source = await findListAccess(store, caller, await store.lists.findById(sourceId, tx), tx);
    if (!source) throw notFound(LIST_NOT_FOUND);
    const list = await insertOwnList(store, userId, name, tx);
    const base = { listId: list.id, userId, createdBy: await actorOf(store, caller, tx) };
    await insertItemsInOrder(store, tx, base, untickedTree(await store.tasks.listByList(source.list.id, tx)), 0, 0);
    return list;
  });
}
