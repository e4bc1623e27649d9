/**
 * @module The words a person gives an item's due date in (docs/decisions/056-due-dates-browser.md):
 * the date a quick-add title ends with ("Bins tuesday", "Cards 24 dec"). Apart from ./due-days.ts,
 * which the rows need at first paint: this is loaded when the quick-add field is first focused.
 * Pure: "today" is always given.
 */
import { addDays, type Day, dayOf, weekdayOf } from "./due-days";

const WEEKDAY_WORDS: Record<string, number> = {
  sun: 0,
  sunday: 0,
  mon: 1,
  monday: 1,
  tue: 2,
  tues: 2,
  tuesday: 2,
  wed: 3,
  wednesday: 3,
  thu: 4,
  thur: 4,
  thurs: 4,
  thursday: 4,
  fri: 5,
  friday: 5,
  sat: 6,
  saturday: 6,
};

const MONTH_WORDS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** 1 to 12 for "dec", "december", "sept"; 0 for anything else. */
function monthOf(word: string): number {
  const index = MONTH_WORDS.indexOf(word.slice(0, 3));
  if (index < 0) return 0;
  const full = new Intl.DateTimeFormat("en-GB", { month: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2000, index, 1)));
  return full.toLowerCase().startsWith(word) || word === "sept" ? index + 1 : 0;
}

/** `month`/`date` of `year` when that day exists (31 June does not). */
function realDay(year: number, month: number, date: number): Day | null {
  if (!(date >= 1 && date <= 31)) return null;
  const made = new Date(Date.UTC(year, month - 1, date));
  return made.getUTCMonth() === month - 1 ? dayOf(made) : null;
}

/** The next `month`/`date` from today on: this year's, or next year's once it has passed. */
function nextDate(month: number, date: number, today: Day): Day | null {
  const year = Number(today.slice(0, 4));
  const thisYear = realDay(year, month, date);
  if (thisYear && thisYear >= today) return thisYear;
  // 29 February comes round only in a leap year.
  for (let later = year + 1; later <= year + 8; later++) {
    const day = realDay(later, month, date);
    if (day) return day;
  }
  return null;
}

/** The day named by the last one or two words, and how many words named it. */
function dateAtEnd(words: string[], today: Day): { day: Day; used: number } | null {
  const last = words.at(-1) ?? "";
  const before = words.at(-2) ?? "";
  if (last === "today") return { day: today, used: 1 };
  if (last === "tomorrow") return { day: addDays(today, 1), used: 1 };
  if (last in WEEKDAY_WORDS) {
    // The next one: today's weekday names next week's, since today has its own word.
    const ahead = (WEEKDAY_WORDS[last]! - weekdayOf(today) + 7) % 7 || 7;
    return { day: addDays(today, ahead), used: 1 };
  }
  const slashed = /^(\d{1,2})\/(\d{1,2})$/.exec(last);
  if (slashed) {
    const day = nextDate(Number(slashed[2]), Number(slashed[1]), today);
    return day ? { day, used: 1 } : null;
  }
  const number = (word: string) => (/^\d{1,2}$/.test(word) ? Number(word) : 0);
  const [date, month] = number(before) ? [number(before), monthOf(last)] : [number(last), monthOf(before)];
  if (!date || !month) return null;
  const day = nextDate(month, date, today);
  return day ? { day, used: 2 } : null;
}

/** Words that may stand between a title and its date: "Bins on tuesday", "Essay due fri". */
const LINKS = new Set(["on", "by", "due"]);

/**
 * A quick-add title with the date it ends with taken off: "Bins tuesday" is "Bins", due next
 * Tuesday. Null when it ends with no date, or would be nothing but one.
 */
export function parseDue(text: string, today: Day): { title: string; dueAt: Day } | null {
  const words = text.trim().split(/\s+/);
  const found = dateAtEnd(
    words.map((word) => word.toLowerCase()),
    today,
  );
  if (!found) return null;
  let kept = words.slice(0, words.length - found.used);
  if (kept.length > 1 && LINKS.has(kept.at(-1)!.toLowerCase())) kept = kept.slice(0, -1);
  const title = kept.join(" ");
  return title ? { title, dueAt: found.day } : null;
}
