/**
 * @module What Markdown and plain text write after an item's title, and how Markdown reads it back
 * (docs/decisions/057-memory.md): `Milk (qty 2 l) (due 2026-12-01)`. The quantity is written
 * after "qty", its `\`, `(` and `)` escaped, so any quantity comes back exactly; a title that
 * itself ends in what reads as a suffix ("Meet (due 2026-12-01)" with no due date) is guarded by
 * an empty `(qty)`, so every title comes back exactly too. "Milk (organic)" is just a title. No zod.
 */
import { splitDueSuffix, withDueSuffix } from "./rules/due-dates";
import { checkText } from "./rules/text";
import { QUANTITY } from "./rules/memory";

/** ` (qty …)` at the end, its text escaped; ` (qty)` alone is the guard. */
const QUANTITY_SUFFIX = / \(qty(?: ((?:[^()\\]|\\[\\()])+))?\)$/;

const escaped = (quantity: string) => quantity.replace(/[\\()]/g, (char) => `\\${char}`);
const unescaped = (text: string) => text.replace(/\\([\\()])/g, "$1");

export interface SuffixedTitle {
  title: string;
  quantity?: string;
  dueAt?: string;
}

/** The title with its quantity, then its due date, as Markdown and plain text write them. */
export function withSuffixes(title: string, { quantity, dueAt }: { quantity?: string | null; dueAt?: string | null }): string {
  const read = splitSuffixes(title);
  // Nothing after the title, yet it would lose its end when read: the empty guard keeps it whole.
  const guard = !quantity && (read.title !== title || read.quantity !== undefined || read.dueAt !== undefined);
  const withQuantity = quantity ? `${title} (qty ${escaped(quantity)})` : guard ? `${title} (qty)` : title;
  return withDueSuffix(withQuantity, dueAt);
}

/** A written title read back: a valid trailing due date, then a quantity (or the guard), taken off; the rest is the title. */
export function splitSuffixes(text: string): SuffixedTitle {
  const { title: beforeDue, dueAt } = splitDueSuffix(text);
  const match = QUANTITY_SUFFIX.exec(beforeDue);
  const due = dueAt ? { dueAt } : {};
  if (!match) return { title: beforeDue, ...due };
  const title = beforeDue.slice(0, match.index);
  if (match[1] === undefined) return { title, ...due };
  const quantity = unescaped(match[1]).trim();
  // Not a quantity the item could hold: left as part of the title.
  if (quantity === "" || checkText(QUANTITY, quantity)) return { title: beforeDue, ...due };
  return { title, quantity, ...due };
}
