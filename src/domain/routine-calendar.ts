import { RRuleTemporal } from "rrule-temporal";
import type { StoredRoutine } from "../store/routines";

/**
 * @module When a routine comes round (docs/decisions/053-routines.md). Every date is the
 * rrule-temporal library's, on the platform's Temporal: occurrences are wall-clock times in the
 * routine's zone, so "Sunday 18:00 in Berlin" stays 18:00 on both sides of a clock change.
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
 * the longest wait a rule can have, 29 February to 29 February across 2100 (8 years). So a rule no
 * date matches (30 February) is refused in milliseconds, not after 10,000 years of Februaries.
 */
const PERIODS: Record<string, number> = { DAILY: 3_000, WEEKLY: 450, MONTHLY: 100, YEARLY: 10 };
const periodsOf = (rrule: string) => PERIODS[/FREQ=([A-Z]+)/.exec(rrule)?.[1] ?? "DAILY"] ?? 3_000;
/** Candidate times one search may weigh: a whole day of minutes for every day of those periods is beyond any routine. */
const CANDIDATES = 200_000;

/** The routine's first occurrence strictly after `after` (epoch ms), or null when none comes (or the rule cannot be read). */
export function nextOccurrence(routine: StoredRoutine, after: number): number | null {
  try {
    const dtstart = Temporal.PlainDateTime.from(routine.start).toZonedDateTime(routine.tz);
    const rule = new RRuleTemporal({
      rruleString: routine.rrule,
      dtstart,
      tzid: routine.tz,
      maxIterations: periodsOf(routine.rrule),
      maxCandidateEvaluations: CANDIDATES,
    });
    return rule.next(new Date(after))?.epochMilliseconds ?? null;
  } catch {
    // The library gives up on a rule no date matches (BYMONTH=2;BYMONTHDAY=30) after its iteration cap.
    return null;
  }
}
