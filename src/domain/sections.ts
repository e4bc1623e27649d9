/**
 * @module A list's sections (docs/decisions/057-memory.md): read by whoever may see the list,
 * changed by whoever may change its items, at most 30 a list, each name once. A position is an
 * index (docs/http-contract.md): every change numbers the list's sections 0..n-1 again under the
 * list's lock and records one `sections_updated` event carrying the whole set in that order, so a
 * page told of a move that shifted others learns all their new places.
 */
import type { CreateSectionInput, SectionDeleted, SectionsUpdatedPayload, UpdateSectionInput } from "../shared/memory";
import { MAX_SECTIONS_PER_LIST, SECTION_LIMIT_MESSAGE, SECTION_NAME_TAKEN, SECTION_NOT_FOUND } from "../shared/rules/memory";
import type { Section, Task, TaskList } from "../shared/types";
import type { Store } from "../store";
import type { Db } from "../store/db";
import { type Caller, findListAccess, requireSignedInOrLink, requireWriteAccess, resolveListAccess, resolveReadAccess } from "./access";
import { type ActingCaller, actorOf } from "./actors";
import type { EventBus } from "./bus";
import { conflict, forbidden, notFound } from "./errors";
import { publishEvents, recordListEvent } from "./events";

/** GET /api/task-lists/{id}/sections: from the list's kept snapshot, which every section change renews. */
export async function readSections(store: Store, caller: Caller, listId: number): Promise<Section[]> {
  const access = await resolveReadAccess(store, caller, { id: listId });
  return (await store.snapshots.read(access.list.id, access.latestEventId)).sections;
}

async function requireNameFree(store: Store, listId: number, name: string, exceptId: number, tx: Db): Promise<void> {
  if (await store.sections.findByName(listId, name, exceptId, tx)) throw conflict(SECTION_NAME_TAKEN, "SECTION_NAME_TAKEN");
}

/** Records the list's set after a change, told in the activity as `action` and `subject`, and answers the event to publish. */
async function recordSections(
  store: Store,
  tx: Db,
  list: TaskList,
  caller: ActingCaller,
  about: { action: string; subject: string },
  sections: Section[],
  tasks?: Task[],
) {
  const payload: SectionsUpdatedPayload & { tasks?: Task[] } = { sections, ...(tasks ? { tasks } : {}) };
  return recordListEvent(store, tx, list, "sections_updated", payload, { actor: await actorOf(store, caller, tx), ...about });
}

/** POST /api/task-lists/{id}/sections: last, or at index `position` when given (past the end: last). */
export async function createSection(
  store: Store,
  bus: EventBus,
  caller: ActingCaller,
  listId: number,
  input: CreateSectionInput,
): Promise<Section> {
  const { section, event } = await store.db.transaction(async (tx) => {
    const { list } = requireWriteAccess(await resolveListAccess(store, caller, listId, tx));
    if ((await store.sections.countInList(list.id, tx)) >= MAX_SECTIONS_PER_LIST)
      throw forbidden(SECTION_LIMIT_MESSAGE, "SECTION_LIMIT_REACHED");
    await requireNameFree(store, list.id, input.name, 0, tx);
    const added = await store.sections.insert(list.id, input.name, await store.sections.nextPosition(list.id, tx), store.clock.now(), tx);
    const move = input.position === undefined ? undefined : { id: added.id, index: input.position };
    const sections = await store.sections.renumber(list.id, tx, move);
    const section = sections.find((one) => one.id === added.id)!;
    const about = { action: "added section", subject: section.name };
    return { section, event: await recordSections(store, tx, list, caller, about, sections) };
  });
  await publishEvents(bus, [event]);
  return section;
}

/** The section and the caller's write access to its list; 404 "Section not found" for whoever may not see it. */
async function sectionForChange(store: Store, caller: Caller, sectionId: number, tx: Db) {
  requireSignedInOrLink(caller);
  const section = Number.isSafeInteger(sectionId) ? await store.sections.findById(sectionId, tx) : undefined;
  const list = section && (await store.lists.findById(section.listId, tx, true));
  const access = await findListAccess(store, caller, list, tx);
  if (!section || !access) throw notFound(SECTION_NOT_FOUND);
  return { section, list: requireWriteAccess(access).list };
}

/** PATCH /api/sections/{id}: a new name, a move to index `position` (past the end: last), or both; nothing changed tells nobody. */
export async function updateSection(
  store: Store,
  bus: EventBus,
  caller: ActingCaller,
  sectionId: number,
  input: UpdateSectionInput,
): Promise<Section> {
  const { answer, event } = await store.db.transaction(async (tx) => {
    const { section, list } = await sectionForChange(store, caller, sectionId, tx);
    // Read under the list's lock, so a move made meanwhile (or a delete) is seen.
    const order = await store.sections.listByList(list.id, tx);
    const from = order.findIndex((one) => one.id === section.id);
    if (from < 0) throw notFound(SECTION_NOT_FOUND);
    const before = order[from]!;
    const to = input.position === undefined ? from : Math.min(input.position, order.length - 1);
    const renamed = input.name !== undefined && input.name !== before.name;
    if (!renamed && to === from) return { answer: before, event: undefined };
    if (renamed) {
      await requireNameFree(store, list.id, input.name!, section.id, tx);
      await store.sections.rename(section.id, input.name!, tx);
    }
    const sections = await store.sections.renumber(list.id, tx, to === from ? undefined : { id: section.id, index: to });
    const answer = sections.find((one) => one.id === section.id)!;
    const about = renamed
      ? { action: "renamed section", subject: `${before.name} to ${answer.name}` }
      : { action: "moved section", subject: answer.name };
    return { answer, event: await recordSections(store, tx, list, caller, about, sections) };
  });
  if (event) await publishEvents(bus, [event]);
  return answer;
}

/**
 * DELETE /api/sections/{id}: its items, ticked ones too, are in no section from the same
 * transaction on; the event carries them as they are now, beside the set.
 */
export async function deleteSection(store: Store, bus: EventBus, caller: ActingCaller, sectionId: number): Promise<SectionDeleted> {
  const { answer, event } = await store.db.transaction(async (tx) => {
    const { section, list } = await sectionForChange(store, caller, sectionId, tx);
    const movedTaskIds = await store.sections.delete(section.id, tx);
    const moved = (await store.tasks.listByList(list.id, tx)).filter((task) => movedTaskIds.includes(task.id));
    const sections = await store.sections.renumber(list.id, tx);
    const event = await recordSections(store, tx, list, caller, { action: "deleted section", subject: section.name }, sections, moved);
    return { answer: { id: section.id, movedTaskIds }, event };
  });
  await publishEvents(bus, [event]);
  return answer;
}
