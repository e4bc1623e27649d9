/** @module List rules (written once in ./rules/lists.ts); one schema per payload, used by the API and the tests (docs/product-rules.md#text-rules). */
import * as z from "zod";
import { idField } from "./params";
import { LIST_NAME, LIST_NAME_EMPTY, MAX_LISTS_PER_USER, POSITION_MAX, SHARE_USERNAME, SHARE_USERNAME_EMPTY } from "./rules/lists";
import { ACCESS_LEVELS, LINK_EXPIRY_DAYS, LINK_LEVELS } from "./rules/links";
import { routineField } from "./routines";
import { textSchema } from "./text";
import type { ShareRecord } from "./types";

export { MAX_LISTS_PER_USER, POSITION_MAX } from "./rules/lists";

export const listNameField = textSchema(LIST_NAME, { error: LIST_NAME_EMPTY });

export const linkAccessField = z.enum(LINK_LEVELS, { error: "Link access must be 'read', 'check' or 'write'" });

/** The link stops working this many days from now; null: it never does (docs/product-rules.md#share-links). */
export const linkExpiryField = z.literal([...LINK_EXPIRY_DAYS, null], { error: "Link expiry must be 1, 7 or 30 days, or null for never" });

export const createListSchema = z.object({ name: listNameField });

/** POST /api/task-lists/{id}/duplicate: the copy's name, judged as any list name. */
export const duplicateListSchema = z.object({ name: listNameField });

export const updateListSchema = z
  .object({
    name: listNameField.optional(),
    linkAccess: linkAccessField.optional(),
    linkExpiresInDays: linkExpiryField.optional(),
    routine: routineField.optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: "Nothing to update: send name, linkAccess, linkExpiresInDays or routine",
  });
export type UpdateListInput = z.infer<typeof updateListSchema>;

/** A stored position, as a reorder item `{id, position}` carries it for lists and items alike. */
export const positionNumber = z
  .number({ error: "Position must be a number" })
  .int("Position must be a whole number")
  .min(0, "Position cannot be negative")
  .max(POSITION_MAX, "Position is too large");

/** A reorder item `{id, position}`; the body is a bare array of them. */
export const reorderListsSchema = z
  .array(z.object({ id: idField("id"), position: positionNumber }))
  .min(1, "Nothing to reorder")
  .max(MAX_LISTS_PER_USER, `At most ${MAX_LISTS_PER_USER} lists can be reordered`)
  .refine((items) => new Set(items.map((item) => item.id)).size === items.length, {
    message: "Each list may appear only once",
  });
export type ReorderListsInput = z.infer<typeof reorderListsSchema>;

/** Sharing by username (docs/product-rules.md#sharing); the interface always asks for write, so write is the default. */
export const shareByUsernameSchema = z.object({
  listId: idField("listId"),
  username: textSchema(SHARE_USERNAME, { error: SHARE_USERNAME_EMPTY }),
  accessLevel: z.enum(ACCESS_LEVELS, { error: "Access level must be read, check, write or admin" }).default("write"),
});
export type ShareByUsernameInput = z.infer<typeof shareByUsernameSchema>;

/**
 * One entry of GET /api/shared-by-list/{listId}: entries with sharedWithId and sharedWithName that
 * also yield the shareId, so each entry is a share record carrying the list's link.
 */
export interface ListShareEntry extends ShareRecord {
  shareId: string;
}
