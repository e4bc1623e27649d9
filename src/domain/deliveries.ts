import type { Config } from "../config";
import type { Logger } from "../logger";
import type { Store } from "../store";
import type { EventBus } from "./bus";
import type { Sender } from "./delivery-attempts";
import { deliverPush } from "./push-delivery";
import { vapidKeysOf } from "./push-subscriptions";
import { deliverWebhookCall } from "./webhook-delivery";
import { privateAddressesAllowed } from "./webhooks";

/**
 * @module Sending the delivery queue (docs/decisions/050-notifications.md,
 * docs/decisions/063-webhooks.md): each due push or webhook call is leased to one instance and
 * sent; what then happens to it is its kind's rule (src/domain/push-delivery.ts,
 * src/domain/webhook-delivery.ts).
 */

/** How long one instance holds a claimed delivery before another may take it (it died mid-send). */
const LEASE_MS = 60_000;
const CLAIM_LIMIT = 20;

export interface DeliveryDeps {
  store: Store;
  bus: EventBus;
  config: Pick<Config, "vapidSubject" | "webhookAllowPrivate">;
  logger: Logger;
  send?: Sender;
}

/** Sends what is due now; answers how many deliveries it handled (the worker comes back while there are more). */
export async function deliverDue({ store, bus, config, logger, send = (request) => fetch(request) }: DeliveryDeps): Promise<number> {
  const now = store.clock.now();
  const due = await store.deliveries.claimDue(now, now + LEASE_MS, CLAIM_LIMIT);
  if (due.length === 0) return 0;
  const vapid = { keys: await vapidKeysOf(store), subject: config.vapidSubject, nowMs: now };
  const allowPrivate = await privateAddressesAllowed(store, config);
  await Promise.all(
    due.map((delivery) =>
      delivery.kind === "push"
        ? deliverPush({ store, logger, send, vapid }, delivery)
        : deliverWebhookCall({ store, bus, logger, send, allowPrivate }, delivery),
    ),
  );
  return due.length;
}
