/**
 * @module An item's repeat as the sheet offers it (docs/decisions/056-due-dates-browser.md): Never,
 * every day, week, month or year, the rule counted from the due day. Its own module, not
 * ./routine-words.ts's: that one's form and words would come with the sheet's chunk to every list
 * page for the few names they share.
 */
import { type Day, weekdayOf } from "./due-days";
import type { Repeat } from "./routine-words";

/** RRULE's weekday names, by Date's day number (0 is Sunday). */
const BYDAY = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];

/** The sheet's Repeats choices; "never" is no rule. */
export type RepeatChoice = "never" | Repeat;

export const REPEAT_LABELS: Record<RepeatChoice, string> = {
  never: "Never",
  daily: "Every day",
  weekly: "Every week",
  monthly: "Every month",
  yearly: "Every year",
};

const FREQS: Record<Repeat, string> = { daily: "DAILY", weekly: "WEEKLY", monthly: "MONTHLY", yearly: "YEARLY" };

/** The rule a choice makes from the due day: every week on its weekday, every month on its date, every year on its day. */
export function repeatRule(choice: RepeatChoice, due: Day): string | null {
  if (choice === "never") return null;
  const parts = [`FREQ=${FREQS[choice]}`];
  if (choice === "weekly") parts.push(`BYDAY=${BYDAY[weekdayOf(due)]}`);
  if (choice === "yearly") parts.push(`BYMONTH=${Number(due.slice(5, 7))}`);
  if (choice === "monthly" || choice === "yearly") parts.push(`BYMONTHDAY=${Number(due.slice(8, 10))}`);
  return parts.join(";");
}

/** The choice a rule was made by, as far as its frequency says; a rule set otherwise keeps its frequency's. */
export function repeatChoice(rule: string | null | undefined): RepeatChoice {
  const freq = /(?:^|;)FREQ=([A-Z]+)/i.exec(rule ?? "")?.[1]?.toUpperCase();
  return (Object.keys(FREQS) as Repeat[]).find((repeat) => FREQS[repeat] === freq) ?? "never";
}
