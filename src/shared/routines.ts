/**
 * @module A list's routine (docs/decisions/053-routines.md): an RFC 5545 recurrence rule and an
 * IANA zone whose wall clock it keeps. The grammar and ranges are checked here; whether the rule
 * ever comes round is the server's question (src/domain/routines.ts), as only it computes dates.
 */
import * as z from "zod";
import type { Actor } from "./attribution";

export const ROUTINE_FREQUENCIES = ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"] as const;

/** Longer rules than this say nothing a person would set; the bound keeps parsing cheap. */
export const RRULE_MAX = 200;

const WEEKDAY = "(MO|TU|WE|TH|FR|SA|SU)";

/** The parts a routine may use, each a comma-separated list (but FREQ, INTERVAL, WKST) within its range. */
const PARTS: Record<string, { pattern: RegExp; range?: [number, number]; signed?: boolean; what: string }> = {
  FREQ: { pattern: /^(DAILY|WEEKLY|MONTHLY|YEARLY)$/, what: "DAILY, WEEKLY, MONTHLY or YEARLY" },
  INTERVAL: { pattern: /^[1-9][0-9]{0,2}$/, what: "a whole number from 1 to 999" },
  WKST: { pattern: new RegExp(`^${WEEKDAY}$`), what: "a weekday (MO to SU)" },
  BYDAY: { pattern: new RegExp(`^([+-]?[1-9][0-9]?)?${WEEKDAY}$`), what: "weekdays such as SU, MO,WE or -1FR" },
  BYHOUR: { pattern: /^[0-9]{1,2}$/, range: [0, 23], what: "hours from 0 to 23" },
  BYMINUTE: { pattern: /^[0-9]{1,2}$/, range: [0, 59], what: "minutes from 0 to 59" },
  BYMONTH: { pattern: /^[0-9]{1,2}$/, range: [1, 12], what: "months from 1 to 12" },
  BYMONTHDAY: { pattern: /^[+-]?[0-9]{1,2}$/, range: [1, 31], signed: true, what: "days from 1 to 31, or -1 to -31 from the month's end" },
  BYYEARDAY: { pattern: /^[+-]?[0-9]{1,3}$/, range: [1, 366], signed: true, what: "days from 1 to 366, or -1 to -366" },
  BYWEEKNO: { pattern: /^[+-]?[0-9]{1,2}$/, range: [1, 53], signed: true, what: "weeks from 1 to 53, or -1 to -53" },
  BYSETPOS: { pattern: /^[+-]?[0-9]{1,3}$/, range: [1, 366], signed: true, what: "positions from 1 to 366, or -1 to -366" },
};
const SINGLE = new Set(["FREQ", "INTERVAL", "WKST"]);

/** What a rule belongs to: a list's routine, or an item's repeat (docs/decisions/055-due-dates.md); messages name it. */
export type RuleOwner = "routine" | "repeat";

/** Why a value of `name` is out of its part's grammar or range, or undefined when it is fine. */
function valueProblem(name: string, value: string, owner: RuleOwner): string | undefined {
  const part = PARTS[name]!;
  const values = SINGLE.has(name) ? [value] : value.split(",");
  const fits = (item: string) => {
    if (!part.pattern.test(item)) return false;
    if (!part.range) return true;
    const size = Math.abs(Number(item));
    const [min, max] = part.range;
    return (part.signed ? size >= min : Number(item) >= min) && size <= max;
  };
  return values.every(fits) ? undefined : `The ${owner}'s ${name} must be ${part.what}`;
}

/** RFC 5545 numbers a weekday ("1MO", "-1FR") within a month or a year only. */
const NUMBERED_WEEKDAY = /(^|,)[+-]?[0-9]/;

/** The first thing wrong with rule text (upper-cased), or undefined. */
function ruleProblem(rule: string, owner: RuleOwner): string | undefined {
  const parts = new Map<string, string>();
  for (const part of rule.split(";")) {
    const [name = "", value, ...rest] = part.split("=");
    if (name === "COUNT" || name === "UNTIL")
      return `${owner === "routine" ? "A routine repeats" : "A repeat goes on"} without end: leave out COUNT and UNTIL`;
    if (part === "") return `The ${owner}'s rule has an empty part: leave out the extra semicolon`;
    if (!(name in PARTS) || value === undefined || rest.length > 0) return `The ${owner}'s rule has a part it cannot use: ${part}`;
    if (parts.has(name)) return `The ${owner}'s rule names ${name} twice`;
    parts.set(name, value);
    const problem = valueProblem(name, value, owner);
    if (problem) return problem;
  }
  const freq = parts.get("FREQ");
  if (!freq) return `The ${owner}'s rule needs FREQ: DAILY, WEEKLY, MONTHLY or YEARLY`;
  if (freq !== "MONTHLY" && freq !== "YEARLY" && NUMBERED_WEEKDAY.test(parts.get("BYDAY") ?? ""))
    return `The ${owner}'s BYDAY can number a weekday (1MO, -1FR) only when FREQ is MONTHLY or YEARLY`;
  return undefined;
}

/** A leading "RRULE:" (the rule's iCalendar property name) and trailing semicolons say nothing, so the stored rule drops them. */
const ruleBody = (rule: string) => rule.replace(/^RRULE:/, "").replace(/;+$/, "");

/** An RRULE body in the grammar above, upper-cased, "RRULE:" allowed before it; `missing` is the message for no text at all. */
export const recurrenceRule = (owner: RuleOwner, missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .toUpperCase()
    .overwrite(ruleBody)
    // Aborting, so a missing or overlong rule gets its one message, not the grammar's too.
    .min(1, { error: missing, abort: true })
    .max(RRULE_MAX, { error: `A ${owner}'s rule cannot exceed ${RRULE_MAX} characters`, abort: true })
    .superRefine((rule, context) => {
      const problem = ruleProblem(rule, owner);
      if (problem) context.addIssue({ code: "custom", message: problem });
    });

const rruleField = recurrenceRule("routine", "A routine needs rrule, a recurrence rule such as FREQ=WEEKLY;BYDAY=SU;BYHOUR=18");

/** An IANA zone's name (not an offset), answered in its canonical spelling. */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;
const canonicalZone = (tz: string): string | undefined => {
  if (!IANA_NAME.test(tz)) return undefined;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
};

const tzField = z
  .string({ error: "A routine needs tz, an IANA time zone such as Europe/Berlin" })
  .trim()
  .max(64, "tz must be an IANA time zone such as Europe/Berlin")
  .transform((tz, context) => {
    const zone = canonicalZone(tz);
    if (zone === undefined) context.addIssue({ code: "custom", message: `Unknown time zone: ${tz}` });
    return zone ?? tz;
  });

/** `routine` of `PATCH /api/task-lists/{id}`: the rule and zone, or null to stop the routine. */
export const routineField = z
  .strictObject(
    { rrule: rruleField, tz: tzField },
    { error: (issue) => (issue.code === "unrecognized_keys" ? "A routine has only rrule and tz" : "routine must be {rrule, tz} or null") },
  )
  .nullable();
export type RoutineInput = z.infer<typeof routineField>;

/** A list's routine as every list answer carries it; `nextRunAt` is an ISO instant. */
export interface ListRoutine {
  rrule: string;
  tz: string;
  nextRunAt: string;
}

/** One item of a run's record: its title, and who had ticked it (null: it was open). */
export interface RoutineRunItem {
  title: string;
  completedBy: Actor | null;
}

/** One run of a routine, or of "run now": what was done when the list was reset. */
export interface RoutineRun {
  id: number;
  /** ISO instant of the run. */
  at: string;
  done: number;
  total: number;
  items: RoutineRunItem[];
}

export interface RoutineRunsResponse {
  runs: RoutineRun[];
}
