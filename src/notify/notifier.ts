import type { Config } from "../config";
import type { EventBus } from "../domain/bus";
import { gatherChanges, tellDueBatches, tellNewShares } from "../domain/notify-batches";
import { deliverDue } from "../domain/deliveries";
import type { Sender } from "../domain/delivery-attempts";
import { vapidKeysOf } from "../domain/push-subscriptions";
import { sendDueReminders } from "../domain/reminders";
import { runDueRoutines } from "../domain/routines";
import { queueWebhookEvents } from "../domain/webhook-events";
import type { Logger } from "../logger";
import type { Store } from "../store";

/** How often the worker looks at the routines, the reminders, the event log, the batches, the webhooks and the queue. */
const TICK_MS = 1000;

export interface NotifierDeps {
  store: Store;
  bus: EventBus;
  config: Pick<Config, "notifyBatchMs" | "vapidSubject" | "webhookAllowPrivate">;
  logger: Logger;
  send?: Sender;
}

/**
 * The background worker of one instance (docs/decisions/050-notifications.md): every second it
 * runs the due list routines (docs/decisions/053-routines.md), sends the due item reminders
 * (docs/decisions/055-due-dates.md), gathers new changes into batches,
 * tells the due ones and new shares, queues the webhooks' calls (docs/decisions/063-webhooks.md),
 * and sends the due pushes and calls. Every instance runs one; the
 * database decides which does each piece of work.
 */
export function createNotifier({ store, bus, config, logger, send }: NotifierDeps) {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<void> | undefined;

  /** One pass; tests call it after moving the clock instead of waiting. */
  async function tick(): Promise<void> {
    // First, so a failing push never holds a run up.
    while ((await runDueRoutines(store, bus)) > 0);
    while ((await sendDueReminders(store, bus)) > 0);
    while (await gatherChanges(store, config.notifyBatchMs));
    await tellNewShares(store, bus);
    await tellDueBatches(store, bus);
    while (await queueWebhookEvents(store));
    while ((await deliverDue({ store, bus, config, logger, send })) > 0);
  }

  return {
    tick,
    /** Makes the VAPID keys if this is the first start, then ticks every second (never two passes at once). */
    async start() {
      await vapidKeysOf(store);
      timer = setInterval(() => {
        running ??= tick()
          .catch((error) => logger.error("Notifications failed:", error))
          .finally(() => {
            running = undefined;
          });
      }, TICK_MS);
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
