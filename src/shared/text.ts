/**
 * @module
 * Builds the API's zod string schemas from the plain text rules of src/shared/rules/, check for
 * check in the rule's order, so the server answers with zod's own issues while the browser runs
 * the same rule without zod (docs/decisions/011-rules-without-zod-in-the-browser.md).
 */
import * as z from "zod";
import { isPlainText, plainText, type TextCheck, type TextRule } from "./rules/text";

function withCheck(schema: z.ZodString, check: TextCheck): z.ZodString {
  switch (check.kind) {
    case "min":
      return schema.min(check.length, check.message);
    case "max":
      return schema.max(check.length, check.message);
    case "pattern":
      return schema.regex(check.pattern, check.message);
    case "plainText":
      return schema.refine((text) => isPlainText(text, check.multiline), check.message);
  }
}

/** A zod string schema enforcing `rule`; `params` says what a value that is not text is told. */
export function textSchema(rule: TextRule, params?: Parameters<typeof z.string>[0]): z.ZodString {
  const text = rule.trim ? z.string(params).trim() : z.string(params);
  return rule.checks.reduce(withCheck, text);
}

/** The plain-text check alone, for a server-only field whose other checks keep zod's own messages. */
export const withPlainText = (schema: z.ZodString, field: string) => withCheck(schema, plainText(field));
