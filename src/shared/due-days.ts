/**
 * @module An item's due day as its row says it (docs/decisions/056-due-dates-browser.md): "Today",
 * "Fri 4 Dec", "Overdue · 24 Nov". Days are `YYYY-MM-DD` strings; their arithmetic is the
 * platform's (Date in UTC, Intl), never a table of month lengths. Pure: "today" is always given.
 */

/** A calendar day, `YYYY-MM-DD`. */
export type Day = string;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight UTC of `day`, where day arithmetic cannot meet a clock change. */
const utc = (day: Day) => {
  const [, y, m, d] = DAY.exec(day) ?? [];
  return new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
};
export const dayOf = (date: Date): Day => date.toISOString().slice(0, 10);

export const addDays = (day: Day, days: number): Day => {
  const date = utc(day);
  date.setUTCDate(date.getUTCDate() + days);
  return dayOf(date);
};

const daysBetween = (from: Day, to: Day) => Math.round((utc(to).getTime() - utc(from).getTime()) / 86_400_000);

/** 0 Sunday to 6 Saturday, as Date counts them. */
export const weekdayOf = (day: Day) => utc(day).getUTCDay();

/** What day it is on `timeZone`'s calendar at `instant` (the viewer's zone when left out). */
export const dayIn = (instant: Date, timeZone?: string): Day =>
  new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone }).format(instant);

/** The day a due date falls on for someone on `timeZone`: a date as it is, a time on that zone's calendar. */
export const dueDay = (dueAt: string, timeZone?: string): Day => (DAY.test(dueAt) ? dueAt : dayIn(new Date(dueAt), timeZone));

const format = (day: Day, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("en-GB", { ...options, timeZone: "UTC" }).format(utc(day)).replace(",", "");

/** "4 Dec", or "4 Dec 2027" outside today's year; with the weekday, "Fri 4 Dec". */
export function dayLabel(day: Day, today: Day, withWeekday = false): string {
  const year = day.slice(0, 4) === today.slice(0, 4) ? {} : { year: "numeric" as const };
  return format(day, { day: "numeric", month: "short", ...year, ...(withWeekday ? { weekday: "short" as const } : {}) });
}

export interface DueWords {
  words: string;
  overdue: boolean;
}

/** A row's words for its due date: "Today", "Tomorrow", "Fri 4 Dec" within the week, "4 Dec" after, "Overdue · 24 Nov" before today. */
export function describeDue(dueAt: string, today: Day, timeZone?: string): DueWords {
  const day = dueDay(dueAt, timeZone);
  const ahead = daysBetween(today, day);
  if (ahead < 0) return { words: `Overdue · ${dayLabel(day, today)}`, overdue: true };
  if (ahead === 0) return { words: "Today", overdue: false };
  if (ahead === 1) return { words: "Tomorrow", overdue: false };
  return { words: dayLabel(day, today, ahead < 7), overdue: false };
}
