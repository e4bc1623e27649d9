/**
 * @module
 * Text rules as data, and the plain checks that read them. A rule is written once here; the
 * browser runs it with `checkText` and `checkForm`, and the server's zod schemas are built from the
 * same rule by `textSchema` (src/shared/text.ts), so a rule and its message exist once and no zod
 * reaches the browser (docs/decisions/011-rules-without-zod-in-the-browser.md). No imports.
 */

/** One check on a text, with the message shown when it fails. */
export type TextCheck =
  | { kind: "min" | "max"; length: number; message: string }
  | { kind: "pattern"; pattern: RegExp; message: string }
  | { kind: "plainText"; multiline: boolean; message: string };

/** A field's rule: whether it is trimmed first, then its checks in the order they are judged. */
export interface TextRule {
  trim: boolean;
  checks: readonly TextCheck[];
}

export const minLength = (length: number, message: string): TextCheck => ({ kind: "min", length, message });
export const maxLength = (length: number, message: string): TextCheck => ({ kind: "max", length, message });
export const matches = (pattern: RegExp, message: string): TextCheck => ({ kind: "pattern", pattern, message });

/**
 * What text a person may store: no control characters (NUL, ESC … and the C1 range), no bidi
 * overrides or isolates that make a name read differently from what it is (U+202E turns
 * "txt.exe" around), and no lone UTF-16 surrogate, which cannot be stored as UTF-8 and came back
 * as "\ufffd". Line breaks and tabs are allowed where the field is several lines (descriptions).
 */
export const plainText = (field: string, { multiline = false } = {}): TextCheck => ({
  kind: "plainText",
  multiline,
  message: `${field} cannot contain control characters`,
});

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether `text` is free of every character `plainText` refuses; `multiline` allows \n, \r and \t. */
export function isPlainText(text: string, multiline = false): boolean {
  return !(multiline ? CONTROL_EXCEPT_LINES : CONTROL).test(text) && !BIDI_CONTROL.test(text) && !LONE_SURROGATE.test(text);
}

/** Whether `text` (already trimmed where the rule says so) passes one check. */
function passes(check: TextCheck, text: string): boolean {
  switch (check.kind) {
    case "min":
      return text.length >= check.length;
    case "max":
      return text.length <= check.length;
    case "pattern":
      return check.pattern.test(text);
    case "plainText":
      return isPlainText(text, check.multiline);
  }
}

/** The value as it is stored: trimmed when the rule says so. */
const normalizeText = (rule: TextRule, value: string) => (rule.trim ? value.trim() : value);

/** The message of the first check `value` fails, or undefined when it passes them all. */
export function checkText(rule: TextRule, value: string): string | undefined {
  const text = normalizeText(rule, value);
  return rule.checks.find((check) => !passes(check, text))?.message;
}

/** One message per failing field, as the form shows them beside the fields. */
export type FieldErrors = Record<string, string>;

/** A form's verdict: its values as they will be sent, or a message per failing field. */
export type FormVerdict<K extends string> = { success: true; data: Record<K, string> } | { success: false; errors: FieldErrors };

/** Checks every field of a form with its rule, like a zod object schema's `safeParse`. */
export function checkForm<K extends string>(rules: Record<K, TextRule>, form: Record<NoInfer<K>, string>): FormVerdict<K> {
  const errors: FieldErrors = {};
  const data = {} as Record<K, string>;
  for (const field of Object.keys(rules) as K[]) {
    const message = checkText(rules[field], form[field]);
    if (message) errors[field] = message;
    data[field] = normalizeText(rules[field], form[field]);
  }
  return Object.keys(errors).length === 0 ? { success: true, data } : { success: false, errors };
}
