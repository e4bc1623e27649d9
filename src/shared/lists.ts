import * as z from "zod";
import { plainText } from "./text";
import type { ShareRecord } from "./types";

/** SPEC §9: at most 25 lists per account; a list name is at most 48 characters after trimming. */
export const MAX_LISTS_PER_USER = 25;
export const LIST_NAME_MAX = 48;
/**
 * Far above any real position (a list holds 100 items, an account 25 lists) and far below
 * PostgreSQL's INTEGER bound, so "highest position + 1" can never overflow.
 */
export const POSITION_MAX = 1_000_000;

export const listNameField = plainText(
  z
    .string({ error: "List name cannot be empty" })
    .trim()
    .min(1, "List name cannot be empty")
    .max(LIST_NAME_MAX, `List name cannot exceed ${LIST_NAME_MAX} characters`),
  "List name",
);

export const linkAccessField = z.enum(["read", "write"], { error: "Link access must be 'read' or 'write'" });

export const createListSchema = z.object({ name: listNameField });

export const updateListSchema = z
  .object({ name: listNameField.optional(), linkAccess: linkAccessField.optional() })
  .refine((input) => input.name !== undefined || input.linkAccess !== undefined, {
    message: "Nothing to update: send name or linkAccess",
  });
export type UpdateListInput = z.infer<typeof updateListSchema>;

/** A stored position: SPEC §3 "Reorder item" for lists and items alike. */
export const positionNumber = z
  .number({ error: "Position must be a number" })
  .int("Position must be a whole number")
  .min(0, "Position cannot be negative")
  .max(POSITION_MAX, "Position is too large");

const idField = z.number({ error: "id must be a number" }).int().positive();

/** SPEC §3 "Reorder item"; the body is a bare array of them. */
export const reorderListsSchema = z
  .array(z.object({ id: idField, position: positionNumber }))
  .min(1, "Nothing to reorder")
  .max(MAX_LISTS_PER_USER, `At most ${MAX_LISTS_PER_USER} lists can be reordered`)
  .refine((items) => new Set(items.map((item) => item.id)).size === items.length, {
    message: "Each list may appear only once",
  });
export type ReorderListsInput = z.infer<typeof reorderListsSchema>;

/** SPEC §5 "Share username"; SPEC §3: the interface always asks for write, so write is the default. */
export const shareByUsernameSchema = z.object({
  listId: z.coerce.number({ error: "listId must be a number" }).int().positive("listId must be a number"),
  username: plainText(z.string({ error: "Username cannot be empty" }).trim().min(1, "Username cannot be empty"), "Username"),
  accessLevel: z.enum(["read", "write", "admin"], { error: "Access level must be read, write or admin" }).default("write"),
});
export type ShareByUsernameInput = z.infer<typeof shareByUsernameSchema>;

/**
 * One entry of GET /api/shared-by-list/{listId}: SPEC §7 says "entries with sharedWithId,
 * sharedWithName; also yields shareId", so each entry is a share record carrying the list's link.
 */
export interface ListShareEntry extends ShareRecord {
  shareId: string;
}
