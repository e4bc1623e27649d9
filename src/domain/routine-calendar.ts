import { RRuleTemporal } from "rrule-temporal";
import type { StoredRoutine } from "../store/routines";

/**
 * @module When a routine comes round (docs/decisions/053-routines.md). Every date is the
 * rrule-temporal library's, on the platform's Temporal. Rules run on wall times, counted in UTC,
 * which has no clock changes; a routine's wall times are then read in its zone, so "Sunday 18:00
 * in Berlin" stays 18:00 on both sides of a clock change.
 */

/**
 * The start a new routine counts from: midnight of today in `tz`, so a part the rule leaves out
 * takes a whole day's default (no BYHOUR: midnight; WEEKLY without BYDAY: today's weekday), and
 * seconds are always 0.
 */
export function routineStart(tz: string, now: number): string {
  return Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(tz).toPlainDate().toPlainDateTime().toString();
}

/**
 * How many of its periods the library may walk past `after` before it gives up: a little more than
 * the longest wait a rule can have, a 29 February that is a Monday (or another weekday) to the
 * next across 2100, which is no leap year (40 years). So a rule no date matches (30 February) is
 * refused in some 20 ms at worst, not after 10,000 years of Februaries.
 */
const PERIODS: Record<string, number> = { DAILY: 15_000, WEEKLY: 2_200, MONTHLY: 500, YEARLY: 50 };
const periodsOf = (rrule: string) => PERIODS[/FREQ=([A-Z]+)/.exec(rrule)?.[1] ?? "DAILY"] ?? 3_000;
/** Candidate times one search may weigh: a whole day of minutes for every day of those periods is beyond any routine. */
const CANDIDATES = 200_000;

/**
 * `rrule` from the wall time `start`, over wall times counted in UTC. In a zone the library drops
 * a wall time that a clock change skips; UTC skips none, so every time the rule names is found.
 */
function wallRule(rrule: string, start: Temporal.PlainDateTime): RRuleTemporal {
  return new RRuleTemporal({
    rruleString: rrule,
    dtstart: start.toZonedDateTime("UTC"),
    tzid: "UTC",
    maxIterations: periodsOf(rrule),
    maxCandidateEvaluations: CANDIDATES,
  });
}

/**
 * The routine's first occurrence strictly after `after` (epoch ms), or null when none comes (or the
 * rule cannot be read). A wall time is read in the routine's zone as RFC 5545 reads local times:
 * one a clock change skips is taken with the offset from before the change (02:30 the night Berlin
 * springs forward is 03:30 summer time), and one that comes twice is its first.
 */
export function nextOccurrence(routine: StoredRoutine, after: number): number | null {
  try {
    const rule = wallRule(routine.rrule, Temporal.PlainDateTime.from(routine.start));
    const then = Temporal.Instant.fromEpochMilliseconds(after).toZonedDateTimeISO(routine.tz);
    // A skipped wall time moves on by the skip, so one that much before `after`'s own can still come after it.
    const skipped = Math.max(0, then.offsetNanoseconds - then.subtract({ hours: 24 }).offsetNanoseconds);
    let wall = rule.next(then.toPlainDateTime().toZonedDateTime("UTC").subtract({ nanoseconds: skipped }));
    while (wall) {
      const at = wall.toPlainDateTime().toZonedDateTime(routine.tz, { disambiguation: "compatible" }).epochMilliseconds;
      if (at > after) return at;
      wall = rule.next(wall);
    }
    return null;
  } catch {
    // The library gives up on a rule no date matches (BYMONTH=2;BYMONTHDAY=30) after its iteration cap.
    return null;
  }
}

/** The offset a date-time `dueAt` was written with (`Z` or `±HH:MM`), and its wall time before it. */
const OFFSET = /(Z|[+-]\d\d:\d\d)$/;

/** The first occurrence of `rrule` from `dtstart` (a wall time counted in UTC) strictly after `after` (epoch ms), or null. */
function occurrenceAfter(rrule: string, dtstart: Temporal.PlainDateTime, after: number): Temporal.PlainDateTime | null {
  try {
    return wallRule(rrule, dtstart).next(new Date(after))?.toPlainDateTime() ?? null;
  } catch {
    return null;
  }
}

/**
 * Where a repeating item's due date moves when it is ticked (docs/decisions/055-due-dates.md): the
 * rule's first occurrence after the current `dueAt`, counted from it. A date stays a date (the
 * first later day the rule names); a date-time keeps its wall clock and its offset, which has no
 * clock changes, so the rule runs on the wall time itself. Without a due date, the first day the
 * rule names after today (UTC). Null when no date matches the rule.
 */
export function nextDue(repeat: string, dueAt: string | null, now: number): string | null {
  const offset = dueAt === null ? null : OFFSET.exec(dueAt)?.[1];
  if (dueAt === null || !offset) {
    const day =
      dueAt === null ? Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO("UTC").toPlainDate() : Temporal.PlainDate.from(dueAt);
    const start = day.toPlainDateTime();
    // After the whole of the day, so a rule with hours still moves the item to a later day.
    const endOfDay = start.add({ days: 1 }).toZonedDateTime("UTC").epochMilliseconds - 1;
    return occurrenceAfter(repeat, start, endOfDay)?.toPlainDate().toString() ?? null;
  }
  const wall = Temporal.PlainDateTime.from(dueAt.slice(0, -offset.length));
  const next = occurrenceAfter(repeat, wall, wall.toZonedDateTime("UTC").epochMilliseconds);
  if (!next) return null;
  const seconds = /T\d\d:\d\d:/.test(dueAt);
  return `${next.toString({ smallestUnit: seconds ? "second" : "minute" })}${offset}`;
}
