/** @module The export and import calls' payloads (docs/product-rules.md#export-and-import), and the `listwell/1` JSON document an import reads. */
import * as z from "zod";
import { dueFields } from "./due-dates";
import { EXCHANGE_FORMAT, EXPORT_FORMATS, IMPORT_FORMATS } from "./exchange-format";
import { listNameField } from "./lists";
import { quantityField } from "./memory";
import { SECTION_NAME, SECTION_NAME_MESSAGE } from "./rules/memory";
import { routineField } from "./routines";
import { SUB_ITEMS_NEST_ONCE, taskDescription, taskTitle } from "./tasks";
import { textSchema } from "./text";

/** GET /api/task-lists/{id}/export; `shareId` is read by the access rules (src/http/caller.ts). */
export const exportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { error: "Format must be md, json or txt" }),
  shareId: z.string().optional(),
});

/**
 * POST /api/task-lists/import. `name` names a Markdown list that carries no `# heading` (the
 * browser sends the file's name); a JSON document always names its list.
 */
export const importListSchema = z.object({
  format: z.enum(IMPORT_FORMATS, { error: "Format must be md or json" }),
  content: z.string({ error: "content must be text" }).refine((content) => content.trim() !== "", "Nothing to import"),
  name: listNameField.optional(),
});
export type ImportListInput = z.infer<typeof importListSchema>;

const completed = z.boolean({ error: "completed must be true or false" }).default(false);
const subItem = z.object({
  title: taskTitle,
  description: taskDescription,
  completed,
  ...dueFields,
  quantity: quantityField.optional(),
  children: z.array(z.unknown()).max(0, SUB_ITEMS_NEST_ONCE).optional(),
});

/** A section by its name (docs/decisions/057-memory.md): a top-level item's, and the list's in order. */
const sectionName = textSchema(SECTION_NAME, { error: SECTION_NAME_MESSAGE });

/** One list in a `listwell/1` file: its name, its routine if any, and items, sub-items one level deep. */
const exchangeList = z.object({
  name: listNameField,
  routine: routineField.optional(),
  sections: z.array(sectionName, { error: "sections must be a list of names" }).optional(),
  items: z.array(
    subItem
      .extend({ section: sectionName.optional(), children: z.array(subItem, { error: "children must be a list of items" }).default([]) })
      .transform(({ children, ...item }) => ({ ...item, children: children.map(({ children: _none, ...child }) => child) })),
    { error: "items must be a list of items" },
  ),
});
export type ImportedList = z.infer<typeof exchangeList>;

const format = z.literal(EXCHANGE_FORMAT, { error: `format must be "${EXCHANGE_FORMAT}"` });

/** A `listwell/1` file of one list, as GET /api/task-lists/{id}/export?format=json writes it. */
export const exchangeDocumentSchema = exchangeList.extend({ format });

/** Every list of an account under `lists`, as GET /api/task-lists/export writes it: an import brings them all back. */
export const exchangeArchiveSchema = z.object({
  format,
  lists: z.array(exchangeList, { error: "lists must be a list of lists" }).min(1, "The file holds no lists"),
});
