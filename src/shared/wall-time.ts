/**
 * @module An instant as the wall clock of a zone shows it, the way a routine's times are read
 * (docs/decisions/053-routines.md). Apart from ./routine-words.ts: the list page's header line
 * needs this and nothing of the Repeats form.
 */

/** "Sun 29 Nov, 18:00": `instant` (ISO) on `tz`'s clock. */
export function wallTime(instant: string, tz: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: tz,
  }).format(new Date(instant));
}
