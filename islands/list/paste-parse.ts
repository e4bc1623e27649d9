/**
 * @module Pasted text → the items `POST /api/tasks/bulk` takes (DESIGN §11). Understands the
 * lists people copy from notes and messages: `-`, `*`, `+`, `•` bullets, `1.` / `1)` numbers,
 * Markdown task boxes `- [ ]` / `- [x]` (ticked → completed), and indentation: a line indented
 * deeper than the top-level line above it is that line's sub-item (one level only, as items nest
 * once). Pure, so the unit tests pin it down without a browser.
 */
import { MAX_DESCRIPTION_LENGTH, MAX_TITLE_LENGTH } from "../../src/shared/rules/tasks";

export interface PastedChild {
  title: string;
  description: string;
  completed: boolean;
}

export interface PastedItem extends PastedChild {
  children: PastedChild[];
}

const BULLET = /^(?:[-*+](?:\s+|$)|[•◦▪‣·]\s*|\d{1,3}[.)]\s+)/;
const TASK_BOX = /^\[([ xX])\]\s*/;
/** Characters the server refuses in a title (src/shared/rules/text.ts): dropped, not refused. */
const REFUSED = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const TAB_WIDTH = 4;

const lines = (text: string) => text.split(/\r\n|\r|\n/).filter((line) => line.trim() !== "");

/** One line as an item: its indentation, and its title without bullet, number or task box. */
function parseLine(line: string): { indent: number; item: PastedChild } | null {
  const leading = /^[ \t]*/.exec(line)![0];
  const indent = [...leading].reduce((width, char) => width + (char === "\t" ? TAB_WIDTH : 1), 0);
  let rest = line.slice(leading.length).replace(BULLET, "");
  const box = TASK_BOX.exec(rest);
  if (box) rest = rest.slice(box[0].length);
  const text = rest.replace(/\t/g, " ").replace(REFUSED, "").trim();
  if (!text) return null;
  // A title past the limit keeps its start as title and the whole line as description, so nothing is lost.
  const long = text.length > MAX_TITLE_LENGTH;
  return {
    indent,
    item: {
      title: long ? text.slice(0, MAX_TITLE_LENGTH).trimEnd() : text,
      description: long ? text.slice(0, MAX_DESCRIPTION_LENGTH) : "",
      completed: box ? box[1] !== " " : false,
    },
  };
}

/**
 * The items in `text`, in order. `flat` (pasting inside a parent's view) makes every line an
 * item of that view, since sub-items cannot have sub-items of their own.
 */
export function parsePastedList(text: string, { flat = false } = {}): PastedItem[] {
  const items: PastedItem[] = [];
  let parentIndent = 0;
  for (const line of lines(text)) {
    const parsed = parseLine(line);
    if (!parsed) continue;
    const parent = items.at(-1);
    if (!flat && parent && parsed.indent > parentIndent) {
      parent.children.push(parsed.item);
      continue;
    }
    items.push({ ...parsed.item, children: [] });
    parentIndent = parsed.indent;
  }
  return items;
}

/** How many items a paste adds, sub-items included: what the 100-item limit counts. */
export const countPasted = (items: readonly PastedItem[]) => items.reduce((sum, item) => sum + 1 + item.children.length, 0);
