import type { Logger } from "../logger";
import { pushRequest } from "../push/web-push";
import type { Store } from "../store";
import type { QueuedPush } from "../store/deliveries";
import { isRetriable, retryDelayMs, type Sender, sendOnce } from "./delivery-attempts";

/**
 * @module One push from the delivery queue (docs/decisions/050-notifications.md): posted to its
 * push service, then done (2xx), dropped with its subscription (404/410: the browser
 * unsubscribed), or tried again later (429, 5xx, no answer) until it has waited 24 hours.
 */

/** A push is given up a day after it was queued, as long as its TTL lets the push service hold it. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;

export interface PushDeliveryDeps {
  store: Store;
  logger: Logger;
  send: Sender;
  vapid: Parameters<typeof pushRequest>[3];
}

export async function deliverPush({ store, logger, send, vapid }: PushDeliveryDeps, push: QueuedPush): Promise<void> {
  const response = await sendOnce(send, () => pushRequest(push.subscription, push.payload, push, vapid), logger);
  const status = response?.status;
  if (status !== undefined && status >= 200 && status < 300) return store.deliveries.delivered(push.id);
  if (status === 404 || status === 410) return store.push.remove(push.subscription.id);
  const now = store.clock.now();
  if (!isRetriable(status) || now - push.createdAt >= GIVE_UP_AFTER_MS) {
    if (!isRetriable(status)) logger.warn(`push to ${new URL(push.subscription.endpoint).host} refused: ${status}`);
    return store.deliveries.delivered(push.id);
  }
  await store.deliveries.retryAt(push.id, now + retryDelayMs(push.attempts, response, now));
}
