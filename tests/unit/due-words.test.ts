import { describe, expect, it } from "vitest";
import { addDays, dayIn, describeDue, dueDay } from "../../src/shared/due-days";
import { parseDue } from "../../src/shared/due-words";
import { repeatChoice, repeatRule } from "../../src/shared/item-repeat";

// Friday 27 November 2026.
const FRIDAY = "2026-11-27";

describe("a date at the end of a quick-add title", () => {
  it("reads today and tomorrow", () => {
    expect(parseDue("Call mum today", FRIDAY)).toEqual({ title: "Call mum", dueAt: "2026-11-27" });
    expect(parseDue("Call mum Tomorrow", FRIDAY)).toEqual({ title: "Call mum", dueAt: "2026-11-28" });
  });

  it("reads a weekday, whole or short, as the next one", () => {
    expect(parseDue("Bins tuesday", FRIDAY)).toEqual({ title: "Bins", dueAt: "2026-12-01" });
    expect(parseDue("Bins tue", FRIDAY)).toEqual({ title: "Bins", dueAt: "2026-12-01" });
    expect(parseDue("Bins Sat", FRIDAY)).toEqual({ title: "Bins", dueAt: "2026-11-28" });
    expect(parseDue("Bins thurs", FRIDAY)).toEqual({ title: "Bins", dueAt: "2026-12-03" });
    // Today's own weekday names next week's: "today" names today.
    expect(parseDue("Bins friday", FRIDAY)).toEqual({ title: "Bins", dueAt: "2026-12-04" });
    expect(parseDue("Bins fri", FRIDAY)).toEqual({ title: "Bins", dueAt: "2026-12-04" });
  });

  it("reads a day and month either way round, and day/month", () => {
    expect(parseDue("Cards 24 dec", FRIDAY)).toEqual({ title: "Cards", dueAt: "2026-12-24" });
    expect(parseDue("Cards dec 24", FRIDAY)).toEqual({ title: "Cards", dueAt: "2026-12-24" });
    expect(parseDue("Cards December 24", FRIDAY)).toEqual({ title: "Cards", dueAt: "2026-12-24" });
    expect(parseDue("Cards 24/12", FRIDAY)).toEqual({ title: "Cards", dueAt: "2026-12-24" });
  });

  it("takes a date already past this year as next year's", () => {
    expect(parseDue("Taxes 31 jan", FRIDAY)).toEqual({ title: "Taxes", dueAt: "2027-01-31" });
    expect(parseDue("Taxes 1/3", FRIDAY)).toEqual({ title: "Taxes", dueAt: "2027-03-01" });
    expect(parseDue("Today's thing 27 nov", FRIDAY)).toEqual({ title: "Today's thing", dueAt: "2026-11-27" });
  });

  it("finds 29 February in the next leap year, and no 31 June at all", () => {
    expect(parseDue("Leap 29 feb", FRIDAY)).toEqual({ title: "Leap", dueAt: "2028-02-29" });
    expect(parseDue("Party 31 june", FRIDAY)).toBeNull();
    expect(parseDue("Party 31/6", FRIDAY)).toBeNull();
    expect(parseDue("Party 30 june", FRIDAY)).toEqual({ title: "Party", dueAt: "2027-06-30" });
  });

  it("drops a linking word before the date, but keeps a title that is only one", () => {
    expect(parseDue("Bins on tuesday", FRIDAY)).toEqual({ title: "Bins", dueAt: "2026-12-01" });
    expect(parseDue("Essay due fri", FRIDAY)).toEqual({ title: "Essay", dueAt: "2026-12-04" });
    expect(parseDue("on tuesday", FRIDAY)).toEqual({ title: "on", dueAt: "2026-12-01" });
  });

  it("leaves titles that end with no date, or are nothing but one", () => {
    expect(parseDue("Milk", FRIDAY)).toBeNull();
    expect(parseDue("Tuesday", FRIDAY)).toBeNull();
    expect(parseDue("Eggs 12", FRIDAY)).toBeNull();
    expect(parseDue("Batteries AA 4", FRIDAY)).toBeNull();
    expect(parseDue("Read Mayday", FRIDAY)).toBeNull();
    expect(parseDue("Pages 24/13", FRIDAY)).toBeNull();
    expect(parseDue("Sundays", FRIDAY)).toBeNull();
  });
});

describe("a due date as its row says it", () => {
  it("says today, tomorrow and the weekday within the week", () => {
    expect(describeDue("2026-11-27", FRIDAY)).toEqual({ words: "Today", overdue: false });
    expect(describeDue("2026-11-28", FRIDAY)).toEqual({ words: "Tomorrow", overdue: false });
    expect(describeDue("2026-12-01", FRIDAY)).toEqual({ words: "Tue 1 Dec", overdue: false });
    expect(describeDue("2026-12-03", FRIDAY)).toEqual({ words: "Thu 3 Dec", overdue: false });
  });

  it("says the date from a week on, with its year outside this one", () => {
    expect(describeDue("2026-12-04", FRIDAY)).toEqual({ words: "4 Dec", overdue: false });
    expect(describeDue("2027-12-04", FRIDAY)).toEqual({ words: "4 Dec 2027", overdue: false });
  });

  it("says overdue with the date before today", () => {
    expect(describeDue("2026-11-24", FRIDAY)).toEqual({ words: "Overdue · 24 Nov", overdue: true });
    expect(describeDue("2025-12-31", FRIDAY)).toEqual({ words: "Overdue · 31 Dec 2025", overdue: true });
  });

  it("reads a due time on the viewer's calendar", () => {
    // 23:30 in New York on the 27th is already the 28th in Berlin.
    const late = "2026-11-27T23:30:00-05:00";
    expect(dueDay(late, "America/New_York")).toBe("2026-11-27");
    expect(dueDay(late, "Europe/Berlin")).toBe("2026-11-28");
    expect(describeDue(late, FRIDAY, "Europe/Berlin").words).toBe("Tomorrow");
    expect(describeDue(late, "2026-11-29", "America/New_York")).toEqual({ words: "Overdue · 27 Nov", overdue: true });
  });

  it("counts days across a clock change and a month's end", () => {
    expect(addDays("2026-10-24", 2)).toBe("2026-10-26");
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(dayIn(new Date("2026-03-29T01:30:00Z"), "Europe/London")).toBe("2026-03-29");
  });
});

describe("an item's repeat", () => {
  it("makes the rule from the due day", () => {
    expect(repeatRule("never", FRIDAY)).toBeNull();
    expect(repeatRule("daily", FRIDAY)).toBe("FREQ=DAILY");
    expect(repeatRule("weekly", "2026-12-01")).toBe("FREQ=WEEKLY;BYDAY=TU");
    expect(repeatRule("weekly", "2026-11-29")).toBe("FREQ=WEEKLY;BYDAY=SU");
    expect(repeatRule("monthly", "2026-12-31")).toBe("FREQ=MONTHLY;BYMONTHDAY=31");
    expect(repeatRule("yearly", "2026-12-04")).toBe("FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=4");
  });

  it("reads the choice back from a rule", () => {
    expect(repeatChoice(null)).toBe("never");
    expect(repeatChoice("FREQ=WEEKLY;BYDAY=TU")).toBe("weekly");
    expect(repeatChoice("FREQ=MONTHLY;BYMONTHDAY=4")).toBe("monthly");
    expect(repeatChoice("INTERVAL=2;FREQ=DAILY")).toBe("daily");
  });
});
