/**
 * @module
 * What text a person may store: no control characters (NUL, ESC … and the C1 range), no bidi
 * overrides or isolates that make a name read differently from what it is (U+202E turns
 * "txt.exe" around), and no lone UTF-16 surrogate, which cannot be stored as UTF-8 and came back
 * as "\ufffd". Line breaks and tabs are allowed where the field is several lines (descriptions).
 * Shared by the API's schemas and the islands' forms, so no runtime imports.
 */
import type * as z from "zod";

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether `text` is free of every character this module refuses; `multiline` allows \n, \r and \t. */
export function isPlainText(text: string, multiline = false): boolean {
  return !(multiline ? CONTROL_EXCEPT_LINES : CONTROL).test(text) && !BIDI_CONTROL.test(text) && !LONE_SURROGATE.test(text);
}

/** Adds the rule to a string schema: "Title cannot contain control characters". */
export const plainText = <T extends z.ZodType<string>>(schema: T, field: string, options: { multiline?: boolean } = {}) =>
  schema.refine((text) => isPlainText(text, options.multiline), `${field} cannot contain control characters`);
