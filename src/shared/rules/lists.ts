/** @module List rules, plain: the list dialogs run them, src/shared/lists.ts builds the API's schemas from them (docs/product-rules.md#text-rules). */
import { checkText, maxLength, minLength, plainText, type TextRule } from "./text";

/** At most 25 lists per account; a list name is at most 48 characters after trimming (docs/product-rules.md#limits). */
export const MAX_LISTS_PER_USER = 25;
export const LIST_NAME_MAX = 48;
/**
 * Far above any real position (a list holds 100 items, an account 25 lists) and far below
 * PostgreSQL's INTEGER bound, so "highest position + 1" can never overflow.
 */
export const POSITION_MAX = 1_000_000;

export const LIST_NAME_EMPTY = "List name cannot be empty";

export const LIST_NAME: TextRule = {
  trim: true,
  checks: [
    minLength(1, LIST_NAME_EMPTY),
    maxLength(LIST_NAME_MAX, `List name cannot exceed ${LIST_NAME_MAX} characters`),
    plainText("List name"),
  ],
};

/** Why a list cannot have this name, or undefined when it can. */
export const validateListName = (value: string) => checkText(LIST_NAME, value);

/** A share's username as the API judges it; the share dialog asks "Please enter a username" before it calls. */
export const SHARE_USERNAME_EMPTY = "Username cannot be empty";
export const SHARE_USERNAME: TextRule = { trim: true, checks: [minLength(1, SHARE_USERNAME_EMPTY), plainText("Username")] };
