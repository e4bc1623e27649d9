/**
 * @module
 * Attribution (docs/product-rules.md#attribution-and-activity), shared by the server and the islands (plain checks, no zod): who
 * added or ticked an item, who made a change, and a share-link guest's display name.
 */

/**
 * Someone who changed a list: an account (`userId` set), or a share-link guest (`userId` null)
 * with the name they gave, already suffixed " (guest)" by the server, or `username` null when
 * they gave none. A field holding `null` instead of an Actor means nobody is known: the item was
 * stored before attribution existed, or is not ticked (docs/decisions/024).
 */
export interface Actor {
  userId: number | null;
  username: string | null;
}

/** What the activity panel lists for one change (GET /api/task-lists/{id}/activity). */
export interface ActivityEntry {
  id: number;
  action: string;
  /** The item's title (or list's name) the change was about, when there is one. */
  subject: string | null;
  actor: Actor | null;
  /** When, as an ISO string like every other time in the API's answers. */
  at: string;
}

export interface ActivityResponse {
  activity: ActivityEntry[];
}

/** A guest's chosen name travels in this header (and the cookie below, for the live connection). */
export const GUEST_NAME_HEADER = "X-Guest-Name";
export const GUEST_NAME_COOKIE = "listwell_guest";
export const GUEST_NAME_MAX = 30;
export const GUEST_SUFFIX = " (guest)";
export const GUEST_NAME_LENGTH_MESSAGE = `Your name must be 1 to ${GUEST_NAME_MAX} characters`;
export const GUEST_NAME_TAKEN_MESSAGE = "That name belongs to an account here. Please choose another name.";

/** The trimmed name, or undefined when it is empty or longer than 30 characters. */
export function cleanGuestName(raw: string): string | undefined {
  const name = raw.trim().replace(/\s+/g, " ");
  const length = [...name].length;
  return length >= 1 && length <= GUEST_NAME_MAX ? name : undefined;
}

/** How an actor reads in a sentence: "Sam", "Sam (guest)" or "a guest". */
export const actorName = (actor: Actor): string => actor.username ?? "a guest";
