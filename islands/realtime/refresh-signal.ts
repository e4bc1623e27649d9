/**
 * @module The `listwell:refresh` signal from the live connection to the page's islands. Islands
 * hydrate one by one as their chunks arrive, so the live connection's first `connect` may come
 * before a page island listens: the last one is kept here for it to read when it starts.
 */
export const REFRESH_EVENT = "listwell:refresh";
/** Every live message as it arrives, for a view that applies payloads directly (islands/realtime/LiveUpdates.tsx). */
export const LIVE_EVENT = "listwell:live";

export interface RefreshDetail {
  listId?: number;
  type: string;
  /** On `connect`: the list's newest event id as the subscription began. */
  eventId?: number;
}

let lastConnect: RefreshDetail | undefined;

export function announceRefresh(detail: RefreshDetail, target: EventTarget = window) {
  if (detail.type === "connect") lastConnect = detail;
  target.dispatchEvent(new CustomEvent(REFRESH_EVENT, { detail }));
}

/** The live connection's latest `connect`, if one came before the caller started listening. */
export const latestConnect = (): RefreshDetail | undefined => lastConnect;
