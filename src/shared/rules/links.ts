/**
 * @module Share links and levels, plain (no zod): the share dialog, the Shared Lists
 * badges and the server's schemas all read them here.
 */

/** Every level a share or a link can carry, least first. `check` may tick and untick items only. */
export const ACCESS_LEVELS = ["read", "check", "write", "admin"] as const;
/** A link never carries `admin`: whoever holds it is a stranger to the owner. */
export const LINK_LEVELS = ["read", "check", "write"] as const;

/** What each level lets someone do, as the share dialog offers it. */
export const LEVEL_LABELS: Record<(typeof ACCESS_LEVELS)[number], string> = {
  read: "View only",
  check: "Tick items only",
  write: "View and edit",
  admin: "View and edit",
};

/** The expiries the owner can choose for a link, in days; null is "never". */
export const LINK_EXPIRY_DAYS = [1, 7, 30] as const;
export type LinkExpiryDays = (typeof LINK_EXPIRY_DAYS)[number];
export const DAY_MS = 24 * 60 * 60 * 1000;

/** A link with an expiry at or before `now` works no more, exactly as if it had been rotated. */
export const linkHasExpired = (expiresAt: number | null, now: number): boolean => expiresAt !== null && expiresAt <= now;

const startOfDay = (at: Date) => new Date(at.getFullYear(), at.getMonth(), at.getDate()).getTime();

/**
 * "Expires today", "Expires tomorrow", "Expires in 3 days" (calendar days in the viewer's time
 * zone, the way a person counts them), or "Expired".
 */
export function expiryText(expiresAt: string, now: number): string {
  const end = new Date(expiresAt);
  if (end.getTime() <= now) return "Expired";
  // Rounded: a day across a daylight-saving change is 23 or 25 hours long.
  const days = Math.round((startOfDay(end) - startOfDay(new Date(now))) / DAY_MS);
  if (days <= 0) return "Expires today";
  if (days === 1) return "Expires tomorrow";
  return `Expires in ${days} days`;
}
