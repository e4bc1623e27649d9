/**
 * @module How a list's memory recognises a title (docs/decisions/057-memory.md), shared so the
 * browser can tell "the same item" exactly as the server does. No imports.
 */

/** One title, however it is spelled: trimmed, NFKC, case-folded ("  MILK " and "milk" are one). */
export const titleKey = (title: string): string => title.trim().normalize("NFKC").toLowerCase();

/** A name's key for "already used in this list": the same folding as titles. */
export const nameKey = titleKey;

const MARKS = /\p{M}+/gu;
const NOT_WORD = /[^\p{L}\p{N}]+/gu;

/**
 * Text as suggestions match it: NFKD, combining marks stripped, lower-case, words joined by single
 * spaces ("Crème fraîche" → "creme fraiche"). Ligatures and full-width letters unfold under NFKD.
 */
export const matchText = (text: string): string => text.normalize("NFKD").replace(MARKS, "").toLowerCase().replace(NOT_WORD, " ").trim();

/** A title's `words` column: its match text after one space, so "starts any word" is `LIKE '% q%'`. */
export const wordsKey = (title: string): string => ` ${matchText(title)}`;
