/**
 * @module API tokens' plain rules (docs/decisions/061-api-tokens.md), shared by the server's schema
 * (src/shared/tokens.ts) and the Settings form, which runs them without zod.
 */
import { maxLength, minLength, plainText, type TextRule } from "./text";

export const MAX_TOKEN_NAME_LENGTH = 60;
export const TOKEN_NAME_MESSAGE = `Token name must be 1 to ${MAX_TOKEN_NAME_LENGTH} characters`;

export const TOKEN_NAME: TextRule = {
  trim: true,
  checks: [minLength(1, TOKEN_NAME_MESSAGE), maxLength(MAX_TOKEN_NAME_LENGTH, TOKEN_NAME_MESSAGE), plainText("Token name")],
};

export const MAX_TOKEN_DAYS = 3650;

/** The expiries the Settings form offers; the API takes any whole number of days up to ten years. */
export const TOKEN_EXPIRY_CHOICES = [
  { days: null, label: "Never" },
  { days: 30, label: "30 days" },
  { days: 90, label: "90 days" },
  { days: 365, label: "365 days" },
] as const;

export type TokenAccess = "read" | "write";

/** "Read only" or "Read and change", as Settings names a token's access. */
export const accessWords = (access: TokenAccess) => (access === "read" ? "Read only" : "Read and change");

/** "Read and change · Groceries, Hardware" or "Read only · All lists": what a token may do, where. */
export function scopeWords(access: TokenAccess, listNames: string[] | null): string {
  return `${accessWords(access)} · ${listNames === null ? "All lists" : listNames.join(", ")}`;
}
