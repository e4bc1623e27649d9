/**
 * @module What the live connection tells the page's islands: each message, as it arrives, to the
 * subscribers that apply what it carries (the list page's store, Home's counts, the list's
 * presence row); and through the `listwell:refresh` signal (islands/signals.ts), that something a
 * page shows may have changed and should be read again. Islands
 * hydrate one by one as their chunks arrive, so the live connection's first `connect` may come
 * before a subscriber starts: the last one is kept here and handed to it when it does. Kept apart
 * from ./connection.ts so that the list page's first scripts do not carry the connection's code.
 */
import type { LiveMessage } from "../../src/shared/live-messages";
import { emit, type RefreshDetail } from "../signals";

type LiveSubscriber = (message: LiveMessage) => void;
const subscribers = new Set<LiveSubscriber>();
let lastConnect: LiveMessage | undefined;

export function announceRefresh(detail: RefreshDetail, target: EventTarget = window) {
  emit("listwell:refresh", detail, target);
}

/** The live connection's part: each message it received, deduplicated, to every subscriber. */
export function deliverLive(message: LiveMessage) {
  if (message.type === "connect") lastConnect = message;
  for (const subscriber of subscribers) subscriber(message);
}

/**
 * Hands `subscriber` every message the live connection receives, once each, until the returned
 * function is called; the latest `connect` at once if one came before.
 */
export function subscribeLive(subscriber: LiveSubscriber): () => void {
  subscribers.add(subscriber);
  if (lastConnect) subscriber(lastConnect);
  return () => subscribers.delete(subscriber);
}
