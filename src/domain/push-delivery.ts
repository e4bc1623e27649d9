import type { Logger } from "../logger";
import { pushRequest } from "../push/web-push";
import type { Store } from "../store";
import type { QueuedPush } from "../store/push";
import { vapidKeysOf } from "./push-subscriptions";

/**
 * @module Sending the delivery queue (docs/decisions/050-notifications.md): each due
 * push is leased to one instance, posted to its push service, and then done (2xx), dropped with its
 * subscription (404/410: the browser unsubscribed), or tried again later (429, 5xx, no answer),
 * honouring Retry-After, until it has waited 24 hours.
 */

/** A push is given up a day after it was queued, as long as its TTL lets the push service hold it. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;

/** How long one instance holds a claimed push before another may take it (it died mid-send). */
const LEASE_MS = 60_000;
const SEND_TIMEOUT_MS = 15_000;
const CLAIM_LIMIT = 20;

/** 30 s, 1, 2, 4 … minutes, at most an hour. */
export const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** attempts, 60 * 60 * 1000);

/** Retry-After as seconds or an HTTP date, in ms from `now`; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export type PushSender = (request: Request) => Promise<Response>;

export interface DeliveryDeps {
  store: Store;
  subject: string;
  logger: Logger;
  send?: PushSender;
}

/** Sends what is due now; answers how many pushes it handled (the worker comes back while there are more). */
export async function deliverDuePushes({ store, subject, logger, send = (request) => fetch(request) }: DeliveryDeps): Promise<number> {
  const now = store.clock.now();
  const due = await store.push.claimDue(now, now + LEASE_MS, CLAIM_LIMIT);
  if (due.length === 0) return 0;
  const keys = await vapidKeysOf(store);
  await Promise.all(due.map((push) => deliverOne(store, push, { keys, subject, nowMs: now }, send, logger)));
  return due.length;
}

async function deliverOne(store: Store, push: QueuedPush, vapid: Parameters<typeof pushRequest>[3], send: PushSender, logger: Logger) {
  let response: Response | undefined;
  try {
    const request = await pushRequest(push.subscription, push.payload, push, vapid);
    response = await send(new Request(request, { signal: AbortSignal.timeout(SEND_TIMEOUT_MS) }));
    await response.body?.cancel();
  } catch (error) {
    logger.warn(`push to ${new URL(push.subscription.endpoint).host} failed: ${String(error)}`);
  }
  const status = response?.status;
  if (status !== undefined && status >= 200 && status < 300) return store.push.delivered(push.id);
  if (status === 404 || status === 410) return store.push.remove(push.subscription.id);
  const retriable = status === undefined || status === 429 || status >= 500;
  const now = store.clock.now();
  if (!retriable || now - push.createdAt >= GIVE_UP_AFTER_MS) {
    if (!retriable) logger.warn(`push to ${new URL(push.subscription.endpoint).host} refused: ${status}`);
    return store.push.delivered(push.id);
  }
  const wait = Math.max(backoffMs(push.attempts), retryAfterMs(response?.headers.get("retry-after") ?? null, now) ?? 0);
  await store.push.retryAt(push.id, now + wait);
}
