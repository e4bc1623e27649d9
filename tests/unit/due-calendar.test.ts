import { describe, expect, it } from "vitest";
import { nextDue } from "../../src/domain/routine-calendar";
import { repeatField } from "../../src/shared/due-dates";
import { splitDueSuffix, withDueSuffix } from "../../src/shared/rules/due-dates";

const NOW = Date.parse("2026-11-27T23:00:00Z");

/** Where a repeating item's due date moves (docs/decisions/055-due-dates.md), from fixed dates. */
describe("due calendar", () => {
  it("moves a date to the rule's next day, a later day even when the rule names hours", () => {
    expect(nextDue("FREQ=WEEKLY;BYDAY=TU", "2026-12-01", NOW)).toBe("2026-12-08");
    // Due on a Wednesday, weekly on Tuesdays: the next Tuesday, not a week on from Wednesday.
    expect(nextDue("FREQ=WEEKLY;BYDAY=TU", "2026-12-02", NOW)).toBe("2026-12-08");
    expect(nextDue("FREQ=DAILY;BYHOUR=9", "2026-12-01", NOW)).toBe("2026-12-02");
    expect(nextDue("FREQ=MONTHLY;BYMONTHDAY=-1", "2027-01-31", NOW)).toBe("2027-02-28");
    expect(nextDue("FREQ=MONTHLY;BYMONTHDAY=-1", "2028-01-31", NOW)).toBe("2028-02-29");
    expect(nextDue("FREQ=YEARLY", "2028-02-29", NOW)).toBe("2032-02-29");
    expect(nextDue("FREQ=MONTHLY;INTERVAL=3", "2026-11-30", NOW)).toBe("2027-05-30");
  });

  it("keeps a date-time's wall time, offset and precision", () => {
    expect(nextDue("FREQ=WEEKLY", "2026-12-01T07:30+01:00", NOW)).toBe("2026-12-08T07:30+01:00");
    expect(nextDue("FREQ=DAILY", "2026-12-31T23:30:15-05:00", NOW)).toBe("2027-01-01T23:30:15-05:00");
    expect(nextDue("FREQ=DAILY;BYHOUR=6,18", "2026-12-01T06:00Z", NOW)).toBe("2026-12-01T18:00Z");
  });

  it("starts an item without a due date at the rule's first day after today, and gives up on a rule no date matches", () => {
    expect(nextDue("FREQ=WEEKLY;BYDAY=TU", null, NOW)).toBe("2026-12-01");
    expect(nextDue("FREQ=DAILY", null, NOW)).toBe("2026-11-28");
    expect(nextDue("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", "2026-12-01", NOW)).toBeNull();
  });

  it("reads a repeat in the routine's grammar: RRULE: and a last semicolon dropped, a numbered weekday by month or year only", () => {
    expect(repeatField.parse("rrule:freq=weekly;byday=tu;")).toBe("FREQ=WEEKLY;BYDAY=TU");
    expect(repeatField.parse("FREQ=MONTHLY;BYDAY=1MO")).toBe("FREQ=MONTHLY;BYDAY=1MO");
    expect(repeatField.safeParse("FREQ=WEEKLY;BYDAY=1MO").error?.issues.map((issue) => issue.message)).toEqual([
      "The repeat's BYDAY can number a weekday (1MO, -1FR) only when FREQ is MONTHLY or YEARLY",
    ]);
  });

  it("writes a due date after a title and reads back only a valid one", () => {
    expect(withDueSuffix("Bins", "2026-12-01")).toBe("Bins (due 2026-12-01)");
    expect(withDueSuffix("Bins", null)).toBe("Bins");
    expect(splitDueSuffix("Call (mum) (due 2026-12-03T09:30+01:00)")).toEqual({ title: "Call (mum)", dueAt: "2026-12-03T09:30+01:00" });
    expect(splitDueSuffix("Pay (due soon)")).toEqual({ title: "Pay (due soon)" });
    expect(splitDueSuffix("Tax (due 2026-02-30)")).toEqual({ title: "Tax (due 2026-02-30)" });
  });
});
