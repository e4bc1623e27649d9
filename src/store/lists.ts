import type { AccessLevel, LinkAccess, TaskList } from "../shared/types";
import { isoFromMs, type Db, type SqlValue } from "./db";
import { toLevel } from "./shares";

/** An unknown stored value falls back to the default, write (docs/product-rules.md#access). */
/**
 * A list's counts are its live top-level items, as the list page's count line has them
 * (docs/decisions/043-sub-item-ticks.md); the live-items index holds `completed` and `parent_id`
 * (migrations sqlite 014 / postgres 013), so counting never visits the item rows.
 */
const COUNTED = "t.parent_id IS NULL AND t.deleted_at IS NULL";
const PROGRESS_COUNTS = "COUNT(t.id) AS total, SUM(CASE WHEN t.completed <> 0 THEN 1 ELSE 0 END) AS done";

const toLinkAccess = (value: string): LinkAccess => (value === "read" || value === "check" ? value : "write");

interface ListRow {
  id: number | string;
  name: string;
  user_id: number | string;
  share_id: string;
  link_access: string;
  share_expires_at: number | string | null;
  position: number | string;
  created_at: number | string;
  routine_rrule?: string | null;
  routine_tz?: string | null;
  routine_next_run_at?: number | string | null;
  [column: string]: unknown;
}

export function toList(row: ListRow): TaskList {
  return {
    id: Number(row.id),
    name: row.name,
    userId: Number(row.user_id),
    shareId: row.share_id,
    linkAccess: toLinkAccess(row.link_access),
    linkExpiresAt: row.share_expires_at === null ? null : isoFromMs(row.share_expires_at),
    position: Number(row.position),
    createdAt: isoFromMs(row.created_at),
    routine:
      row.routine_rrule && row.routine_tz && row.routine_next_run_at != null
        ? { rrule: row.routine_rrule, tz: row.routine_tz, nextRunAt: isoFromMs(row.routine_next_run_at) }
        : null,
  };
}

/**
 * `lock` takes the list's row lock on PostgreSQL for the rest of the transaction, so changes to one
 * list (and their event ids) commit one after another; SQLite already runs one writer at a time.
 */
const forUpdate = (tx: Db, lock: boolean) => (lock && tx.dialect === "postgres" ? " FOR UPDATE" : "");

/** What a read of a list needs besides the list, fetched with it (see `findForReader`). */
export interface ListForReader {
  list: TaskList;
  /** The reader's own share of the list, when it is shared with them by name. */
  grant: AccessLevel | undefined;
  /** The list's newest event id (0 when none), which says whether its cached items still hold. */
  latestEventId: number;
  ownerName: string | undefined;
}

/**
 * One statement for the list, the reader's share, the newest event id and the owner's name: each
 * statement outside a transaction opens and closes its own read snapshot, which costs more than
 * these lookups (docs/decisions/009). Scalar subqueries, not JOINs: a JOIN measured slower.
 */
const FOR_READER = `SELECT task_lists.*,
  (SELECT access_level FROM list_shares WHERE list_id = task_lists.id AND user_id = ?) AS grant_level,
  (SELECT MAX(id) FROM events WHERE list_id = task_lists.id) AS latest_event_id,
  (SELECT username FROM users WHERE id = task_lists.user_id) AS owner_name
  FROM task_lists`;
const FOR_READER_BY_ID = `${FOR_READER} WHERE id = ? AND deleted_at IS NULL`;
const FOR_READER_BY_SHARE_ID = `${FOR_READER} WHERE share_id = ? AND deleted_at IS NULL`;

interface ListForReaderRow extends ListRow {
  grant_level: string | null;
  latest_event_id: number | string | null;
  owner_name: string | null;
}

/**
 * The live list a live item is in, with the reader's own share of it and every recipient's id
 * (whose Home hears of the change), in one statement.
 */
const BY_TASK = `SELECT task_lists.*,
  (SELECT access_level FROM list_shares WHERE list_id = task_lists.id AND user_id = ?) AS grant_level,
  (SELECT string_agg(CAST(user_id AS TEXT), ',' ORDER BY user_id) FROM list_shares WHERE list_id = task_lists.id) AS recipient_ids
  FROM task_lists WHERE id = (SELECT list_id FROM tasks WHERE id = ? AND deleted_at IS NULL) AND deleted_at IS NULL`;

/** What `findByTask` reads: the list, the reader's own share of it, and its recipients. */
export interface ListByTask {
  list: TaskList;
  grant: AccessLevel | undefined;
  recipientIds: number[];
}

/** The bound on deleted lists: an owner keeps this many for Undo (docs/product-rules.md#undo-and-restore). */
export const DELETED_LISTS_KEPT = 200;

/** Deleted lists beyond the newest `keep` of their owner (the owner of list `id`, or every owner). */
const DELETED_BEYOND = (oneOwner: boolean) => `SELECT id FROM (
  SELECT id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY deleted_at DESC, id DESC) AS newest
  FROM task_lists WHERE deleted_at IS NOT NULL${oneOwner ? " AND user_id = (SELECT user_id FROM task_lists WHERE id = ?)" : ""}
) AS ranked WHERE newest > ?`;

/**
 * Removes the lists `select` names for good. Their items and shares cascade; their events have no
 * foreign key (a deleted list's last event stays for replay until then), so they go here, all but
 * the table's newest: SQLite numbers events without AUTOINCREMENT (migration 002), so removing the
 * newest row would hand its id out again, below cursors clients already hold. The ids are chosen
 * by a subquery, as a purge may name more lists than a statement takes parameters.
 */
async function purgeLists(tx: Db, select: string, params: SqlValue[]): Promise<number> {
  await tx.run(`DELETE FROM events WHERE list_id IN (${select}) AND id < (SELECT MAX(id) FROM events)`, params);
  return tx.run(`DELETE FROM task_lists WHERE id IN (${select})`, params);
}

export function listsStore(db: Db) {
  return {
    /** `readerId` null (a link guest) holds no share. `lock` as in `findById`. */
    async findByTask(taskId: number, readerId: number | null, tx: Db = db, lock = false): Promise<ListByTask | undefined> {
      const row = await tx.get<ListRow & { grant_level: string | null; recipient_ids: string | null }>(`${BY_TASK}${forUpdate(tx, lock)}`, [
        readerId,
        taskId,
      ]);
      if (!row) return undefined;
      const recipientIds = row.recipient_ids === null ? [] : row.recipient_ids.split(",").map(Number);
      return { list: toList(row), grant: row.grant_level === null ? undefined : toLevel(row.grant_level), recipientIds };
    },
    async findById(id: number, tx: Db = db, lock = false): Promise<TaskList | undefined> {
      const row = await tx.get<ListRow>(`SELECT * FROM task_lists WHERE id = ? AND deleted_at IS NULL${forUpdate(tx, lock)}`, [id]);
      return row && toList(row);
    },
    async findByShareId(shareId: string, tx: Db = db, lock = false): Promise<TaskList | undefined> {
      const row = await tx.get<ListRow>(`SELECT * FROM task_lists WHERE share_id = ? AND deleted_at IS NULL${forUpdate(tx, lock)}`, [
        shareId,
      ]);
      return row && toList(row);
    },
    /** A list by id or shareId as `userId` (null: signed out) reads it, outside any transaction. */
    async findForReader(where: { id: number } | { shareId: string }, userId: number | null): Promise<ListForReader | undefined> {
      const row =
        "id" in where
          ? await db.get<ListForReaderRow>(FOR_READER_BY_ID, [userId, where.id])
          : await db.get<ListForReaderRow>(FOR_READER_BY_SHARE_ID, [userId, where.shareId]);
      if (!row) return undefined;
      return {
        list: toList(row),
        grant: row.grant_level === null ? undefined : toLevel(row.grant_level),
        latestEventId: row.latest_event_id === null ? 0 : Number(row.latest_event_id),
        ownerName: row.owner_name ?? undefined,
      };
    },
    async listOwnedBy(userId: number, tx: Db = db): Promise<TaskList[]> {
      const rows = await tx.all<ListRow>("SELECT * FROM task_lists WHERE user_id = ? AND deleted_at IS NULL ORDER BY position, id", [
        userId,
      ]);
      return rows.map(toList);
    },
    async countOwnedBy(userId: number, tx: Db = db): Promise<number> {
      const row = await tx.get<{ n: number | string }>("SELECT COUNT(*) AS n FROM task_lists WHERE user_id = ? AND deleted_at IS NULL", [
        userId,
      ]);
      return Number(row?.n ?? 0);
    },
    /**
     * Serialises one user's list creations so a count-then-insert holds under concurrency
     * (docs/architecture.md#store). PostgreSQL locks the owner's row until commit; SQLite needs nothing more,
     * as its BEGIN IMMEDIATE transactions already run one at a time.
     */
    async lockOwner(userId: number, tx: Db): Promise<void> {
      if (tx.dialect === "postgres") await tx.all("SELECT id FROM users WHERE id = ? FOR UPDATE", [userId]);
    },
    /** The position after the user's last list (deleted ones too, so a restored list keeps a place of its own): 0 for the first. */
    async nextPosition(userId: number, tx: Db = db): Promise<number> {
      const row = await tx.get<{ next: number | string }>(
        "SELECT COALESCE(MAX(position), -1) + 1 AS next FROM task_lists WHERE user_id = ?",
        [userId],
      );
      return Number(row?.next ?? 0);
    },
    async create(list: { name: string; userId: number; shareId: string; position: number }, tx: Db = db): Promise<TaskList> {
      const rows = await tx.all<ListRow>(
        "INSERT INTO task_lists (name, user_id, share_id, position, created_at) VALUES (?, ?, ?, ?, ?) RETURNING *",
        [list.name, list.userId, list.shareId, list.position, Date.now()],
      );
      return toList(rows[0]!);
    },
    async update(
      id: number,
      changes: { name?: string; linkAccess?: LinkAccess; shareId?: string },
      tx: Db = db,
    ): Promise<TaskList | undefined> {
      const rows = await tx.all<ListRow>(
        `UPDATE task_lists SET name = COALESCE(?, name), link_access = COALESCE(?, link_access),
           share_id = COALESCE(?, share_id) WHERE id = ? RETURNING *`,
        [changes.name ?? null, changes.linkAccess ?? null, changes.shareId ?? null, id],
      );
      return rows[0] && toList(rows[0]);
    },
    /** When the share link stops working (epoch ms), or null for never (docs/product-rules.md#share-links). */
    async setLinkExpiry(id: number, expiresAt: number | null, tx: Db = db): Promise<TaskList | undefined> {
      const rows = await tx.all<ListRow>("UPDATE task_lists SET share_expires_at = ? WHERE id = ? RETURNING *", [expiresAt, id]);
      return rows[0] && toList(rows[0]);
    },
    /** Live lists whose link expired after `after` and at or before `upTo` (epoch ms), with the link that expired. */
    async linksExpiredBetween(after: number, upTo: number): Promise<Array<{ id: number; shareId: string }>> {
      const rows = await db.all<{ id: number | string; share_id: string }>(
        "SELECT id, share_id FROM task_lists WHERE share_expires_at > ? AND share_expires_at <= ? AND deleted_at IS NULL",
        [after, upTo],
      );
      return rows.map((row) => ({ id: Number(row.id), shareId: row.share_id }));
    },
    /** The soonest link expiry after `after` (epoch ms), or null when no link is due to expire. */
    async nextLinkExpiry(after: number): Promise<number | null> {
      const row = await db.get<{ next: number | string | null }>(
        "SELECT MIN(share_expires_at) AS next FROM task_lists WHERE share_expires_at > ? AND deleted_at IS NULL",
        [after],
      );
      const next = row?.next ?? null;
      return next === null ? null : Number(next);
    },
    async setPosition(id: number, userId: number, position: number, tx: Db = db): Promise<number> {
      return tx.run("UPDATE task_lists SET position = ? WHERE id = ? AND user_id = ?", [position, id, userId]);
    },
    /**
     * A deleted list keeps its row (and items, shares) until restored or purged. Past
     * DELETED_LISTS_KEPT deleted lists of its owner, the oldest go for good in the same transaction
     * (docs/product-rules.md#undo-and-restore), so the bound holds at every commit.
     */
    async softDelete(id: number, now: number, tx: Db = db): Promise<number> {
      const changed = await tx.run("UPDATE task_lists SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL", [now, id]);
      const row = await tx.get<{ n: number | string }>(
        "SELECT COUNT(*) AS n FROM task_lists WHERE user_id = (SELECT user_id FROM task_lists WHERE id = ?) AND deleted_at IS NOT NULL",
        [id],
      );
      if (Number(row?.n ?? 0) > DELETED_LISTS_KEPT) await purgeLists(tx, DELETED_BEYOND(true), [id, DELETED_LISTS_KEPT]);
      return changed;
    },
    /** The user's own list `id` while it is deleted (and not yet purged), locked for its restore. */
    async findDeletedOwned(id: number, userId: number, tx: Db): Promise<TaskList | undefined> {
      const row = await tx.get<ListRow>(
        `SELECT * FROM task_lists WHERE id = ? AND user_id = ? AND deleted_at IS NOT NULL${forUpdate(tx, true)}`,
        [id, userId],
      );
      return row && toList(row);
    },
    async restore(id: number, tx: Db = db): Promise<TaskList | undefined> {
      const rows = await tx.all<ListRow>("UPDATE task_lists SET deleted_at = NULL WHERE id = ? RETURNING *", [id]);
      return rows[0] && toList(rows[0]);
    },
    /** Removes lists deleted before `cutoff` for good, with their events; their items and shares cascade. */
    async purgeDeletedBefore(cutoff: number, tx: Db = db): Promise<number> {
      return purgeLists(tx, "SELECT id FROM task_lists WHERE deleted_at IS NOT NULL AND deleted_at < ?", [cutoff]);
    },
    /** Brings every owner within DELETED_LISTS_KEPT deleted lists (a database from before the bound); answers how many went. */
    async purgeDeletedBeyondBound(tx: Db = db): Promise<number> {
      return purgeLists(tx, DELETED_BEYOND(false), [DELETED_LISTS_KEPT]);
    },
    /**
     * Live top-level items and the completed ones of every live list on the user's Home (their own
     * and those shared with them): a parent counts once, by its own mark, as on the list page
     * (docs/decisions/043-sub-item-ticks.md); a list without items counts 0 of 0. The lists
     * are found through the user's own and shared ones (an OR here scanned every list there is),
     * and counted from the live-items index alone, which holds `completed` (docs/decisions/036).
     */
    async progressFor(userId: number): Promise<Array<{ listId: number; done: number; total: number }>> {
      const rows = await db.all<{ id: number | string; done: number | string | null; total: number | string }>(
        `SELECT l.id, ${PROGRESS_COUNTS}
           FROM task_lists l LEFT JOIN tasks t ON t.list_id = l.id AND ${COUNTED}
          WHERE l.deleted_at IS NULL
            AND l.id IN (SELECT id FROM task_lists WHERE user_id = ? AND deleted_at IS NULL
                         UNION ALL SELECT list_id FROM list_shares WHERE user_id = ?)
          GROUP BY l.id`,
        [userId, userId],
      );
      return rows.map((row) => ({ listId: Number(row.id), done: Number(row.done ?? 0), total: Number(row.total) }));
    },
    /** One list's counts, as `progressFor` gives them: for the live count a change sends Home. */
    async progressOf(listId: number): Promise<{ done: number; total: number }> {
      const row = await db.get<{ done: number | string | null; total: number | string }>(
        `SELECT ${PROGRESS_COUNTS} FROM tasks t WHERE t.list_id = ? AND ${COUNTED}`,
        [listId],
      );
      return { done: Number(row?.done ?? 0), total: Number(row?.total ?? 0) };
    },
  };
}
