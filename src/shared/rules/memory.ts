/**
 * @module A list's memory, plain (docs/decisions/057-memory.md): an item's quantity, the list's
 * sections and their limits. The item sheet and the section controls run these rules; src/shared/memory.ts
 * builds the API's schemas from them. No imports but the text rules.
 */
import { maxLength, minLength, plainText, type TextRule } from "./text";

export const MAX_QUANTITY_LENGTH = 24;
export const QUANTITY_MESSAGE = `quantity must be 1 to ${MAX_QUANTITY_LENGTH} characters, or null`;

/** Trimmed; an empty quantity is none (null), so the only length check is the maximum. */
export const QUANTITY: TextRule = {
  trim: true,
  checks: [maxLength(MAX_QUANTITY_LENGTH, QUANTITY_MESSAGE), plainText("Quantity")],
};

export const MAX_SECTION_NAME_LENGTH = 40;
export const SECTION_NAME_MESSAGE = `Section name must be 1 to ${MAX_SECTION_NAME_LENGTH} characters`;

export const SECTION_NAME: TextRule = {
  trim: true,
  checks: [minLength(1, SECTION_NAME_MESSAGE), maxLength(MAX_SECTION_NAME_LENGTH, SECTION_NAME_MESSAGE), plainText("Section name")],
};

export const MAX_SECTIONS_PER_LIST = 30;
export const SECTION_LIMIT_MESSAGE = `A list can have at most ${MAX_SECTIONS_PER_LIST} sections`;
export const SECTION_NAME_TAKEN = "A section with this name already exists";
export const SECTION_NOT_FOUND = "Section not found";
export const SECTION_ID_MESSAGE = "sectionId must be a section of this list";

/** Suggestions answer 1 to this many; 8 when the call does not say. */
export const MAX_SUGGESTIONS = 20;
export const DEFAULT_SUGGESTIONS = 8;
