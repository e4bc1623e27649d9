import { describe, expect, it } from "vitest";
import { nextOccurrence, routineStart } from "../../src/domain/routine-calendar";

/** Occurrences after `from`, one after another, as ISO instants. */
function occurrences(routine: { rrule: string; tz: string; start: string }, from: string, count: number): string[] {
  const found: string[] = [];
  let after = Date.parse(from);
  for (let i = 0; i < count; i++) {
    const next = nextOccurrence(routine, after);
    if (next === null) break;
    found.push(new Date(next).toISOString());
    after = next;
  }
  return found;
}

/** When a routine comes round (docs/decisions/053-routines.md): wall-clock times in its zone, computed from fixed instants. */
describe("routine calendar", () => {
  it("keeps Sunday 18:00 in Berlin across both clock changes", () => {
    const sundays = { rrule: "FREQ=WEEKLY;BYDAY=SU;BYHOUR=18;BYMINUTE=0", tz: "Europe/Berlin", start: "2026-03-01T00:00:00" };
    // Clocks go forward on 29 March and back on 25 October 2026: UTC+1, then +2, then +1 again.
    expect(occurrences(sundays, "2026-03-22T12:00:00Z", 2)).toEqual(["2026-03-22T17:00:00.000Z", "2026-03-29T16:00:00.000Z"]);
    expect(occurrences(sundays, "2026-10-18T12:00:00Z", 2)).toEqual(["2026-10-18T16:00:00.000Z", "2026-10-25T17:00:00.000Z"]);
  });

  it("keeps 18:00 every day in New York across both clock changes", () => {
    const evenings = { rrule: "FREQ=DAILY;BYHOUR=18;BYMINUTE=0", tz: "America/New_York", start: "2026-01-01T00:00:00" };
    // 8 March and 1 November 2026: UTC-5 to -4 and back.
    expect(occurrences(evenings, "2026-03-07T12:00:00Z", 2)).toEqual(["2026-03-07T23:00:00.000Z", "2026-03-08T22:00:00.000Z"]);
    expect(occurrences(evenings, "2026-10-31T12:00:00Z", 2)).toEqual(["2026-10-31T22:00:00.000Z", "2026-11-01T23:00:00.000Z"]);
  });

  it("takes a time the clocks skip with the offset from before the skip, as RFC 5545 reads it", () => {
    // Clocks spring forward at 02:00 on 14 March 2027 in New York and on 28 March in Berlin: 02:30 is read as 03:30 summer time.
    const newYork = { rrule: "FREQ=YEARLY;BYMONTH=3;BYDAY=2SU;BYHOUR=2;BYMINUTE=30", tz: "America/New_York", start: "2026-11-28T00:00:00" };
    expect(occurrences(newYork, "2026-11-28T00:00:00Z", 2)).toEqual(["2027-03-14T07:30:00.000Z", "2028-03-12T07:30:00.000Z"]);
    const berlin = { rrule: "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU;BYHOUR=2;BYMINUTE=30", tz: "Europe/Berlin", start: "2026-11-28T00:00:00" };
    expect(occurrences(berlin, "2026-11-28T00:00:00Z", 2)).toEqual(["2027-03-28T01:30:00.000Z", "2028-03-26T01:30:00.000Z"]);
    // The 28th is the skipping Sunday in 2027 only: in 2028 it is summer time already.
    const the28th = { ...berlin, rrule: "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=28;BYHOUR=2;BYMINUTE=30" };
    expect(occurrences(the28th, "2026-11-28T00:00:00Z", 2)).toEqual(["2027-03-28T01:30:00.000Z", "2028-03-28T00:30:00.000Z"]);
  });

  it("keeps 02:30 every day on the night the clocks skip it, and runs it once on the night it comes twice", () => {
    const berlin = { rrule: "FREQ=DAILY;BYHOUR=2;BYMINUTE=30", tz: "Europe/Berlin", start: "2027-01-01T00:00:00" };
    expect(occurrences(berlin, "2027-03-27T00:00:00Z", 3)).toEqual([
      "2027-03-27T01:30:00.000Z",
      "2027-03-28T01:30:00.000Z",
      "2027-03-29T00:30:00.000Z",
    ]);
    // From 03:10 summer time, after the skip but before the skipped time's turn, it still comes that night.
    expect(occurrences(berlin, "2027-03-28T01:10:00Z", 1)).toEqual(["2027-03-28T01:30:00.000Z"]);
    const newYork = { ...berlin, tz: "America/New_York" };
    expect(occurrences(newYork, "2027-03-13T00:00:00Z", 3)).toEqual([
      "2027-03-13T07:30:00.000Z",
      "2027-03-14T07:30:00.000Z",
      "2027-03-15T06:30:00.000Z",
    ]);
    // On 31 October Berlin's 02:30 comes at 00:30Z and again at 01:30Z: the first, and only it, even from within the hour between.
    expect(occurrences(berlin, "2027-10-30T12:00:00Z", 2)).toEqual(["2027-10-31T00:30:00.000Z", "2027-11-01T01:30:00.000Z"]);
    expect(occurrences(berlin, "2027-10-31T00:40:00Z", 1)).toEqual(["2027-11-01T01:30:00.000Z"]);
  });

  it("keeps midnight for a routine set on a day whose midnight the clocks skip", () => {
    // Santiago springs forward at midnight on 6 September 2026: that day's midnight is 01:00, every later one midnight again.
    const santiago = {
      rrule: "FREQ=DAILY",
      tz: "America/Santiago",
      start: routineStart("America/Santiago", Date.parse("2026-09-06T15:00:00Z")),
    };
    expect(occurrences(santiago, "2026-09-06T00:00:00Z", 3)).toEqual([
      "2026-09-06T04:00:00.000Z",
      "2026-09-07T03:00:00.000Z",
      "2026-09-08T03:00:00.000Z",
    ]);
  });

  it("finds the last day of each month, February's too", () => {
    const monthEnds = { rrule: "FREQ=MONTHLY;BYMONTHDAY=-1;BYHOUR=18", tz: "UTC", start: "2027-01-01T00:00:00" };
    expect(occurrences(monthEnds, "2027-01-15T00:00:00Z", 4)).toEqual([
      "2027-01-31T18:00:00.000Z",
      "2027-02-28T18:00:00.000Z",
      "2027-03-31T18:00:00.000Z",
      "2027-04-30T18:00:00.000Z",
    ]);
    expect(occurrences(monthEnds, "2028-02-01T00:00:00Z", 1)).toEqual(["2028-02-29T18:00:00.000Z"]);
  });

  it("comes round on 29 February in leap years only, skipping 2100", () => {
    const leapDays = { rrule: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;BYHOUR=9", tz: "Europe/Berlin", start: "2025-01-01T00:00:00" };
    expect(occurrences(leapDays, "2025-06-01T00:00:00Z", 2)).toEqual(["2028-02-29T08:00:00.000Z", "2032-02-29T08:00:00.000Z"]);
    const late = { ...leapDays, start: "2095-01-01T00:00:00" };
    expect(occurrences(late, "2096-03-01T00:00:00Z", 1)).toEqual(["2104-02-29T08:00:00.000Z"]);
    // A 29 February that is a Monday comes round every 28 years, and 40 across 2100: rare, but it comes.
    for (const freq of ["YEARLY", "MONTHLY", "WEEKLY", "DAILY"]) {
      const leapMondays = { rrule: `FREQ=${freq};BYMONTH=2;BYMONTHDAY=29;BYDAY=MO`, tz: "UTC", start: "2026-01-01T00:00:00" };
      expect(occurrences(leapMondays, "2026-11-28T00:00:00Z", 1)).toEqual(["2044-02-29T00:00:00.000Z"]);
      expect(occurrences({ ...leapMondays, start: "2072-03-01T00:00:00" }, "2072-03-01T00:00:00Z", 1)).toEqual([
        "2112-02-29T00:00:00.000Z",
      ]);
    }
  });

  it("answers null for a rule no date matches", () => {
    expect(
      nextOccurrence({ rrule: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", tz: "UTC", start: "2026-01-01T00:00:00" }, Date.now()),
    ).toBeNull();
  });

  it("starts a new routine at midnight of today in its own zone", () => {
    const instant = Date.parse("2026-06-30T20:00:00Z");
    expect(routineStart("America/New_York", instant)).toBe("2026-06-30T00:00:00");
    expect(routineStart("Pacific/Auckland", instant)).toBe("2026-07-01T00:00:00");
  });
});
