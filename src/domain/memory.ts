/**
 * @module A list's memory on its items (docs/decisions/057-memory.md): an item's section must be
 * one of its list's, an item added without one goes where its title last was, and every add and
 * tick to done is remembered, in the change's own transaction. Sub-items have no section and are
 * not remembered: they live under their parent.
 */
import { SECTION_ID_MESSAGE } from "../shared/rules/memory";
import { titleKey, wordsKey } from "../shared/title-keys";
import type { Task } from "../shared/types";
import type { Store } from "../store";
import type { Db } from "../store/db";
import { badRequest } from "./errors";

/** Each of `ids` that is not null must be a section of list `listId` (400 otherwise, nothing changed). */
export async function requireSectionsOfList(store: Store, listId: number, ids: Array<number | null | undefined>, tx: Db): Promise<void> {
  for (const id of new Set(ids)) {
    if (id != null && !(await store.sections.isInList(id, listId, tx))) throw badRequest(SECTION_ID_MESSAGE, "INVALID_SECTION");
  }
}

/**
 * Top-level items as they will be inserted: a given section checked, and an item sent without
 * the `sectionId` key placed in the section its title was last in, if that section still
 * exists (learned placement). `sectionId: null` stays in no section.
 */
export async function placeItems<T extends { title: string; sectionId?: number | null }>(
  store: Store,
  listId: number,
  items: readonly T[],
  tx: Db,
): Promise<T[]> {
  await requireSectionsOfList(
    store,
    listId,
    items.map((item) => item.sectionId),
    tx,
  );
  const unplaced = items.filter((item) => item.sectionId === undefined).map((item) => titleKey(item.title));
  const learned = await store.memory.sectionsOf(listId, [...new Set(unplaced)], tx);
  return items.map((item) => (item.sectionId === undefined ? { ...item, sectionId: learned.get(titleKey(item.title)) ?? null } : item));
}

/** Remembers a use of each top-level item as it is now (an add, or a tick to done). */
export async function rememberUses(store: Store, tx: Db, tasks: readonly Task[]): Promise<void> {
  const at = store.clock.now();
  for (const task of tasks) {
    if (task.parentId !== 0) continue;
    const use = { titleKey: titleKey(task.title), words: wordsKey(task.title), title: task.title };
    await store.memory.recordUse(task.listId, { ...use, quantity: task.quantity ?? null, sectionId: task.sectionId ?? null }, at, tx);
  }
}

/** An item moved to another section by an edit: its title is remembered there (no use is counted). */
export async function rememberSection(store: Store, tx: Db, task: Task): Promise<void> {
  if (task.parentId === 0) await store.memory.setSection(task.listId, titleKey(task.title), task.sectionId ?? null, tx);
}
