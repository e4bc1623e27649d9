import type { ActivityEntry } from "../shared/attribution";
import type { RealtimeEvent, RealtimeEventType } from "../shared/types";
import { type Db, isoFromMs } from "./db";
import { actorColumn, actorFromColumn, recordedActorFromColumn, shownActor } from "./task-rows";

/** A list's change event with its increasing id, as long-poll clients replay them (docs/http-contract.md#long-poll). */
export interface StoredEvent extends RealtimeEvent {
  id: number;
}

interface EventRow {
  id: number | string;
  list_id: number | string;
  share_id: string | null;
  type: string;
  payload: string;
  message_id: string;
  created_at: number | string;
  actor?: string | null;
  action?: string | null;
  subject?: string | null;
  [column: string]: unknown;
}

const toEvent = (row: EventRow): StoredEvent => ({
  actor: actorFromColumn(row.actor),
  id: Number(row.id),
  type: row.type as RealtimeEventType,
  timestamp: Number(row.created_at),
  messageId: row.message_id,
  payload: JSON.parse(row.payload),
  listId: Number(row.list_id),
  shareId: row.share_id ?? "",
});

/** What a change was, when the event did not record it (events before attribution, or types that say it). */
const ACTION_OF_TYPE: Record<string, string> = {
  task_created: "added",
  task_updated: "edited",
  task_deleted: "deleted",
  tasks_reordered: "reordered",
  tasks_reset: "reset",
  list_updated: "updated",
  sections_updated: "changed sections",
};

function activityOf(row: EventRow): ActivityEntry {
  const payload = JSON.parse(row.payload) as { title?: unknown; name?: unknown } | null;
  const named = typeof payload?.title === "string" ? payload.title : typeof payload?.name === "string" ? payload.name : null;
  return {
    id: Number(row.id),
    action: row.action ?? ACTION_OF_TYPE[row.type] ?? row.type,
    subject: row.subject ?? named,
    actor: recordedActorFromColumn(row.actor),
    at: isoFromMs(Number(row.created_at)),
  };
}

/** How many events of each list stay replayable: at least 1,000 (docs/product-rules.md#limits). */
export const EVENTS_KEPT_PER_LIST = 1000;

export function eventsStore(db: Db) {
  return {
    /** `about` is the activity panel's reading of the change (docs/product-rules.md#attribution-and-activity), kept beside the event. */
    async append(event: RealtimeEvent, tx: Db = db, about: { action?: string; subject?: string } = {}): Promise<StoredEvent> {
      const rows = await tx.all<{ id: number | string }>(
        `INSERT INTO events (list_id, share_id, type, payload, message_id, created_at, actor, action, subject)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        [
          event.listId,
          event.shareId,
          event.type,
          JSON.stringify(event.payload ?? null),
          event.messageId,
          event.timestamp,
          actorColumn(event.actor),
          about.action ?? null,
          about.subject ?? null,
        ],
      );
      // Built from what was written, not read back: parsing the payload again would cost every write.
      return { ...event, id: Number(rows[0]!.id), payload: event.payload ?? null, actor: shownActor(event.actor) };
    },
    /** A list's newest changes after event `afterId` (the reader's floor), newest first, as the activity panel lists them. */
    async recentActivity(listId: number, afterId: number, limit: number): Promise<ActivityEntry[]> {
      const rows = await db.all<EventRow>("SELECT * FROM events WHERE list_id = ? AND id > ? ORDER BY id DESC LIMIT ?", [
        listId,
        afterId,
        limit,
      ]);
      return rows.map((row) => activityOf(row));
    },
    async since(listIds: number[], afterId: number, limit = 500): Promise<StoredEvent[]> {
      if (listIds.length === 0) return [];
      const marks = listIds.map(() => "?").join(", ");
      const rows = await db.all<EventRow>(`SELECT * FROM events WHERE list_id IN (${marks}) AND id > ? ORDER BY id LIMIT ?`, [
        ...listIds,
        afterId,
        limit,
      ]);
      return rows.map(toEvent);
    },
    /** Every list's events after `afterId` recorded by `before`, in order, each as the activity panel tells it (for webhooks). */
    async settledAfter(
      afterId: number,
      before: number,
      limit: number,
      tx: Db = db,
    ): Promise<Array<{ event: StoredEvent; activity: ActivityEntry }>> {
      const rows = await tx.all<EventRow>("SELECT * FROM events WHERE id > ? AND created_at <= ? ORDER BY id LIMIT ?", [
        afterId,
        before,
        limit,
      ]);
      return rows.map((row) => ({ event: toEvent(row), activity: activityOf(row) }));
    },
    /** The oldest id still kept for a list, to tell a client that asks for older ones to resync. */
    async oldestId(listId: number): Promise<number | undefined> {
      const row = await db.get<{ id: number | string | null }>("SELECT MIN(id) AS id FROM events WHERE list_id = ?", [listId]);
      return row?.id == null ? undefined : Number(row.id);
    },
    /** The newest event of one list (0 when it has none): it moves whenever the list's items change. */
    async latestIdOf(listId: number): Promise<number> {
      const row = await db.get<{ id: number | string | null }>("SELECT MAX(id) AS id FROM events WHERE list_id = ?", [listId]);
      return row?.id == null ? 0 : Number(row.id);
    },
    async latestId(): Promise<number> {
      const row = await db.get<{ id: number | string | null }>("SELECT MAX(id) AS id FROM events");
      return row?.id == null ? 0 : Number(row.id);
    },
    /** Forgets a deleted list's history, all but its last event (`keepId`, the deletion itself). */
    async forgetListBefore(listId: number, keepId: number, tx: Db = db): Promise<void> {
      await tx.run("DELETE FROM events WHERE list_id = ? AND id < ?", [listId, keepId]);
    },
    async prune(listId: number, keep = EVENTS_KEPT_PER_LIST, tx: Db = db): Promise<void> {
      await tx.run(
        `DELETE FROM events WHERE list_id = ? AND id <= (
           SELECT id FROM events WHERE list_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)`,
        [listId, listId, keep],
      );
    },
    /** Prunes every list holding more than `keep` events back to its newest `keep`; answers how many lists were pruned. */
    async pruneEveryList(keep = EVENTS_KEPT_PER_LIST, tx: Db = db): Promise<number> {
      const rows = await tx.all<{ list_id: number | string }>("SELECT list_id FROM events GROUP BY list_id HAVING COUNT(*) > ?", [keep]);
      for (const row of rows) await this.prune(Number(row.list_id), keep, tx);
      return rows.length;
    },
  };
}
