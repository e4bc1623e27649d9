import { describe, expect, it } from "vitest";
import { runSummary } from "../../islands/routines/RunsDialog";
import { DEFAULT_FORM, describeRule, formOf, ruleOf } from "../../src/shared/routine-words";
import { wallTime } from "../../src/shared/wall-time";

describe("a routine in plain words", () => {
  it("makes the rule the Repeats form describes, and reads it back", () => {
    const cases = [
      [{ ...DEFAULT_FORM }, "FREQ=WEEKLY;BYDAY=SU;BYHOUR=18;BYMINUTE=0", "Every Sunday at 18:00"],
      [{ ...DEFAULT_FORM, repeat: "daily", time: "07:30" }, "FREQ=DAILY;BYHOUR=7;BYMINUTE=30", "Every day at 07:30"],
      [
        { ...DEFAULT_FORM, repeat: "monthly", monthDay: -1, time: "09:05" },
        "FREQ=MONTHLY;BYMONTHDAY=-1;BYHOUR=9;BYMINUTE=5",
        "On the last day of every month at 09:05",
      ],
      [
        { ...DEFAULT_FORM, repeat: "monthly", monthDay: 22 },
        "FREQ=MONTHLY;BYMONTHDAY=22;BYHOUR=18;BYMINUTE=0",
        "On the 22nd of every month at 18:00",
      ],
      [
        { ...DEFAULT_FORM, repeat: "yearly", month: 2, monthDay: 29, time: "00:00" },
        "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;BYHOUR=0;BYMINUTE=0",
        "Every year on 29 February at 00:00",
      ],
    ] as const;
    for (const [form, rule, words] of cases) {
      expect(ruleOf(form)).toBe(rule);
      expect(formOf(rule)).toEqual(form);
      expect(describeRule(rule)).toBe(words);
    }
  });

  it("describes a rule the form cannot make in its own terms, and shows the next run on the routine's clock", () => {
    expect(formOf("FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=8")).toBeNull();
    expect(describeRule("FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=8")).toBe("On its own schedule (FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=8)");
    expect(describeRule("FREQ=MONTHLY;BYMONTHDAY=11;BYHOUR=8")).toBe("On the 11th of every month at 08:00");
    // 17:00 UTC is 18:00 in Berlin in winter, 19:00 in summer.
    expect(wallTime("2026-11-29T17:00:00.000Z", "Europe/Berlin")).toBe("Sun 29 Nov, 18:00");
    expect(wallTime("2026-06-28T17:00:00.000Z", "Europe/Berlin")).toBe("Sun 28 Jun, 19:00");
  });
});

describe("a run in the reset history", () => {
  it("says how much was done and who ticked how many, the most first", () => {
    const sam = { userId: 2, username: "Sam" };
    const alex = { userId: 3, username: "Alex" };
    const guest = { userId: null, username: null };
    const items = [
      ...Array.from({ length: 3 }, (_, i) => ({ title: `A${i}`, completedBy: alex })),
      ...Array.from({ length: 6 }, (_, i) => ({ title: `S${i}`, completedBy: sam })),
      { title: "Open", completedBy: null },
    ];
    expect(runSummary({ id: 1, at: "2026-11-22T17:00:00Z", done: 9, total: 10, items })).toBe("9 of 10 done — Sam 6, Alex 3");
    expect(runSummary({ id: 2, at: "2026-11-22T17:00:00Z", done: 1, total: 2, items: [{ title: "x", completedBy: guest }] })).toBe(
      "1 of 2 done — A guest 1",
    );
    expect(runSummary({ id: 3, at: "2026-11-22T17:00:00Z", done: 0, total: 4, items: [] })).toBe("0 of 4 done");
  });
});
