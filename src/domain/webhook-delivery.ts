import type { Logger } from "../logger";
import type { Store } from "../store";
import type { QueuedWebhookCall } from "../store/deliveries";
import type { WebhookRecord } from "../store/webhooks";
import type { EventBus } from "./bus";
import { isRetriable, retryDelayMs, type Sender, sendOnce } from "./delivery-attempts";
import { announceNotifications } from "./notifications";
import { addressRefusal } from "./webhook-address";
import { webhookRequest } from "./webhook-messages";

/**
 * @module One webhook call from the delivery queue (docs/decisions/063-webhooks.md): 2xx is done;
 * 410 Gone turns the webhook off; no answer, 429 and 5xx are tried again with the queue's backoff;
 * any other answer drops the call. A webhook whose calls have failed for a day is turned off and
 * its owner told in the inbox. The address is checked again before every try, as a name may have
 * come to resolve to a private address since it was added.
 */

/** A webhook failing this long is turned off. */
export const DISABLE_AFTER_MS = 24 * 60 * 60 * 1000;

export interface WebhookDeliveryDeps {
  store: Store;
  bus: EventBus;
  logger: Logger;
  send: Sender;
  allowPrivate: boolean;
}

const hostOf = (hook: WebhookRecord) => new URL(hook.url).host;

/** Turns the webhook off, drops what waits for it, and tells its list's owner once. */
async function turnOff(store: Store, bus: EventBus, hook: WebhookRecord, body: string): Promise<void> {
  const now = store.clock.now();
  const told = await store.db.transaction(async (tx) => {
    if (!(await store.webhooks.disable(hook.id, now, tx))) return [];
    await store.deliveries.dropWebhookCalls(hook.id, tx);
    const list = await store.lists.findById(hook.listId, tx);
    if (!list) return [];
    const entry = await store.notifications.addToInbox(list.userId, { listId: list.id, title: list.name, body, url: "/settings" }, now, tx);
    return [{ userId: list.userId, entry }];
  });
  await announceNotifications(store, bus, told);
}

export async function deliverWebhookCall({ store, bus, logger, send, allowPrivate }: WebhookDeliveryDeps, call: QueuedWebhookCall) {
  const { webhook } = call;
  const refusal = await addressRefusal(webhook.url, allowPrivate);
  const response = refusal ? undefined : await sendOnce(send, () => webhookRequest(call, store.clock.now()), logger);
  const status = response?.status;
  const now = store.clock.now();
  if (status !== undefined && status >= 200 && status < 300) {
    await store.webhooks.succeeded(webhook.id, status, now);
    return store.deliveries.delivered(call.id);
  }
  const failingSince = await store.webhooks.failed(webhook.id, status ?? null, now);
  if (status === 410)
    return turnOff(store, bus, webhook, `The webhook to ${hostOf(webhook)} was turned off: its receiver answered that it is gone`);
  if (!refusal && !isRetriable(status)) {
    logger.warn(`webhook to ${hostOf(webhook)} refused: ${status}`);
    return store.deliveries.delivered(call.id);
  }
  if (now - failingSince >= DISABLE_AFTER_MS) {
    return turnOff(store, bus, webhook, `The webhook to ${hostOf(webhook)} was turned off after a day of failed deliveries`);
  }
  await store.deliveries.retryAt(call.id, now + retryDelayMs(call.attempts, response, now));
}
