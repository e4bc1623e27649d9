import type { PushOptions, Urgency } from "../push/web-push";
import type { Db } from "./db";
import { type PushSubscriptionRecord, type SubscriptionRow, toSubscription } from "./push";
import { toWebhook, type WebhookRecord, type WebhookRow } from "./webhooks";

/**
 * @module The delivery queue (docs/decisions/050-notifications.md, docs/decisions/063-webhooks.md):
 * one row per message to one browser's push subscription or to one webhook, claimed with a lease
 * by one instance, deleted once done, moved later to be tried again.
 */

interface Queued {
  id: number;
  payload: string;
  attempts: number;
  createdAt: number;
}

/** A push waiting in the queue, with the subscription it goes to. */
export interface QueuedPush extends Queued, PushOptions {
  kind: "push";
  subscription: PushSubscriptionRecord;
}

/** A webhook call waiting in the queue: `messageId` is its `webhook-id`, the same on every try. */
export interface QueuedWebhookCall extends Queued {
  kind: "webhook";
  webhook: WebhookRecord;
  messageId: string;
}

export type QueuedDelivery = QueuedPush | QueuedWebhookCall;

interface QueueColumns {
  queue_id: number | string;
  payload: string;
  attempts: number | string;
  queued_at: number | string;
}

const QUEUE_COLUMNS = "q.id AS queue_id, q.payload, q.attempts, q.created_at AS queued_at";

const queued = (row: QueueColumns): Queued => ({
  id: Number(row.queue_id),
  payload: row.payload,
  attempts: Number(row.attempts),
  createdAt: Number(row.queued_at),
});

export function deliveriesStore(db: Db) {
  /** What `claim` took, each kind read with its target's row. */
  const claimed = async (claim: string): Promise<QueuedDelivery[]> => {
    const pushes = await db.all<SubscriptionRow & QueueColumns & { topic: string; urgency: string; ttl: number | string }>(
      `SELECT s.*, ${QUEUE_COLUMNS}, q.topic, q.urgency, q.ttl
       FROM delivery_queue q JOIN push_subscriptions s ON s.id = q.subscription_id WHERE q.claim = ? ORDER BY q.id`,
      [claim],
    );
    const calls = await db.all<WebhookRow & QueueColumns & { message_id: string }>(
      `SELECT w.*, ${QUEUE_COLUMNS}, q.message_id FROM delivery_queue q JOIN webhooks w ON w.id = q.webhook_id WHERE q.claim = ? ORDER BY q.id`,
      [claim],
    );
    return [
      ...pushes.map(
        (row): QueuedPush => ({
          ...queued(row),
          kind: "push",
          subscription: toSubscription(row),
          topic: row.topic,
          urgency: row.urgency as Urgency,
          ttl: Number(row.ttl),
        }),
      ),
      ...calls.map((row): QueuedWebhookCall => ({ ...queued(row), kind: "webhook", webhook: toWebhook(row), messageId: row.message_id })),
    ];
  };
  return {
    async enqueuePush(subscriptionId: number, payload: string, options: PushOptions, now: number, tx: Db): Promise<void> {
      await tx.run(
        "INSERT INTO delivery_queue (subscription_id, payload, topic, urgency, ttl, created_at, due_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [subscriptionId, payload, options.topic, options.urgency, options.ttl, now, now],
      );
    },
    /** A webhook call; topic, urgency and ttl are the push's and unused here. */
    async enqueueWebhookCall(webhookId: number, messageId: string, payload: string, now: number, tx: Db = db): Promise<void> {
      await tx.run(
        `INSERT INTO delivery_queue (webhook_id, message_id, payload, topic, urgency, ttl, created_at, due_at)
         VALUES (?, ?, ?, '', 'normal', 0, ?, ?)`,
        [webhookId, messageId, payload, now, now],
      );
    },
    /**
     * Leases up to `limit` due deliveries to this caller until `leaseUntil`: a row leased by another
     * instance is skipped (the outer condition is checked again on the locked row in PostgreSQL),
     * and one whose sender died is taken again once its lease ran out.
     */
    async claimDue(now: number, leaseUntil: number, limit: number): Promise<QueuedDelivery[]> {
      const claim = crypto.randomUUID();
      await db.run(
        `UPDATE delivery_queue SET lease_until = ?, claim = ?
         WHERE id IN (SELECT id FROM delivery_queue WHERE due_at <= ? AND (lease_until IS NULL OR lease_until <= ?) ORDER BY due_at, id LIMIT ?)
           AND (lease_until IS NULL OR lease_until <= ?)`,
        [leaseUntil, claim, now, now, limit, now],
      );
      return claimed(claim);
    },
    async delivered(id: number): Promise<void> {
      await db.run("DELETE FROM delivery_queue WHERE id = ?", [id]);
    },
    async retryAt(id: number, dueAt: number): Promise<void> {
      await db.run("UPDATE delivery_queue SET due_at = ?, attempts = attempts + 1, lease_until = NULL, claim = NULL WHERE id = ?", [
        dueAt,
        id,
      ]);
    },
    /** A webhook turned off keeps nothing waiting. */
    async dropWebhookCalls(webhookId: number, tx: Db = db): Promise<void> {
      await tx.run("DELETE FROM delivery_queue WHERE webhook_id = ?", [webhookId]);
    },
  };
}
