import { actorName } from "../shared/attribution";
import type { Store } from "../store";
import type { Db } from "../store/db";
import type { WebhookRecord } from "../store/webhooks";
import { CursorMoved, onceAcrossInstances, SETTLE_MS } from "./notify-batches";
import { queueWebhookCall, webhookBody } from "./webhook-messages";

/**
 * @module From the event log to webhook calls (docs/decisions/063-webhooks.md). As notifications
 * do, this reads the events table every change writes in its own transaction, after a cursor moved
 * with a compare-and-set, so every committed change of a list is queued once for each webhook
 * that wants its type, by exactly one instance, and a webhook hears nothing from before it was added.
 */

const CURSOR = "webhook_events_cursor";
const READ_LIMIT = 500;

const wants = (hook: WebhookRecord, type: string, eventId: number) =>
  eventId > hook.afterEventId && (hook.events === null || (hook.events as string[]).includes(type));

/** The log is read from where the oldest webhook on begins to listen, or from now when none is. */
const start = (store: Store, tx?: Db) => async () => (await store.webhooks.earliestStart(tx)) ?? (await store.events.latestId());

/** Queues the calls for new events; answers whether it read a full page (more to read). */
export async function queueWebhookEvents(store: Store): Promise<boolean> {
  if ((await store.notifications.cursor(CURSOR, start(store))) === (await store.events.latestId())) return false;
  return onceAcrossInstances(() =>
    store.db.transaction(async (tx) => {
      const from = await store.notifications.cursor(CURSOR, start(store, tx), tx);
      const read = await store.events.settledAfter(from, store.clock.now() - SETTLE_MS, READ_LIMIT, tx);
      if (read.length === 0) return false;
      const hooks = await store.webhooks.liveOfLists([...new Set(read.map(({ event }) => event.listId))], tx);
      const now = store.clock.now();
      for (const { event, activity } of read) {
        for (const hook of hooks.filter((h) => h.listId === event.listId && wants(h, event.type, event.id))) {
          const data = {
            listId: event.listId,
            listName: hook.listName,
            actor: event.actor ? actorName(event.actor) : null,
            action: activity.action,
            subject: activity.subject,
            payload: event.payload,
          };
          await queueWebhookCall(store, hook.id, webhookBody(event.type, event.timestamp, data), now, tx);
        }
      }
      if (!(await store.notifications.advanceCursor(CURSOR, from, read.at(-1)!.event.id, tx))) throw new CursorMoved();
      return read.length === READ_LIMIT;
    }),
  );
}
