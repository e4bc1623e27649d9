/**
 * @module How much of an item, in the words a person types it (docs/decisions/059-quick-add-memory.md):
 * the quantity a quick-add title starts or ends with ("2 l milk", "milk 2 l", "Milk x2"), and a
 * quantity stepped by one from a row's +/−. Loaded when the quick-add field is first focused, like
 * the date's words; the rows' +/− is ./quantity-step.ts, which the rows need at first paint.
 */
import { MAX_QUANTITY_LENGTH } from "./rules/memory";

/**
 * Every unit a quantity may name, lower-case, in one place. A word not here is the item's own
 * ("3 apples" is 3 of "Apples", never 3 "apples" of nothing).
 */
export const UNITS: readonly string[] = [
  // Weight and volume, metric and imperial.
  "mg",
  "g",
  "kg",
  "ml",
  "cl",
  "dl",
  "l",
  "oz",
  "lb",
  "lbs",
  "pt",
  "pint",
  "pints",
  "gal",
  // Kitchen measures.
  "tsp",
  "tbsp",
  "cup",
  "cups",
  // Counts of things that come together.
  "dozen",
  "pack",
  "packs",
  "packet",
  "packets",
  "pc",
  "pcs",
  "can",
  "cans",
  "tin",
  "tins",
  "jar",
  "jars",
  "bottle",
  "bottles",
  "bag",
  "bags",
  "box",
  "boxes",
  "bunch",
  "bunches",
  "loaf",
  "loaves",
  "slice",
  "slices",
  "roll",
  "rolls",
];

/** An amount: a whole or decimal number (point or comma), a fraction like 1/2, or ½-style characters. */
const AMOUNT = String.raw`(?:\d+(?:[.,]\d+)?(?![\d/])|\d+/\d+|[½⅓⅔¼¾⅛])`;
const UNIT = `(?:${UNITS.map((unit) => unit.replace(".", "\\.")).join("|")})`;
/** "2 l milk", "500g flour", "2 bags of rice": the amount, its unit, then the title. */
const LEADING = new RegExp(String.raw`^(${AMOUNT})\s*(${UNIT})\s+(?:of\s+)?(.+)$`, "iu");
/** "3 apples", "2x milk": a count, then the title. */
const LEADING_COUNT = /^(\d{1,3}(?![\d/])|\d+\/\d+|[½⅓⅔¼¾⅛])(?:\s*[x×])?\s+(.+)$/iu;
/** "milk 2 l", "flour 500g". */
const TRAILING = new RegExp(String.raw`^(.+?)\s+(${AMOUNT})\s*(${UNIT})$`, "iu");
/** "Milk x2", "Milk ×2", "Milk 2x". */
const TRAILING_TIMES = /^(.+?)\s+(?:[x×]\s*(\d{1,3})|(\d{1,3})\s*[x×])$/iu;

export interface Quantified {
  /** The title without the quantity's words. */
  title: string;
  /** As typed, spaced as "500 g". */
  quantity: string;
}

/** "milk" → "Milk"; a title typed with capitals of its own ("iPhone case") stays as typed. */
const capitalised = (title: string) => (title === title.toLowerCase() ? title.charAt(0).toUpperCase() + title.slice(1) : title);

const made = (title: string, amount: string, unit?: string): Quantified | null => {
  const quantity = unit ? `${amount} ${unit}` : amount;
  const rest = title.trim();
  // Nothing left but the quantity ("2 l", "500g"): the field keeps it as a title.
  if (!/\p{L}/u.test(rest) || UNITS.includes(rest.toLowerCase()) || quantity.length > MAX_QUANTITY_LENGTH) return null;
  return { title: capitalised(rest), quantity };
};

/** The quantity a quick-add title starts or ends with, and the title without it; null when it names none. */
export function parseQuantity(text: string): Quantified | null {
  const typed = text.trim().replace(/\s+/gu, " ");
  let match = LEADING.exec(typed);
  if (match) return made(match[3]!, match[1]!, match[2]);
  match = TRAILING.exec(typed);
  if (match) return made(match[1]!, match[2]!, match[3]);
  match = TRAILING_TIMES.exec(typed);
  if (match) return made(match[1]!, (match[2] ?? match[3])!);
  match = LEADING_COUNT.exec(typed);
  if (match) return made(match[2]!, match[1]!);
  return null;
}

/**
 * A pasted line's item with the quantity its title starts or ends with taken off it ("2 l milk");
 * one that names its quantity already (Markdown's "Milk (qty 2 l)") is left as it is.
 */
export function withQuantity<T extends { title: string; quantity?: string }>(item: T): T & { quantity?: string } {
  if (item.quantity) return item;
  const read = parseQuantity(item.title);
  return read ? { ...item, ...read } : item;
}
