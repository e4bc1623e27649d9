import type { VapidKeys } from "../push/vapid";
import type { Db } from "./db";

/** A browser's Web Push subscription: an account's, or a link guest's for one list (docs/decisions/050-notifications.md). */
export interface PushSubscriptionRecord {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  userId: number | null;
  listId: number | null;
  shareId: string | null;
  /** A guest's "Mute notifications" for their list (an account mutes a list in notification_modes). */
  muted: boolean;
}

export interface SubscriptionRow {
  id: number | string;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_id: number | string | null;
  list_id: number | string | null;
  share_id: string | null;
  muted_at: number | string | null;
  [column: string]: unknown;
}

export const toSubscription = (row: SubscriptionRow): PushSubscriptionRecord => ({
  id: Number(row.id),
  endpoint: row.endpoint,
  p256dh: row.p256dh,
  auth: row.auth,
  userId: row.user_id === null ? null : Number(row.user_id),
  listId: row.list_id === null ? null : Number(row.list_id),
  shareId: row.share_id,
  muted: row.muted_at !== null,
});

const VAPID_KEY = "vapid_keys";

/** Subscriptions and the server's VAPID keys; what is sent to them waits in src/store/deliveries.ts. */
export function pushStore(db: Db) {
  return {
    /** The stored VAPID keys; `made` is kept only when none were stored yet, so every instance ends with the same pair. */
    async vapidKeys(made: () => Promise<VapidKeys>): Promise<VapidKeys> {
      const stored = await db.get<{ value: string }>("SELECT value FROM settings WHERE key = ?", [VAPID_KEY]);
      if (stored) return JSON.parse(stored.value) as VapidKeys;
      await db.run("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING", [
        VAPID_KEY,
        JSON.stringify(await made()),
      ]);
      const kept = await db.get<{ value: string }>("SELECT value FROM settings WHERE key = ?", [VAPID_KEY]);
      return JSON.parse(kept!.value) as VapidKeys;
    },
    /** One row per endpoint: subscribing again (new keys, another account, another list) replaces it, unmuted. */
    async subscribe(subscription: Omit<PushSubscriptionRecord, "id" | "muted">, now: number): Promise<PushSubscriptionRecord> {
      const rows = await db.all<SubscriptionRow>(
        `INSERT INTO push_subscriptions (endpoint, p256dh, auth, user_id, list_id, share_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth, user_id = excluded.user_id,
           list_id = excluded.list_id, share_id = excluded.share_id, muted_at = NULL
         RETURNING *`,
        [
          subscription.endpoint,
          subscription.p256dh,
          subscription.auth,
          subscription.userId,
          subscription.listId,
          subscription.shareId,
          now,
        ],
      );
      return toSubscription(rows[0]!);
    },
    async findByEndpoint(endpoint: string): Promise<PushSubscriptionRecord | undefined> {
      const row = await db.get<SubscriptionRow>("SELECT * FROM push_subscriptions WHERE endpoint = ?", [endpoint]);
      return row && toSubscription(row);
    },
    async setMuted(id: number, mutedAt: number | null): Promise<void> {
      await db.run("UPDATE push_subscriptions SET muted_at = ? WHERE id = ?", [mutedAt, id]);
    },
    async remove(id: number): Promise<void> {
      await db.run("DELETE FROM push_subscriptions WHERE id = ?", [id]);
    },
    /** Every subscription of these accounts, plus link guests' on `listId` through `shareId` that are not muted. */
    async audience(userIds: number[], listId: number, shareId: string | null, tx: Db = db): Promise<PushSubscriptionRecord[]> {
      const marks = userIds.map(() => "?").join(", ");
      const byUser = userIds.length > 0 ? `user_id IN (${marks}) OR ` : "";
      const rows = await tx.all<SubscriptionRow>(
        `SELECT * FROM push_subscriptions WHERE ${byUser}(user_id IS NULL AND list_id = ? AND share_id = ? AND muted_at IS NULL) ORDER BY id`,
        [...userIds, listId, shareId ?? ""],
      );
      return rows.map(toSubscription);
    },
  };
}
