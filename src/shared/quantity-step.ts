/**
 * @module A row's quantity stepped by its +/− (docs/decisions/059-quick-add-memory.md). Apart from
 * ./quantity.ts, the quick add's parser, which is loaded when the field is first focused: the rows
 * need this at first paint.
 */
import { MAX_QUANTITY_LENGTH } from "./rules/memory";

/** A quantity a row's +/− can step: a whole or decimal number first, whatever follows kept. */
const STEPPABLE = /^(\d+)(?:([.,])(\d+))?(?![\d/])(.*)$/u;

/** Whether a row shows +/− for this quantity: it starts with a number. */
export const isSteppable = (quantity: string | null | undefined): quantity is string => !!quantity && STEPPABLE.test(quantity);

/**
 * The quantity one more or one less ("2 l" → "3 l", "1.5 kg" → "0.5 kg"), with its unit and its
 * decimal mark kept; null when it cannot step: not a number, or one less would be nothing (at "1",
 * − is disabled, so a slip never removes the quantity; the sheet clears it).
 */
export function stepQuantity(quantity: string, by: 1 | -1): string | null {
  const match = STEPPABLE.exec(quantity);
  if (!match) return null;
  const [, whole, mark = "", fraction = "", rest] = match;
  const scale = 10 ** fraction.length;
  const next = Number(whole) * scale + (fraction ? Number(fraction) : 0) + by * scale;
  if (next <= 0 || !Number.isSafeInteger(next)) return null;
  const digits = String(next).padStart(fraction.length + 1, "0");
  const stepped = fraction ? `${digits.slice(0, -fraction.length)}${mark}${digits.slice(-fraction.length)}` : digits;
  const result = stepped + rest;
  return result.length > MAX_QUANTITY_LENGTH ? null : result;
}
