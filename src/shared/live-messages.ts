/**
 * @module
 * Messages from the server on the live-update wire (docs/http-contract.md#live-messages), read with plain checks:
 * the islands parse every frame with these, so this module imports nothing (no zod in the browser).
 */
import type { Actor } from "./attribution";

/**
 * Sent to a user's clients that follow no list (Home) when an item of one of their lists, own or
 * shared, was added, ticked, deleted or restored, with the list's counts as they are now in
 * `payload` (`ListProgressPayload`); without them when the server could not count, and Home reads.
 */
export const LIST_PROGRESS = "list_progress";

/** A `list_progress` message's payload: the list's live items, sub-items included, and how many are done. */
export interface ListProgressPayload {
  done: number;
  total: number;
}

/** The counts a `list_progress` carries, if it carries them. */
export function progressCountsOf(message: LiveMessage): ListProgressPayload | undefined {
  const payload = message.payload as Partial<Record<keyof ListProgressPayload, unknown>> | undefined;
  if (typeof payload !== "object" || payload === null) return undefined;
  const { done, total } = payload;
  return Number.isInteger(done) && Number.isInteger(total) ? { done: done as number, total: total as number } : undefined;
}

/**
 * Sent to a user's open pages when something was added to their inbox (docs/decisions/050-notifications.md), with
 * `payload: {notification, unread}` (src/shared/notifications.ts).
 */
export const NOTIFICATION = "notification";

/**
 * Who has the list open now (docs/decisions/024-attribution-and-presence.md), sent to the list's followers whenever it changes and to
 * each as it subscribes: accounts and named guests ("Sam (guest)") by name, other guests counted.
 */
export const PRESENCE = "presence";

export interface PresencePayload {
  people: Actor[];
  guests: number;
}

/**
 * One message from the server (docs/http-contract.md#live-messages): type, timestamp, messageId,
 * payload, listId, shareId, plus `id` on stored list events so a client can resume from it.
 */
export interface LiveMessage {
  type: string;
  timestamp: number;
  messageId?: string;
  payload?: unknown;
  listId?: number;
  shareId?: string;
  id?: number;
  message?: string;
  /** Who made a list's change (docs/product-rules.md#attribution-and-activity). */
  actor?: Actor | null;
  /** version_update only: the version's fields, also at the top level. */
  versionId?: string;
  changes?: string[];
}

export interface PollResponse {
  events: LiveMessage[];
}

/** Events that change what a page shows: a list's events plus the user-topic share events (docs/http-contract.md#live-messages). */
export const REFRESH_TYPES = new Set([
  "connect",
  "task_created",
  "task_updated",
  "task_deleted",
  "tasks_reordered",
  "tasks_reset",
  "list_updated",
  "sections_updated",
  "share_added",
  "share_removed",
  "access_revoked",
  "resync",
]);

/**
 * Messages carrying `message_type` instead of `type` are normalised and types lowercased, as older
 * clients send them (docs/http-contract.md#live-messages).
 * Answers undefined for anything that is not an object with a textual type.
 */
export function normalizeMessage(raw: unknown): LiveMessage | undefined {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return undefined;
  const record = raw as Record<string, unknown>;
  const type = typeof record.type === "string" ? record.type : record.message_type;
  if (typeof type !== "string" || type.trim() === "") return undefined;
  const { message_type: _legacy, ...rest } = record;
  const timestamp = typeof record.timestamp === "number" ? record.timestamp : Date.now();
  return { ...rest, type: type.trim().toLowerCase(), timestamp } as LiveMessage;
}

/** Parses a websocket frame's text into a normalised message, or undefined when it is not one. */
export function parseLiveMessage(text: string): LiveMessage | undefined {
  try {
    return normalizeMessage(JSON.parse(text));
  } catch {
    return undefined;
  }
}
