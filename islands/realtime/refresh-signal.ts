/**
 * @module What the live connection tells the page's islands (islands/signals.ts): `listwell:refresh`
 * (something a page shows may have changed: read it again) and `listwell:live` (every message as
 * it arrives, for a view that applies what it carries). Islands hydrate one by one as their chunks
 * arrive, so the live connection's first `connect` may come before a page island listens: the
 * last one is kept here for it to read when it starts.
 */
import type { LiveMessage } from "../../src/shared/live-messages";
import { emit, type RefreshDetail } from "../signals";

let lastConnect: LiveMessage | undefined;

export function announceRefresh(detail: RefreshDetail, target: EventTarget = window) {
  emit("listwell:refresh", detail, target);
}

/** Hands a message to every island that applies messages itself. */
export function announceLive(message: LiveMessage, target: EventTarget = window) {
  if (message.type === "connect") lastConnect = message;
  emit("listwell:live", message, target);
}

/** The live connection's latest `connect`, if one came before the caller started listening. */
export const latestConnect = (): LiveMessage | undefined => lastConnect;
