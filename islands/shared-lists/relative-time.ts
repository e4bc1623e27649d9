/**
 * "3 days ago", "about 2 hours ago", "less than a minute ago": date-fns' formatDistanceToNow
 * wording (the spec's "Shared 3 days ago"), without shipping date-fns to the browser.
 */
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

function distance(seconds: number): string {
  if (seconds < 30) return "less than a minute";
  if (seconds < 90) return "1 minute";
  if (seconds < 44 * MINUTE + 30) return plural(Math.round(seconds / MINUTE), "minute");
  if (seconds < 89 * MINUTE + 30) return "about 1 hour";
  if (seconds < DAY - 30) return `about ${plural(Math.round(seconds / HOUR), "hour")}`;
  if (seconds < 42 * HOUR - 30) return "1 day";
  if (seconds < MONTH - 30) return plural(Math.round(seconds / DAY), "day");
  if (seconds < 45 * DAY - 30) return "about 1 month";
  if (seconds < 60 * DAY - 30) return "about 2 months";
  if (seconds < YEAR) return plural(Math.round(seconds / MONTH), "month");
  const years = Math.floor(seconds / YEAR);
  const rest = seconds - years * YEAR;
  if (rest < 3 * MONTH) return `about ${plural(years, "year")}`;
  if (rest < 9 * MONTH) return `over ${plural(years, "year")}`;
  return `almost ${plural(years + 1, "year")}`;
}

/** An invalid date reads 'Unknown date'; a date a little in the future counts as now (docs/product-rules.md#screens). */
export function timeAgo(date: string | number | null | undefined, now: number): string {
  if (date === null || date === undefined || date === "") return "Unknown date";
  const time = new Date(date).getTime();
  if (Number.isNaN(time)) return "Unknown date";
  return `${distance(Math.max(0, (now - time) / 1000))} ago`;
}

/** 'Shared 3 days ago', or 'Shared Unknown date' exactly as the spec words an invalid one. */
export const sharedAgo = (date: string | number | null | undefined, now: number) => `Shared ${timeAgo(date, now)}`;
