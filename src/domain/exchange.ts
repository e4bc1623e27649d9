/**
 * @module Export and import (docs/product-rules.md#export-and-import): a list goes out as Markdown, plain text or JSON to anyone who may
 * read it, and a Markdown or JSON list comes in as a new list of the caller's, all or nothing.
 * The formats themselves are in src/shared/exchange-format.ts and src/shared/markdown-list.ts.
 */
import { exchangeArchiveSchema, exchangeDocumentSchema, type ImportedList, type ImportListInput } from "../shared/exchange";
import { type ExchangeList, type ExportFormat, exchangeItemsOf, toJsonDocument, toMarkdown, toPlainText } from "../shared/exchange-format";
import { type LinedChild, parseMarkdownDocument } from "../shared/markdown-list";
import { splitDueSuffix } from "../shared/rules/due-dates";
import { LIST_NAME } from "../shared/rules/lists";
import { DESCRIPTION, MAX_ITEMS_PER_LIST, TITLE } from "../shared/rules/tasks";
import { checkText } from "../shared/rules/text";
import { bulkItemCount } from "../shared/tasks";
import type { TaskList } from "../shared/types";
import type { Store } from "../store";
import { type Caller, resolveReadAccess } from "./access";
import { actorOf } from "./actors";
import { insertItemsInOrder } from "./bulk";
import { badRequest, forbidden } from "./errors";
import { assertBelowListLimit, newShareId } from "./lists";
import { setRoutine } from "./routines";

/** A Markdown list without a `# heading` and without a name from the browser. */
export const DEFAULT_IMPORT_NAME = "Imported list";

/** The list as exchanged, for whoever may read it (a share-link guest included); 404 for anyone else. */
export async function readListForExport(store: Store, caller: Caller, listId: number): Promise<ExchangeList> {
  const { list } = await resolveReadAccess(store, caller, { id: listId });
  return exchangeListOf(store, list);
}

/** A list as a file holds it: name, routine (its rule and zone, not when it runs next) and items. */
async function exchangeListOf(store: Store, list: TaskList): Promise<ExchangeList> {
  const routine = list.routine ? { routine: { rrule: list.routine.rrule, tz: list.routine.tz } } : {};
  return { name: list.name, ...routine, items: exchangeItemsOf(await store.tasks.listByList(list.id)) };
}

/** Every list the user owns, in their Home's order (lists shared with them are their owners' to export). */
export async function readOwnListsForExport(store: Store, userId: number): Promise<ExchangeList[]> {
  const lists = await store.lists.listOwnedBy(userId);
  return Promise.all(lists.map((list) => exchangeListOf(store, list)));
}

const WRITERS: Record<ExportFormat, (list: ExchangeList) => string> = { md: toMarkdown, json: toJsonDocument, txt: toPlainText };

export const writeExport = (list: ExchangeList, format: ExportFormat) => WRITERS[format](list);

/** A Markdown item as stored, or why not, with the line to look at; a trailing `(due …)` is its due date. */
function checkedMarkdownItem({ title: text, description, completed, line, descriptionLines }: LinedChild) {
  const { title, dueAt } = splitDueSuffix(text);
  const titleProblem = checkText(TITLE, title);
  if (titleProblem) throw badRequest(`Line ${line}: ${titleProblem}`, "INVALID_IMPORT");
  const descriptionProblem = checkText(DESCRIPTION, description);
  if (descriptionProblem) throw badRequest(`Line ${descriptionLines[0] ?? line}: ${descriptionProblem}`, "INVALID_IMPORT");
  return { title, description: description.trim(), completed, ...(dueAt ? { dueAt } : {}) };
}

function readMarkdown(content: string, fallbackName: string | undefined): ImportedList {
  const { name, items } = parseMarkdownDocument(content);
  if (name !== undefined) {
    const problem = checkText(LIST_NAME, name);
    const line = content.split(/\r\n|\r|\n/).findIndex((text) => text.trim() !== "") + 1;
    if (problem) throw badRequest(`Line ${line}: ${problem}`, "INVALID_IMPORT");
  }
  if (items.length === 0 && name === undefined)
    throw badRequest("No list items found: write one item per line, like - [ ] Milk", "INVALID_IMPORT");
  return {
    name: name ?? fallbackName ?? DEFAULT_IMPORT_NAME,
    items: items.map((item) => ({ ...checkedMarkdownItem(item), children: item.children.map(checkedMarkdownItem) })),
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

/** For each list brought in; several name the list at fault (docs/product-rules.md#limits). */
function assertEachWithinItemLimit(lists: ImportedList[]) {
  for (const list of lists) {
    const count = bulkItemCount(list.items);
    if (count <= MAX_ITEMS_PER_LIST) continue;
    const which = lists.length > 1 ? `"${list.name}"` : "This list";
    throw forbidden(`${which} has ${count} items; a list holds at most ${MAX_ITEMS_PER_LIST}`, "ITEM_LIMIT_REACHED");
  }
}

/**
 * POST /api/task-lists/import: the content becomes new lists of the caller's (one, or every list
 * of an "export all" file), items in the document's order, in one transaction: past 25 lists or
 * 100 items, or malformed, nothing is stored. `archive`: the content was an "export all" file.
 */
export async function importLists(store: Store, userId: number, input: ImportListInput): Promise<{ lists: TaskList[]; archive: boolean }> {
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
    for (const { name, routine, items } of imported) {
      const list = await store.lists.create({ name, userId, shareId: newShareId(), position: position++ }, tx);
      // The rule PATCH sets a routine by: counted from today, refused if it never comes round.
      if (routine) await setRoutine(store, list.id, routine, tx);
      const base = { listId: list.id, userId, createdBy };
      await insertItemsInOrder(store, tx, base, items, 0, 0);
      lists.push(routine ? ((await store.lists.findById(list.id, tx)) ?? list) : list);
    }
    return lists;
  });
  return { lists, archive };
}
