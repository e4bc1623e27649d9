/**
 * @module Duplicate and "New from template" (docs/decisions/054-duplicate-and-templates.md): a list
 * the caller may read becomes a new list of theirs with the same items, unticked, as a list they
 * would have made and filled themselves: its sections come too.
 */
import type { Task, TaskList } from "../shared/types";
import type { Store } from "../store";
import { findListAccess, LIST_NOT_FOUND } from "./access";
import { type ActingCaller, actorOf } from "./actors";
import { insertItemsInOrder } from "./bulk";
import { notFound } from "./errors";
import { insertOwnList, tellHomes } from "./lists";
import type { EventBus } from "./bus";

/**
 * The source's live items as a tree in its order, nothing ticked, parents kept even without
 * sub-items; each keeps its quantity, due date and repeat, and its section as the copy's section of
 * the same place. A reminder is not copied: it would tell everyone a second time.
 */
function untickedTree(tasks: readonly Task[], sectionIds: ReadonlyMap<number, number>) {
  const copy = ({ title, description, quantity, sectionId, dueAt, repeat }: Task) => ({
    title,
    description,
    quantity: quantity ?? null,
    dueAt: dueAt ?? null,
    repeat: repeat ?? null,
    sectionId: sectionId == null ? null : (sectionIds.get(sectionId) ?? null),
    completed: false,
  });
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
export async function duplicateList(store: Store, bus: EventBus, caller: ActingCaller, sourceId: number, name: string): Promise<TaskList> {
  const userId = caller.userId!;
  const copy = await store.db.transaction(async (tx) => {
    const source = await findListAccess(store, caller, await store.lists.findById(sourceId, tx), tx);
    if (!source) throw notFound(LIST_NOT_FOUND);
    const list = await insertOwnList(store, userId, name, tx);
    const base = { listId: list.id, userId, createdBy: await actorOf(store, caller, tx) };
    const sectionIds = new Map<number, number>();
    const now = store.clock.now();
    for (const section of await store.sections.listByList(source.list.id, tx)) {
      sectionIds.set(section.id, (await store.sections.insert(list.id, section.name, section.position, now, tx)).id);
    }
    await insertItemsInOrder(store, tx, base, untickedTree(await store.tasks.listByList(source.list.id, tx), sectionIds), 0, 0);
    return list;
  });
  await tellHomes(bus, [userId], copy.id);
  return copy;
}
