/** @module Item rules, plain: the item sheet runs them, src/shared/tasks.ts builds the API's schemas from them (docs/product-rules.md#text-rules). */
import { checkForm, maxLength, minLength, plainText, type TextRule } from "./text";

export const MAX_ITEMS_PER_LIST = 100;
/** POST /api/tasks/bulk and POST /api/tasks/restore take 1 to this many items (sub-items count). */
export const MAX_BULK_ITEMS = 100;
/** What the 101st item of a list answers (docs/product-rules.md#limits); the paste preview warns with it before sending. */
export const ITEM_LIMIT_MESSAGE = `This list has reached its limit of ${MAX_ITEMS_PER_LIST} items`;
export const MAX_TITLE_LENGTH = 80;
export const MAX_DESCRIPTION_LENGTH = 256;

export const TITLE_REQUIRED = "Title is required";

export const TITLE: TextRule = {
  trim: true,
  checks: [
    minLength(1, TITLE_REQUIRED),
    maxLength(MAX_TITLE_LENGTH, `Title cannot exceed ${MAX_TITLE_LENGTH} characters`),
    plainText("Title"),
  ],
};

/** Optional, so no minimum; several lines allowed. */
export const DESCRIPTION: TextRule = {
  trim: true,
  checks: [
    maxLength(MAX_DESCRIPTION_LENGTH, `Description cannot exceed ${MAX_DESCRIPTION_LENGTH} characters`),
    plainText("Description", { multiline: true }),
  ],
};

const ITEM_FORM = { title: TITLE, description: DESCRIPTION };

/** The add/edit item sheet: its title and description as they will be sent, or their messages. */
export const validateItem = (form: Record<keyof typeof ITEM_FORM, string>) => checkForm(ITEM_FORM, form);
