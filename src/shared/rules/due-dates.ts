/** @module Due dates' forms, plain: the schemas (../due-dates.ts) and the Markdown exchange (../exchange-format.ts) read them (docs/decisions/055-due-dates.md). */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

/** A `YYYY-MM-DD` that names a day of the calendar (no 30 February). */
export function isCalendarDate(text: string): boolean {
  const parts = DATE.exec(text);
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An ISO date and time with its offset (`Z` or `+01:00`), seconds optional, on a day of the calendar. */
export function isOffsetDateTime(text: string): boolean {
  const parts = DATE_TIME.exec(text);
  return parts !== null && isCalendarDate(parts[1]!);
}

/** How Markdown and plain text write a due date after an item's title: `Bins (due 2026-12-01)`. */
const DUE_SUFFIX = / \(due ([^()\s]+)\)$/;

export const withDueSuffix = (title: string, dueAt: string | null | undefined) => (dueAt ? `${title} (due ${dueAt})` : title);

/** A title read back: a trailing `(due …)` holding a valid due date is taken off as its dueAt; anything else stays title. */
export function splitDueSuffix(text: string): { title: string; dueAt?: string } {
  const match = DUE_SUFFIX.exec(text);
  const dueAt = match?.[1];
  if (!match || !dueAt || !(isCalendarDate(dueAt) || isOffsetDateTime(dueAt))) return { title: text };
  return { title: text.slice(0, match.index).trimEnd(), dueAt };
}
