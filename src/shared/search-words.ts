/**
 * @module The words of a search and where they match (docs/decisions/058-search.md), for the server's
 * list names and snippets and the browser's marks. The database matches items with its own folding
 * (FTS5's unicode61, PostgreSQL's unaccent); this one agrees with both on the letters people type.
 */

/** Letters that carry no combining mark to drop but fold all the same, as the databases fold them. */
const FOLDED: Record<string, string> = { ø: "o", æ: "ae", œ: "oe", ß: "ss", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };

const foldChar = (char: string): string => {
  const lower = char.toLowerCase();
  return FOLDED[lower] ?? lower.normalize("NFKD").replace(/\p{M}/gu, "");
};

/** What is between words: anything but letters, digits and the marks on them. */
const BETWEEN_WORDS = /[^\p{L}\p{N}\p{M}]+/u;
const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * The words of a query as typed, split at anything but letters and digits, once each: the database
 * folds them as it folds what it indexed. Words with nothing left once folded (a lone mark) go.
 */
export function searchWords(query: string): string[] {
  const seen = new Set<string>();
  return query.split(BETWEEN_WORDS).filter((word) => {
    const key = fold(word);
    if (key === "" || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export const fold = (text: string): string => Array.from(text, foldChar).join("");

/** `text` folded, with where in `text` the character each folded one came from starts and ends. */
function folded(text: string): { text: string; from: number[]; to: number[] } {
  let out = "";
  const from: number[] = [];
  const to: number[] = [];
  let at = 0;
  for (const char of text) {
    const piece = foldChar(char);
    for (let i = 0; i < piece.length; i++) {
      from.push(at);
      to.push(at + char.length);
    }
    out += piece;
    at += char.length;
  }
  return { text: out, from, to };
}

/** A span of `text` where a searched word matches the start of one of its words. */
export interface Match {
  start: number;
  end: number;
}

/** Where each of `words` (folded by `fold`) starts a word of `text`, in order, longest first where two start together. */
export function matchesIn(text: string, words: string[]): Match[] {
  const { text: flat, from, to } = folded(text);
  const found: Match[] = [];
  for (let i = 0; i < flat.length; i++) {
    if (!WORD_CHAR.test(flat[i]!) || (i > 0 && WORD_CHAR.test(flat[i - 1]!))) continue;
    const word = words.filter((candidate) => flat.startsWith(candidate, i)).sort((a, b) => b.length - a.length)[0];
    // A match that ends within a letter folded to two ("ß" to "ss") marks the whole letter.
    if (word) found.push({ start: from[i]!, end: to[i + word.length - 1]! });
  }
  return found;
}

/** Whether every word is a prefix of some word of `text`. */
export const matchesAll = (text: string, words: string[]): boolean => {
  const { text: flat } = folded(text);
  const starts = flat.split(BETWEEN_WORDS);
  return words.every((word) => starts.some((start) => start.startsWith(word)));
};

/** About this many characters of a description show around its match. */
const EXCERPT = 80;
const BEFORE = 24;

/** A short excerpt of `text` around the first match of `words`, cut at spaces, with an ellipsis where cut. */
export function excerpt(text: string, words: string[]): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const first = matchesIn(flat, words)[0]?.start ?? 0;
  if (flat.length <= EXCERPT) return flat;
  let start = Math.max(0, Math.min(first - BEFORE, flat.length - EXCERPT));
  if (start > 0) {
    const space = flat.indexOf(" ", start);
    start = space !== -1 && space < first ? space + 1 : start;
  }
  let end = Math.min(flat.length, start + EXCERPT);
  if (end < flat.length) {
    const space = flat.lastIndexOf(" ", end);
    end = space > first ? space : end;
  }
  return `${start > 0 ? "…" : ""}${flat.slice(start, end).trim()}${end < flat.length ? "…" : ""}`;
}
