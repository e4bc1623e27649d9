/**
 * @module A routine as a person sets and reads it (docs/decisions/053-routines.md): the Repeats
 * form's choices, the rule they make, and the rule in plain words ("Every Sunday at 18:00").
 * The form makes a small part of RRULE; a rule set through the API outside it is still described,
 * in its own terms.
 */

export const REPEATS = ["daily", "weekly", "monthly", "yearly"] as const;
export type Repeat = (typeof REPEATS)[number];

export const WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  MO: "Monday",
  TU: "Tuesday",
  WE: "Wednesday",
  TH: "Thursday",
  FR: "Friday",
  SA: "Saturday",
  SU: "Sunday",
};

export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** The Repeats form. `monthDay` -1 is the month's last day; `month` is 1 to 12. */
export interface RoutineForm {
  repeat: Repeat;
  weekday: Weekday;
  monthDay: number;
  month: number;
  /** "HH:MM", 24 hours. */
  time: string;
}

export const DEFAULT_FORM: RoutineForm = { repeat: "weekly", weekday: "SU", monthDay: 1, month: 1, time: "18:00" };

const FREQ: Record<Repeat, string> = { daily: "DAILY", weekly: "WEEKLY", monthly: "MONTHLY", yearly: "YEARLY" };

/** The rule the form makes, e.g. `FREQ=WEEKLY;BYDAY=SU;BYHOUR=18;BYMINUTE=0`. */
export function ruleOf(form: RoutineForm): string {
  const [hour = 0, minute = 0] = form.time.split(":").map(Number);
  const parts = [`FREQ=${FREQ[form.repeat]}`];
  if (form.repeat === "weekly") parts.push(`BYDAY=${form.weekday}`);
  if (form.repeat === "yearly") parts.push(`BYMONTH=${form.month}`);
  if (form.repeat === "monthly" || form.repeat === "yearly") parts.push(`BYMONTHDAY=${form.monthDay}`);
  parts.push(`BYHOUR=${hour}`, `BYMINUTE=${minute}`);
  return parts.join(";");
}

const partsOf = (rule: string) =>
  new Map(
    rule
      .split(";")
      .map((part) => part.split("=") as [string, string | undefined])
      .map(([name, value]) => [name, value ?? ""]),
  );

const pad = (n: number) => String(n).padStart(2, "0");

/** The form showing `rule`, or null when the form cannot make it (set through the API). */
export function formOf(rule: string): RoutineForm | null {
  const parts = partsOf(rule.toUpperCase());
  const repeat = REPEATS.find((candidate) => FREQ[candidate] === parts.get("FREQ"));
  const hour = Number(parts.get("BYHOUR"));
  const minute = Number(parts.get("BYMINUTE") ?? 0);
  if (!repeat || !/^\d{1,2}$/.test(parts.get("BYHOUR") ?? "") || !Number.isInteger(minute)) return null;
  const allowed = new Set(["FREQ", "BYHOUR", "BYMINUTE"]);
  const form: RoutineForm = { ...DEFAULT_FORM, repeat, time: `${pad(hour)}:${pad(minute)}` };
  if (repeat === "weekly") {
    const weekday = WEEKDAYS.find((day) => day === parts.get("BYDAY"));
    if (!weekday) return null;
    form.weekday = weekday;
    allowed.add("BYDAY");
  }
  if (repeat === "monthly" || repeat === "yearly") {
    const day = Number(parts.get("BYMONTHDAY"));
    if (!(day === -1 || (Number.isInteger(day) && day >= 1 && day <= 31))) return null;
    form.monthDay = day;
    allowed.add("BYMONTHDAY");
  }
  if (repeat === "yearly") {
    const month = Number(parts.get("BYMONTH"));
    if (!(Number.isInteger(month) && month >= 1 && month <= 12)) return null;
    form.month = month;
    allowed.add("BYMONTH");
  }
  return [...parts.keys()].every((name) => allowed.has(name)) ? form : null;
}

const ordinal = (n: number) => {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th"}`;
};

/** The rule in plain words: "Every Sunday at 18:00", "On the last day of every month at 09:00". */
export function describeRule(rule: string): string {
  const form = formOf(rule);
  if (!form) return `On its own schedule (${rule})`;
  const at = `at ${form.time}`;
  const day = form.monthDay === -1 ? "the last day" : `the ${ordinal(form.monthDay)}`;
  switch (form.repeat) {
    case "daily":
      return `Every day ${at}`;
    case "weekly":
      return `Every ${WEEKDAY_NAMES[form.weekday]} ${at}`;
    case "monthly":
      return `On ${day} of every month ${at}`;
    case "yearly":
      return form.monthDay === -1
        ? `On the last day of ${MONTH_NAMES[form.month - 1]} every year ${at}`
        : `Every year on ${form.monthDay} ${MONTH_NAMES[form.month - 1]} ${at}`;
  }
}
