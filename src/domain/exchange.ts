/**
 * @module Export and import (docs/product-rules.md#export-and-import): a list goes out as Markdown, plain text or JSON to anyone who may
 * read it, and a Markdown or JSON list comes in as a new list of the caller's, all or nothing.
 * The formats themselves are in src/shared/exchange-format.ts and src/shared/markdown-list.ts.
 */
import { exchangeArchiveSchema, exchangeDocumentSchema, type ImportedList, type ImportListInput } from "../shared/exchange";
import { type ExchangeList, type ExportFormat, exchangeItemsOf, toJsonDocument, toMarkdown, toPlainText } from "../shared/exchange-format";
import { type LinedChild, parseMarkdownDocument } from "../shared/markdown-list";
import { LIST_NAME } from "../shared/rules/lists";
import { MAX_SECTIONS_PER_LIST, SECTION_NAME } from "../shared/rules/memory";
import { DESCRIPTION, MAX_ITEMS_PER_LIST, TITLE } from "../shared/rules/tasks";
import { checkText } from "../shared/rules/text";
import { bulkItemCount, SUB_ITEMS_NEST_ONCE } from "../shared/tasks";
import { nameKey } from "../shared/title-keys";
import { splitSuffixes } from "../shared/title-suffixes";
import type { TaskList } from "../shared/types";
import type { Store } from "../store";
import type { Db } from "../store/db";
import { type Caller, resolveReadAccess } from "./access";
import { actorOf } from "./actors";
import { insertItemsInOrder } from "./bulk";
import { badRequest, forbidden } from "./errors";
import { assertBelowListLimit, newShareId, tellHomes } from "./lists";
import type { EventBus } from "./bus";
import { setRoutine } from "./routines";

/** A Markdown list without a `# heading` and without a name from the browser. */
export const DEFAULT_IMPORT_NAME = "Imported list";

/** The list as exchanged, for whoever may read it (a share-link guest included); 404 for anyone else. */
export async function readListForExport(store: Store, caller: Caller, listId: number): Promise<ExchangeList> {
  const { list } = await resolveReadAccess(store, caller, { id: listId });
  return exchangeListOf(store, list);
}

/** A list as a file holds it: name, routine (its rule and zone, not when it runs next), sections by name, and items. */
async function exchangeListOf(store: Store, list: TaskList): Promise<ExchangeList> {
  const routine = list.routine ? { routine: { rrule: list.routine.rrule, tz: list.routine.tz } } : {};
  const sections = await store.sections.listByList(list.id);
  const names = sections.length > 0 ? { sections: sections.map((section) => section.name) } : {};
  return { name: list.name, ...routine, ...names, items: exchangeItemsOf(await store.tasks.listByList(list.id), sections) };
}

/** Every list the user owns, in their Home's order (lists shared with them are their owners' to export). */
export async function readOwnListsForExport(store: Store, userId: number): Promise<ExchangeList[]> {
  const lists = await store.lists.listOwnedBy(userId);
  return Promise.all(lists.map((list) => exchangeListOf(store, list)));
}

const WRITERS: Record<ExportFormat, (list: ExchangeList) => string> = { md: toMarkdown, json: toJsonDocument, txt: toPlainText };

export const writeExport = (list: ExchangeList, format: ExportFormat) => WRITERS[format](list);

/** A Markdown item as stored, or why not, with the line to look at; a trailing `(qty …)` is its quantity, `(due …)` its due date. */
function checkedMarkdownItem({ title: text, description, completed, line, descriptionLines, deeper }: LinedChild) {
  if (deeper) throw badRequest(`Line ${line}: ${SUB_ITEMS_NEST_ONCE}`, "INVALID_IMPORT");
  const { title, ...suffixes } = splitSuffixes(text);
  const titleProblem = checkText(TITLE, title);
  if (titleProblem) throw badRequest(`Line ${line}: ${titleProblem}`, "INVALID_IMPORT");
  const descriptionProblem = checkText(DESCRIPTION, description);
  if (descriptionProblem) throw badRequest(`Line ${descriptionLines[0] ?? line}: ${descriptionProblem}`, "INVALID_IMPORT");
  return { title, description: description.trim(), completed, ...suffixes };
}

function readMarkdown(content: string, fallbackName: string | undefined): ImportedList {
  const { name, items, sections } = parseMarkdownDocument(content);
  for (const section of sections) {
    const problem = checkText(SECTION_NAME, section.name);
    if (problem) throw badRequest(`Line ${section.line}: ${problem}`, "INVALID_IMPORT");
  }
  if (name !== undefined) {
    const problem = checkText(LIST_NAME, name);
    const line = content.split(/\r\n|\r|\n/).findIndex((text) => text.trim() !== "") + 1;
    if (problem) throw badRequest(`Line ${line}: ${problem}`, "INVALID_IMPORT");
  }
  if (items.length === 0 && name === undefined)
    throw badRequest("No list items found: write one item per line, like - [ ] Milk", "INVALID_IMPORT");
  return {
    name: name ?? fallbackName ?? DEFAULT_IMPORT_NAME,
    sections: sections.map((section) => section.name.trim()),
    items: items.map(({ section, ...item }) => ({
      ...checkedMarkdownItem(item),
      ...(section !== undefined ? { section: section.trim() } : {}),
      children: item.children.map(checkedMarkdownItem),
    })),
  };
}

/** `items[2].children[0].title`: where in the document a problem is, as someone editing it would look for it. */
const fieldPath = (path: readonly PropertyKey[]) =>
  path.reduce<string>((text, key) => (typeof key === "number" ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)), "");

/** A file from GET /api/task-lists/export holds every list under `lists`; any other is one list. */
function readJson(content: string): { lists: ImportedList[]; archive: boolean } {
  let document: unknown;
  try {
    document = JSON.parse(content);
  } catch (error) {
    throw badRequest(`This is not valid JSON (${(error as Error).message})`, "INVALID_IMPORT");
  }
  const isArchive = document !== null && typeof document === "object" && "lists" in document;
  const parsed = isArchive ? exchangeArchiveSchema.safeParse(document) : exchangeDocumentSchema.safeParse(document);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = fieldPath(issue.path);
    throw badRequest(where ? `${where}: ${issue.message}` : issue.message, "INVALID_IMPORT");
  }
  return "lists" in parsed.data ? { lists: parsed.data.lists, archive: true } : { lists: [parsed.data], archive: false };
}

/**
 * A list's sections as it will have them: those it names in order, then any an item names that
 * it does not, each name once (case-folded, the first spelling kept).
 */
function sectionNamesOf(list: ImportedList): string[] {
  const byKey = new Map<string, string>();
  for (const name of [...(list.sections ?? []), ...list.items.flatMap((item) => item.section ?? [])]) {
    if (!byKey.has(nameKey(name))) byKey.set(nameKey(name), name);
  }
  return [...byKey.values()];
}

/** For each list brought in; several name the list at fault (docs/product-rules.md#limits). */
function assertEachWithinItemLimit(lists: ImportedList[]) {
  for (const list of lists) {
    const count = bulkItemCount(list.items);
    const which = lists.length > 1 ? `"${list.name}"` : "This list";
    if (count > MAX_ITEMS_PER_LIST)
      throw forbidden(`${which} has ${count} items; a list holds at most ${MAX_ITEMS_PER_LIST}`, "ITEM_LIMIT_REACHED");
    const sections = sectionNamesOf(list).length;
    if (sections > MAX_SECTIONS_PER_LIST)
      throw forbidden(`${which} has ${sections} sections; a list holds at most ${MAX_SECTIONS_PER_LIST}`, "SECTION_LIMIT_REACHED");
  }
}

/** The imported list's sections, created in order, and its items with each one's section id. */
async function withSections(store: Store, tx: Db, listId: number, list: ImportedList) {
  const ids = new Map<string, number>();
  for (const [position, name] of sectionNamesOf(list).entries()) {
    ids.set(nameKey(name), (await store.sections.insert(listId, name, position, store.clock.now(), tx)).id);
  }
  return list.items.map(({ section, ...item }) => ({ ...item, sectionId: section === undefined ? null : ids.get(nameKey(section))! }));
}

/**
 * POST /api/task-lists/import: the content becomes new lists of the caller's (one, or every list
 * of an "export all" file), items in the document's order, in one transaction: past 25 lists or
 * 100 items, or malformed, nothing is stored. `archive`: the content was an "export all" file.
 */
export async function importLists(
  store: Store,
  bus: EventBus,
  userId: number,
  input: ImportListInput,
): Promise<{ lists: TaskList[]; archive: boolean }> {
  const { lists: imported, archive } =
    input.format === "json" ? readJson(input.content) : { lists: [readMarkdown(input.content, input.name)], archive: false };
  assertEachWithinItemLimit(imported);
  const lists = await store.db.transaction(async (tx) => {
    await store.lists.lockOwner(userId, tx);
    // Room for all of them: the last one must still be below the limit when it comes.
    assertBelowListLimit((await store.lists.countOwnedBy(userId, tx)) + imported.length - 1);
    let position = await store.lists.nextPosition(userId, tx);
    // The importer added every item ("Added by Ann"), and ticked those that come ticked.
    const createdBy = await actorOf(store, { userId }, tx);
    const lists: TaskList[] = [];
    for (const each of imported) {
      const { name, routine } = each;
      const list = await store.lists.create({ name, userId, shareId: newShareId(), position: position++ }, tx);
      // The rule PATCH sets a routine by: counted from today, refused if it never comes round.
      if (routine) await setRoutine(store, list.id, routine, tx);
      const base = { listId: list.id, userId, createdBy };
      await insertItemsInOrder(store, tx, base, await withSections(store, tx, list.id, each), 0, 0);
      lists.push(routine ? ((await store.lists.findById(list.id, tx)) ?? list) : list);
    }
    return lists;
  });
  await tellHomes(bus, [userId]);
  return { lists, archive };
}
