import type { Actor } from "../shared/attribution";
import type { InboxNotification, NotificationMode } from "../shared/notifications";
import { type Db, isoFromMs } from "./db";

/** A list change that may be told (docs/decisions/050-notifications.md): an item added or ticked, read from the events table. */
export interface NotableChange {
  id: number;
  listId: number;
  kind: "added" | "ticked";
  subject: string;
  actor: Actor | null;
}

/** One actor's changes to one list while its window is open (docs/decisions/050-notifications.md). */
export interface NotifyBatch {
  listId: number;
  actorKey: string;
  actor: Actor | null;
  /** The first few titles of each kind, and how many there were. */
  added: string[];
  addedCount: number;
  ticked: string[];
  tickedCount: number;
  dueAt: number;
}

interface EventRow {
  id: number | string;
  list_id: number | string;
  type: string;
  action: string | null;
  subject: string | null;
  payload: string;
  actor: string | null;
  [column: string]: unknown;
}

interface BatchRow {
  list_id: number | string;
  actor_key: string;
  actor: string | null;
  added: string;
  added_count: number | string;
  ticked: string;
  ticked_count: number | string;
  due_at: number | string;
  [column: string]: unknown;
}

interface InboxRow {
  id: number | string;
  list_id: number | string;
  title: string;
  body: string;
  url: string;
  created_at: number | string;
  read_at: number | string | null;
  [column: string]: unknown;
}

/** Which recorded events are told, and as what: adds (not restores) and ticks. */
function changeOf(row: EventRow): NotableChange | undefined {
  const kind =
    row.type === "task_created" && (row.action === null || row.action === "added")
      ? "added"
      : row.type === "task_updated" && row.action === "ticked"
        ? "ticked"
        : undefined;
  if (!kind) return undefined;
  const payload = JSON.parse(row.payload) as { title?: unknown } | null;
  const subject = row.subject ?? (typeof payload?.title === "string" ? payload.title : "an item");
  return { id: Number(row.id), listId: Number(row.list_id), kind, subject, actor: row.actor ? (JSON.parse(row.actor) as Actor) : null };
}

const toBatch = (row: BatchRow): NotifyBatch => ({
  listId: Number(row.list_id),
  actorKey: row.actor_key,
  actor: row.actor ? (JSON.parse(row.actor) as Actor) : null,
  added: JSON.parse(row.added) as string[],
  addedCount: Number(row.added_count),
  ticked: JSON.parse(row.ticked) as string[],
  tickedCount: Number(row.ticked_count),
  dueAt: Number(row.due_at),
});

const toInbox = (row: InboxRow): InboxNotification => ({
  id: Number(row.id),
  listId: Number(row.list_id),
  title: row.title,
  body: row.body,
  url: row.url,
  at: isoFromMs(row.created_at),
  read: row.read_at !== null,
});

/** Notifications' own tables: what has been read of the event log, open batches, the inbox, per-list modes, nudges. */
export function notificationsStore(db: Db) {
  return {
    /** How far a reader of a log has come (a settings row); started at `start` the first time. */
    async cursor(name: string, start: () => Promise<number>, tx: Db = db): Promise<number> {
      const row = await tx.get<{ value: string }>("SELECT value FROM settings WHERE key = ?", [name]);
      if (row) return Number(row.value);
      await tx.run("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING", [name, String(await start())]);
      return Number((await tx.get<{ value: string }>("SELECT value FROM settings WHERE key = ?", [name]))!.value);
    },
    /** Moves a cursor from `from` to `to`; false when another instance moved it first (its transaction then rolls back). */
    async advanceCursor(name: string, from: number, to: number, tx: Db): Promise<boolean> {
      return (await tx.run("UPDATE settings SET value = ? WHERE key = ? AND value = ?", [String(to), name, String(from)])) === 1;
    },
    async latestShareId(tx: Db = db): Promise<number> {
      const row = await tx.get<{ id: number | string | null }>("SELECT MAX(id) AS id FROM list_shares");
      return row?.id == null ? 0 : Number(row.id);
    },
    /** Events after `afterId` recorded by `before`, in order: the last id read, how many, and the ones worth telling. */
    async changesAfter(
      afterId: number,
      before: number,
      limit: number,
      tx: Db,
    ): Promise<{ lastId: number; read: number; changes: NotableChange[] }> {
      const rows = await tx.all<EventRow>(
        "SELECT id, list_id, type, action, subject, payload, actor FROM events WHERE id > ? AND created_at <= ? ORDER BY id LIMIT ?",
        [afterId, before, limit],
      );
      const changes = rows.flatMap((row) => changeOf(row) ?? []);
      return { lastId: rows.length > 0 ? Number(rows.at(-1)!.id) : afterId, read: rows.length, changes };
    },
    /** Shares granted after `afterId` (list_shares ids only grow), in order. */
    async sharesAfter(afterId: number, limit: number, tx: Db): Promise<Array<{ id: number; listId: number; userId: number }>> {
      const rows = await tx.all<{ id: number | string; list_id: number | string; user_id: number | string }>(
        "SELECT id, list_id, user_id FROM list_shares WHERE id > ? ORDER BY id LIMIT ?",
        [afterId, limit],
      );
      return rows.map((row) => ({ id: Number(row.id), listId: Number(row.list_id), userId: Number(row.user_id) }));
    },
    async batch(listId: number, actorKey: string, tx: Db): Promise<NotifyBatch | undefined> {
      const row = await tx.get<BatchRow>("SELECT * FROM notify_batches WHERE list_id = ? AND actor_key = ?", [listId, actorKey]);
      return row && toBatch(row);
    },
    async saveBatch(batch: NotifyBatch, tx: Db): Promise<void> {
      await tx.run(
        `INSERT INTO notify_batches (list_id, actor_key, actor, added, added_count, ticked, ticked_count, due_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (list_id, actor_key) DO UPDATE SET added = excluded.added, added_count = excluded.added_count,
           ticked = excluded.ticked, ticked_count = excluded.ticked_count`,
        [
          batch.listId,
          batch.actorKey,
          batch.actor ? JSON.stringify(batch.actor) : null,
          JSON.stringify(batch.added),
          batch.addedCount,
          JSON.stringify(batch.ticked),
          batch.tickedCount,
          batch.dueAt,
        ],
      );
    },
    async dueBatches(now: number, limit: number): Promise<NotifyBatch[]> {
      const rows = await db.all<BatchRow>("SELECT * FROM notify_batches WHERE due_at <= ? ORDER BY due_at LIMIT ?", [now, limit]);
      return rows.map(toBatch);
    },
    /** Takes a due batch for telling; false when another instance took it first. */
    async takeBatch(batch: NotifyBatch, tx: Db): Promise<boolean> {
      return (await tx.run("DELETE FROM notify_batches WHERE list_id = ? AND actor_key = ?", [batch.listId, batch.actorKey])) === 1;
    },
    async mode(listId: number, userId: number): Promise<NotificationMode> {
      const row = await db.get<{ mode: string }>("SELECT mode FROM notification_modes WHERE list_id = ? AND user_id = ?", [listId, userId]);
      return row?.mode === "off" ? "off" : "all";
    },
    async setMode(listId: number, userId: number, mode: NotificationMode): Promise<void> {
      if (mode === "all") await db.run("DELETE FROM notification_modes WHERE list_id = ? AND user_id = ?", [listId, userId]);
      else
        await db.run(
          "INSERT INTO notification_modes (list_id, user_id, mode) VALUES (?, ?, ?) ON CONFLICT (list_id, user_id) DO UPDATE SET mode = excluded.mode",
          [listId, userId, mode],
        );
    },
    async mutedUserIds(listId: number, tx: Db = db): Promise<Set<number>> {
      const rows = await tx.all<{ user_id: number | string }>("SELECT user_id FROM notification_modes WHERE list_id = ? AND mode = 'off'", [
        listId,
      ]);
      return new Set(rows.map((row) => Number(row.user_id)));
    },
    async addToInbox(
      userId: number,
      entry: { listId: number; title: string; body: string; url: string },
      now: number,
      tx: Db,
    ): Promise<InboxNotification> {
      const rows = await tx.all<InboxRow>(
        "INSERT INTO notifications (user_id, list_id, title, body, url, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING *",
        [userId, entry.listId, entry.title, entry.body, entry.url, now],
      );
      return toInbox(rows[0]!);
    },
    async inbox(userId: number, limit: number): Promise<InboxNotification[]> {
      const rows = await db.all<InboxRow>("SELECT * FROM notifications WHERE user_id = ? ORDER BY id DESC LIMIT ?", [userId, limit]);
      return rows.map(toInbox);
    },
    /** Unread among the user's newest `limit`: what the inbox shows is what the count counts. */
    async unread(userId: number, limit: number, tx: Db = db): Promise<number> {
      const row = await tx.get<{ n: number | string }>(
        "SELECT COUNT(*) AS n FROM (SELECT read_at FROM notifications WHERE user_id = ? ORDER BY id DESC LIMIT ?) newest WHERE read_at IS NULL",
        [userId, limit],
      );
      return Number(row?.n ?? 0);
    },
    async markRead(userId: number, ids: number[] | "all", now: number): Promise<void> {
      if (ids === "all") {
        await db.run("UPDATE notifications SET read_at = ? WHERE user_id = ? AND read_at IS NULL", [now, userId]);
        return;
      }
      const marks = ids.map(() => "?").join(", ");
      await db.run(`UPDATE notifications SET read_at = ? WHERE user_id = ? AND read_at IS NULL AND id IN (${marks})`, [
        now,
        userId,
        ...ids,
      ]);
    },
    /** Records a nudge unless the sender sent one to the list less than `windowMs` ago; answers whether it may go. */
    async claimNudge(listId: number, senderKey: string, now: number, windowMs: number): Promise<boolean> {
      const changed = await db.run(
        `INSERT INTO nudges (list_id, sender_key, sent_at) VALUES (?, ?, ?)
         ON CONFLICT (list_id, sender_key) DO UPDATE SET sent_at = excluded.sent_at WHERE nudges.sent_at <= ?`,
        [listId, senderKey, now, now - windowMs],
      );
      return changed === 1;
    },
    async lastNudgeAt(listId: number, senderKey: string): Promise<number | undefined> {
      const row = await db.get<{ sent_at: number | string }>("SELECT sent_at FROM nudges WHERE list_id = ? AND sender_key = ?", [
        listId,
        senderKey,
      ]);
      return row && Number(row.sent_at);
    },
  };
}
