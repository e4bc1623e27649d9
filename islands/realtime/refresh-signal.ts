/**
 * @module The live connection's signals to the page's islands: `listwell:refresh` (something a
 * page shows may have changed: read it again) and `listwell:live` (every message as it arrives, for
 * a view that applies what it carries). Islands hydrate one by one as their chunks arrive, so the
 * live connection's first `connect` may come before a page island listens: the last one is kept
 * here for it to read when it starts.
 */
import type { LiveMessage } from "../../src/shared/live-messages";

export const REFRESH_EVENT = "listwell:refresh";
/** Every live message as it arrives, for a view that applies payloads directly (the list page, Home, the activity panel). */
export const LIVE_EVENT = "listwell:live";

export interface RefreshDetail {
  listId?: number;
  type: string;
  /** On `connect`: the list's newest event id as the subscription began. */
  eventId?: number;
}

let lastConnect: LiveMessage | undefined;

export function announceRefresh(detail: RefreshDetail, target: EventTarget = window) {
  target.dispatchEvent(new CustomEvent(REFRESH_EVENT, { detail }));
}

/** Hands a message to every island that applies messages itself. */
export function announceLive(message: LiveMessage, target: EventTarget = window) {
  if (message.type === "connect") lastConnect = message;
  target.dispatchEvent(new CustomEvent(LIVE_EVENT, { detail: message }));
}

/** The live connection's latest `connect`, if one came before the caller started listening. */
export const latestConnect = (): LiveMessage | undefined => lastConnect;
