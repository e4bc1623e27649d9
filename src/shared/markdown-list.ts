/**
 * @module Text lists → items, for the browser's paste (islands/list/paste-parse.ts) and the
 * server's Markdown import (src/domain/exchange.ts) alike, so a list exported as Markdown pastes
 * and imports the same way. Understands the lists people copy from notes and messages: `-`, `*`,
 * `+`, `•` bullets, `1.` / `1)` numbers, Markdown task boxes `- [ ]` / `- [x]` (ticked →
 * completed), and indentation: a line indented deeper than the top-level line above it is that
 * line's sub-item (one level only, as items nest once). A `> text` line indented deeper than the
 * item above it is that item's description, a line of it each (how Listwell's Markdown export
 * writes descriptions, docs/decisions/021-exchange-formats.md). A `## Heading` line starts a
 * section: the top-level items under it are in it (docs/decisions/057-memory.md). Pure, and free of zod.
 */
import { MAX_DESCRIPTION_LENGTH, MAX_TITLE_LENGTH } from "./rules/tasks";

export interface PastedChild {
  title: string;
  description: string;
  completed: boolean;
}

export interface PastedItem extends PastedChild {
  children: PastedChild[];
  /** The name of the `## Heading` the item is under, if any. */
  section?: string;
}

/** An item with the line (from 1) it was read from, so an import can say where a problem is. */
export interface LinedChild extends PastedChild {
  line: number;
  /** The line of each description line, in order. */
  descriptionLines: number[];
  /** Indented deeper than its parent's first sub-item: a third level, which a paste flattens and an import refuses. */
  deeper?: true;
}
export interface LinedItem extends LinedChild {
  children: LinedChild[];
  section?: string;
}

const BULLET = /^(?:[-*+](?:\s+|$)|[•◦▪‣·]\s*|\d{1,3}[.)]\s+)/;
const TASK_BOX = /^\[([ xX])\]\s*/;
const QUOTE = /^> ?/;
/** Characters the server refuses in a title (src/shared/rules/text.ts): dropped, not refused. */
const REFUSED = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
/** The same for a description, where tabs stay (it may hold several lines). */
const REFUSED_IN_DESCRIPTION = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const TAB_WIDTH = 4;

const indentOf = (leading: string) => [...leading].reduce((width, char) => width + (char === "\t" ? TAB_WIDTH : 1), 0);

/** One item line: its title without bullet, number or task box; null when nothing is left. */
function parseItemLine(rest: string): PastedChild | null {
  let text = rest.replace(BULLET, "");
  const box = TASK_BOX.exec(text);
  if (box) text = text.slice(box[0].length);
  const title = text.replace(/\t/g, " ").replace(REFUSED, "").trim();
  return title ? { title, description: "", completed: box ? box[1] !== " " : false } : null;
}

/**
 * The items in `text`, in order, each with its line number. `flat` (pasting inside a parent's
 * view) makes every line an item of that view, since sub-items cannot have sub-items of their own.
 */
export function parseListLines(text: string, { flat = false } = {}): LinedItem[] {
  return readLines(text, flat).items;
}

/** A `## Heading` as read, with its line: a section, empty or not, in the document's order. */
export interface LinedSection {
  name: string;
  line: number;
}

function readLines(text: string, flat: boolean): { items: LinedItem[]; sections: LinedSection[] } {
  const items: LinedItem[] = [];
  const sections: LinedSection[] = [];
  let parentIndent = 0;
  let childIndent = 0;
  let last: { item: LinedChild; indent: number } | null = null;
  // A heading starts a section: the next item is top-level, whatever its indent.
  let section: string | undefined;
  let sectionStart = 0;
  for (const [index, line] of text.split(/\r\n|\r|\n/).entries()) {
    if (line.trim() === "") continue;
    const heading = headingName(line.trim());
    if (heading !== null) {
      // Inside a parent's view there are no sections: the heading is only left out.
      section = flat ? undefined : heading;
      if (!flat) sections.push({ name: heading, line: index + 1 });
      sectionStart = items.length;
      last = null;
      continue;
    }
    const leading = /^[ \t]*/.exec(line)![0];
    const indent = indentOf(leading);
    const rest = line.slice(leading.length);
    if (last && indent > last.indent && QUOTE.test(rest)) {
      const part = rest.replace(QUOTE, "").replace(REFUSED_IN_DESCRIPTION, "");
      last.item.description = last.item.descriptionLines.length === 0 ? part : `${last.item.description}\n${part}`;
      last.item.descriptionLines.push(index + 1);
      continue;
    }
    const parsed = parseItemLine(rest);
    if (!parsed) continue;
    const item: LinedChild = { ...parsed, line: index + 1, descriptionLines: [] };
    const parent = items.length > sectionStart ? items.at(-1) : undefined;
    if (!flat && parent && indent > parentIndent) {
      // The first sub-item sets the level; one under it, deeper, would be a third.
      if (parent.children.length === 0) childIndent = indent;
      else if (indent > childIndent) item.deeper = true;
      parent.children.push(item);
      last = { item, indent };
    } else {
      const top: LinedItem = { ...item, children: [], ...(section !== undefined ? { section } : {}) };
      items.push(top);
      last = { item: top, indent };
      parentIndent = indent;
    }
  }
  return { items, sections };
}

/**
 * A pasted item as the server will take it: a title past the limit keeps its start, and the whole
 * line goes to the description. Title suffixes (` (qty 2 l)`) are the Markdown import's alone: read
 * here they would cost every list page their bytes (docs/decisions/057-memory.md).
 */
function fitted({ title, description, completed }: LinedChild): PastedChild {
  const long = title.length > MAX_TITLE_LENGTH;
  const kept = long ? (description ? `${title}\n${description}` : title) : description.trim();
  return {
    title: long ? title.slice(0, MAX_TITLE_LENGTH).trimEnd() : title,
    description: kept.slice(0, MAX_DESCRIPTION_LENGTH),
    completed,
  };
}

/**
 * The items a paste adds, in order, cut to fit so nothing is refused. `flat` (pasting inside a
 * parent's view) makes every line an item of that view.
 */
export function parsePastedList(text: string, { flat = false } = {}): PastedItem[] {
  return parseListLines(text, { flat }).map((item) => ({
    ...fitted(item),
    children: item.children.map(fitted),
    ...(item.section !== undefined ? { section: item.section } : {}),
  }));
}

/** How many items a paste adds, sub-items included: what the 100-item limit counts. */
export const countPasted = (items: readonly PastedItem[]) => items.reduce((sum, item) => sum + 1 + item.children.length, 0);

const isBlank = (char: string | undefined) => char === " " || char === "\t";

/**
 * The name in a trimmed `# name` line (one to six `#`, a blank, the name, an optional closing run
 * of `#` after a blank), or null when the line is no heading. Scanned by hand, not matched: the
 * pattern it replaces backtracked over long runs of blanks, and a 64 KB line held the server for
 * seconds (docs/product-rules.md#limits).
 */
function headingName(line: string): string | null {
  let hashes = 0;
  while (line[hashes] === "#") hashes++;
  if (hashes < 1 || hashes > 6 || !isBlank(line[hashes])) return null;
  let start = hashes;
  while (isBlank(line[start])) start++;
  let end = line.length;
  while (end > start && line[end - 1] === "#") end--;
  const closed = end < line.length && end > start && isBlank(line[end - 1]);
  return line.slice(start, closed ? end : line.length).trim();
}

/**
 * A Markdown list document as Listwell's export writes it: a first line `# name` (optional, so a
 * checklist from elsewhere imports too), then the items. Line numbers count from the document's start.
 */
export function parseMarkdownDocument(text: string): { name: string | undefined; items: LinedItem[]; sections: LinedSection[] } {
  const lines = text.split(/\r\n|\r|\n/);
  const first = lines.findIndex((line) => line.trim() !== "");
  // Only a top-level heading names the list; `## Dairy` first is the first section.
  const opening = first === -1 ? "" : lines[first]!.trim();
  const name = opening.startsWith("##") ? null : headingName(opening);
  if (name === null) return { name: undefined, ...readLines(text, false) };
  // The heading's line is blanked rather than removed, so every other line keeps its number.
  lines[first] = "";
  return { name: name || undefined, ...readLines(lines.join("\n"), false) };
}
