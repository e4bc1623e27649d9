import type { WebhookEventType, WebhookFormat } from "../shared/rules/webhooks";
import type { Db } from "./db";

/** A webhook as stored (docs/decisions/063-webhooks.md); `events` null hears every type. */
export interface WebhookRecord {
  id: number;
  listId: number;
  url: string;
  events: WebhookEventType[] | null;
  format: WebhookFormat;
  secret: string;
  /** It hears events after this one, the newest when it was added. */
  afterEventId: number;
  createdAt: number;
  disabledAt: number | null;
  failingSince: number | null;
  last: { at: number; status: number | null; ok: boolean } | null;
}

export interface WebhookRow {
  id: number | string;
  list_id: number | string;
  url: string;
  events: string | null;
  format: string;
  secret: string;
  after_event_id: number | string;
  created_at: number | string;
  disabled_at: number | string | null;
  failing_since: number | string | null;
  last_at: number | string | null;
  last_status: number | string | null;
  last_ok: number | boolean | null;
  [column: string]: unknown;
}

const msOrNull = (value: number | string | null) => (value === null ? null : Number(value));

export const toWebhook = (row: WebhookRow): WebhookRecord => ({
  id: Number(row.id),
  listId: Number(row.list_id),
  url: row.url,
  events: row.events === null ? null : (JSON.parse(row.events) as WebhookEventType[]),
  format: row.format as WebhookFormat,
  secret: row.secret,
  afterEventId: Number(row.after_event_id),
  createdAt: Number(row.created_at),
  disabledAt: msOrNull(row.disabled_at),
  failingSince: msOrNull(row.failing_since),
  last: row.last_at === null ? null : { at: Number(row.last_at), status: msOrNull(row.last_status), ok: Boolean(row.last_ok) },
});

/** Webhooks and how their calls went; the calls themselves wait in src/store/deliveries.ts. */
export function webhooksStore(db: Db) {
  return {
    /** Added hearing only the list's events from now on. */
    async create(hook: Pick<WebhookRecord, "listId" | "url" | "events" | "format" | "secret">, now: number): Promise<WebhookRecord> {
      const rows = await db.all<WebhookRow>(
        `INSERT INTO webhooks (list_id, url, events, format, secret, after_event_id, created_at)
         VALUES (?, ?, ?, ?, ?, (SELECT COALESCE(MAX(id), 0) FROM events), ?) RETURNING *`,
        [hook.listId, hook.url, hook.events && JSON.stringify(hook.events), hook.format, hook.secret, now],
      );
      return toWebhook(rows[0]!);
    },
    async findById(id: number, tx: Db = db): Promise<WebhookRecord | undefined> {
      const row = await tx.get<WebhookRow>("SELECT * FROM webhooks WHERE id = ?", [id]);
      return row && toWebhook(row);
    },
    async ofList(listId: number): Promise<WebhookRecord[]> {
      return (await db.all<WebhookRow>("SELECT * FROM webhooks WHERE list_id = ? ORDER BY id", [listId])).map(toWebhook);
    },
    /**
     * The webhooks still on for these lists, for matching the events just read, each with its
     * list's name: a deleted list's too, whose deletion is told under the name it had.
     */
    async liveOfLists(listIds: number[], tx: Db): Promise<Array<WebhookRecord & { listName: string }>> {
      if (listIds.length === 0) return [];
      const marks = listIds.map(() => "?").join(", ");
      const rows = await tx.all<WebhookRow & { list_name: string }>(
        `SELECT w.*, l.name AS list_name FROM webhooks w JOIN task_lists l ON l.id = w.list_id
         WHERE w.disabled_at IS NULL AND w.list_id IN (${marks}) ORDER BY w.id`,
        listIds,
      );
      return rows.map((row) => ({ ...toWebhook(row), listName: row.list_name }));
    },
    /** The oldest event a webhook still on may hear after, where reading the log must start; undefined when none is on. */
    async earliestStart(tx: Db = db): Promise<number | undefined> {
      const row = await tx.get<{ start: number | string | null }>(
        "SELECT MIN(after_event_id) AS start FROM webhooks WHERE disabled_at IS NULL",
      );
      return row?.start == null ? undefined : Number(row.start);
    },
    async remove(id: number): Promise<void> {
      await db.run("DELETE FROM webhooks WHERE id = ?", [id]);
    },
    /** A call taken (2xx): the run of failures, if any, is over. */
    async succeeded(id: number, status: number, now: number): Promise<void> {
      await db.run("UPDATE webhooks SET last_at = ?, last_status = ?, last_ok = ?, failing_since = NULL WHERE id = ?", [
        now,
        status,
        true,
        id,
      ]);
    },
    /** A call failed; answers when the run of failures began (now, if this is its first). */
    async failed(id: number, status: number | null, now: number): Promise<number> {
      const rows = await db.all<{ failing_since: number | string }>(
        `UPDATE webhooks SET last_at = ?, last_status = ?, last_ok = ?, failing_since = COALESCE(failing_since, ?) WHERE id = ?
         RETURNING failing_since`,
        [now, status, false, now, id],
      );
      return rows.length > 0 ? Number(rows[0]!.failing_since) : now;
    },
    /** Turns it off; false when it already was (another instance got there first). */
    async disable(id: number, now: number, tx: Db): Promise<boolean> {
      return (await tx.run("UPDATE webhooks SET disabled_at = ? WHERE id = ? AND disabled_at IS NULL", [now, id])) === 1;
    },
  };
}
