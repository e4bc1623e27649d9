/** @module Item rules (written once in ./rules/tasks.ts); one schema per payload, shared by the API and the tests (docs/product-rules.md#text-rules). */
import * as z from "zod";
import { positionNumber } from "./lists";
import { dueFields } from "./due-dates";
import { memoryFields } from "./memory";
import { idField } from "./params";
import { DESCRIPTION, MAX_BULK_ITEMS, MAX_ITEMS_PER_LIST, TITLE, TITLE_REQUIRED } from "./rules/tasks";
import { textSchema } from "./text";

export { ITEM_LIMIT_MESSAGE, MAX_BULK_ITEMS, MAX_ITEMS_PER_LIST } from "./rules/tasks";

// Create payloads are coerced as older clients send them (docs/product-rules.md#items): title and
// description to text, ids to numbers (decimal digits only, src/shared/params.ts), flags to booleans.
// Only scalars become text: an object or array is a client's mistake, refused rather than stored as "[object Object]".
const toText = (value: unknown) => (typeof value === "number" || typeof value === "boolean" ? String(value) : value);
const toNumber = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value);
/** The spellings of true and false a form or script sends; anything else stays, for the schema to refuse. */
const toBoolean = (value: unknown) => {
  if (value === "true" || value === "1" || value === 1) return true;
  if (value === "false" || value === "0" || value === 0 || value === "" || value === null) return false;
  return value;
};

export const taskTitle = z.preprocess(
  toText,
  textSchema(TITLE, { error: (issue) => (issue.input === undefined || issue.input === null ? TITLE_REQUIRED : "Title must be text") }),
);

export const taskDescription = z.preprocess((value) => toText(value) ?? "", textSchema(DESCRIPTION, { error: "Description must be text" }));

/** A yes/no field: "yes" or 2 is refused, never read as the opposite of what was meant. */
const flag = (name: string) => z.preprocess(toBoolean, z.boolean({ error: `${name} must be true or false` }));
const position = z.preprocess(toNumber, positionNumber);
/** 0 (or null, or absent) means top level: parentId is normalised to a number, null becoming 0 (docs/product-rules.md#items). */
const parentId = z.preprocess(
  (value) => (value === undefined || value === null || value === "" ? 0 : value),
  idField("parentId", { min: 0 }),
);

/** POST /api/tasks. `listId` may be left out when the call carries a shareId. */
export const createTaskSchema = z.object({
  title: taskTitle,
  description: taskDescription,
  listId: idField("listId").optional(),
  isParent: flag("isParent").default(false),
  completed: flag("completed").default(false),
  position: position.optional(),
  parentId: parentId.default(0),
  ...dueFields,
  ...memoryFields,
});
export type CreateTaskInput = z.infer<typeof createTaskSchema>;

/** PATCH /api/tasks/{id}: any subset of the editable fields; other keys (id, listId …) are ignored. */
export const updateTaskSchema = z.object({
  title: taskTitle.optional(),
  description: z.preprocess(toText, textSchema(DESCRIPTION).optional()),
  completed: flag("completed").optional(),
  isParent: flag("isParent").optional(),
  parentId: z.preprocess((value) => (value === null || value === "" ? 0 : value), idField("parentId", { min: 0 }).optional()),
  position: position.optional(),
  ...dueFields,
  ...memoryFields,
});
export type UpdateTaskInput = z.infer<typeof updateTaskSchema>;

/** A reorder item `{id, position}`; POST /api/tasks/reorder takes an array of them. */
export const reorderTasksSchema = z
  .array(z.object({ id: idField("id"), position }), { error: "Expected an array of {id, position}" })
  .min(1, "Nothing to reorder")
  .max(MAX_ITEMS_PER_LIST, `At most ${MAX_ITEMS_PER_LIST} items can be reordered at once`);
export type ReorderTasksInput = z.infer<typeof reorderTasksSchema>;

/** POST /api/tasks/reset-completions: the list in the body, or a shareId in the query. */
export const resetCompletionsSchema = z.object({ listId: idField("listId").optional() });

/** A reset's Undo: the ids the reset answered (docs/decisions/047-list-header.md). */
export const restoreCompletionsSchema = z.object({
  listId: idField("listId").optional(),
  ids: z
    .array(idField("id"), { error: "ids must be a list of item ids" })
    .min(1, "Nothing to restore")
    .max(MAX_BULK_ITEMS, `At most ${MAX_BULK_ITEMS} items can be restored at once`),
});

/** Query of the task calls: which list (by id or share link), and for reads an optional parent. */
export const taskQuerySchema = z.object({
  listId: idField("listId").optional(),
  shareId: z.string().trim().min(1).max(64).optional(),
  // parentId 0 means top level, so `parentId=0` asks for the top-level items (docs/http-contract.md#ids).
  parentId: idField("parentId", { min: 0 }).optional(),
  _t: z.string().optional(),
});

/** How many items a bulk create adds: each item and each of its sub-items. */
export const bulkItemCount = (items: ReadonlyArray<{ children: readonly unknown[] }>) =>
  items.reduce((count, item) => count + 1 + item.children.length, 0);

export const SUB_ITEMS_NEST_ONCE = "Sub-items cannot have sub-items of their own";

/** One item of POST /api/tasks/bulk without sub-items: what a sub-item may carry (its own are refused, never dropped). */
const bulkSubItem = z.object({
  title: taskTitle,
  description: taskDescription,
  completed: flag("completed").default(false),
  ...dueFields,
  ...memoryFields,
  children: z.array(z.unknown()).max(0, SUB_ITEMS_NEST_ONCE).optional(),
});
const TOO_MANY_BULK = `At most ${MAX_BULK_ITEMS} items can be added at once`;

/**
 * POST /api/tasks/bulk (docs/product-rules.md#export-and-import): items in order, each with optional sub-items (an item with
 * some becomes a parent); 1 to 100 items in all, sub-items counted. With `parentId` the items go
 * under that parent, so they cannot have sub-items of their own.
 */
export const bulkCreateTasksSchema = z
  .object({
    listId: idField("listId").optional(),
    parentId: parentId.default(0),
    items: z
      .array(bulkSubItem.extend({ children: z.array(bulkSubItem, { error: "children must be a list of items" }).default([]) }), {
        error: "items must be a list of items",
      })
      .min(1, "Nothing to add")
      .max(MAX_BULK_ITEMS, TOO_MANY_BULK),
  })
  .refine((input) => bulkItemCount(input.items) <= MAX_BULK_ITEMS, { message: TOO_MANY_BULK, path: ["items"] })
  .refine((input) => input.parentId === 0 || input.items.every((item) => item.children.length === 0), {
    message: SUB_ITEMS_NEST_ONCE,
    path: ["items"],
  });
export type BulkCreateTasksInput = z.infer<typeof bulkCreateTasksSchema>;

/** POST /api/tasks/restore (docs/product-rules.md#undo-and-restore): the ids a delete or clear-completed answered. */
export const restoreTasksSchema = z.object({
  ids: z
    .array(idField("id"), { error: "ids must be a list of item ids" })
    .min(1, "Nothing to restore")
    .max(MAX_BULK_ITEMS, `At most ${MAX_BULK_ITEMS} items can be restored at once`),
});
export type RestoreTasksInput = z.infer<typeof restoreTasksSchema>;

/** Payloads of the task events (docs/product-rules.md#live-updates). `id` is null for clear-completed, which removes many. */
export interface TaskDeletedPayload {
  id: number | null;
  deletedIds: number[];
}
