/**
 * @module A list's memory as payloads carry it (docs/decisions/057-memory.md): an item's quantity
 * and section, the section calls and the suggestions query, built from the plain rules of
 * ./rules/memory.ts.
 */
import * as z from "zod";
import { positionNumber } from "./lists";
import {
  DEFAULT_SUGGESTIONS,
  MAX_SUGGESTIONS,
  QUANTITY,
  QUANTITY_MESSAGE,
  SECTION_ID_MESSAGE,
  SECTION_NAME,
  SECTION_NAME_MESSAGE,
} from "./rules/memory";
import { textSchema } from "./text";
import type { Section } from "./types";

const DECIMAL = /^[1-9][0-9]*$/;

/** "" and blank text are how a form says "none", so they clear like null; a number is its text ("2"). */
export const quantityField = z.preprocess(
  (value) => (typeof value === "number" ? String(value) : typeof value === "string" && value.trim() === "" ? null : value),
  textSchema(QUANTITY, { error: QUANTITY_MESSAGE }).nullable(),
);

/** A section of the item's own list (checked by the domain), or null (none); "" is null. */
export const sectionIdField = z.preprocess(
  (value) => (value === "" ? null : typeof value === "string" && DECIMAL.test(value) ? Number(value) : value),
  z
    .number({ error: SECTION_ID_MESSAGE })
    .int(SECTION_ID_MESSAGE)
    .min(1, SECTION_ID_MESSAGE)
    .max(Number.MAX_SAFE_INTEGER, SECTION_ID_MESSAGE)
    .nullable(),
);

/**
 * What create, update, bulk and import accept, each optional. A create without `sectionId` is
 * placed where the title last was (learned placement); `sectionId: null` is "no section".
 */
export const memoryFields = { quantity: quantityField.optional(), sectionId: sectionIdField.optional() };

const sectionName = textSchema(SECTION_NAME, { error: SECTION_NAME_MESSAGE });
const position = z.preprocess((value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value), positionNumber);

/** POST /api/task-lists/{id}/sections: appended last when no position is given. */
export const createSectionSchema = z.object({ name: sectionName, position: position.optional() });
export type CreateSectionInput = z.infer<typeof createSectionSchema>;

/** PATCH /api/sections/{id}: either or both. */
export const updateSectionSchema = z.object({ name: sectionName.optional(), position: position.optional() });
export type UpdateSectionInput = z.infer<typeof updateSectionSchema>;

const LIMIT_MESSAGE = `limit must be 1 to ${MAX_SUGGESTIONS}`;

/** GET /api/task-lists/{id}/suggestions: `q` may be empty (the usuals). */
export const suggestionsQuerySchema = z.object({
  q: z.string().max(200, "q cannot exceed 200 characters").default(""),
  limit: z.preprocess(
    (value) => (typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value),
    z
      .number({ error: LIMIT_MESSAGE })
      .int(LIMIT_MESSAGE)
      .min(1, LIMIT_MESSAGE)
      .max(MAX_SUGGESTIONS, LIMIT_MESSAGE)
      .default(DEFAULT_SUGGESTIONS),
  ),
  shareId: z.string().trim().min(1).max(64).optional(),
});

/** One remembered title, as GET …/suggestions answers it. */
export interface Suggestion {
  title: string;
  quantity: string | null;
  sectionId: number | null;
  uses: number;
  lastUsedAt: string;
  onList: boolean;
}

/** DELETE /api/sections/{id}: the section's id and the live items it held, now in no section. */
export interface SectionDeleted {
  id: number;
  movedTaskIds: number[];
}

/** A `sections_updated` event's payload: the list's whole set, ordered. */
export interface SectionsUpdatedPayload {
  sections: Section[];
}
