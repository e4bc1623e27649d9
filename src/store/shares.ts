import type { AccessLevel, ShareRecord, SharedWithMeItem } from "../shared/types";
import { NEWEST_EVENT_OF_LIST } from "./access-starts";
import { isoFromMs, type Db, type Row } from "./db";

export const toLevel = (value: unknown): AccessLevel => (value === "read" || value === "check" || value === "admin" ? value : "write");

interface ShareRow {
  id: number | string;
  list_id: number | string;
  user_id: number | string;
  access_level: string;
  created_at: number | string;
  [column: string]: unknown;
}

export interface ShareGrant {
  id: number;
  listId: number;
  userId: number;
  accessLevel: AccessLevel;
  createdAt: string;
}

const toGrant = (row: ShareRow): ShareGrant => ({
  id: Number(row.id),
  listId: Number(row.list_id),
  userId: Number(row.user_id),
  accessLevel: toLevel(row.access_level),
  createdAt: isoFromMs(row.created_at),
});

const SHARE_RECORD_SELECT = `SELECT s.id, s.list_id, l.name AS list_name, s.user_id, u.username, s.access_level, s.created_at
  FROM list_shares s JOIN task_lists l ON l.id = s.list_id JOIN users u ON u.id = s.user_id`;

const toShareRecord = (row: Row): ShareRecord => ({
  id: Number(row.id),
  listId: Number(row.list_id),
  listName: String(row.list_name),
  sharedWithId: Number(row.user_id),
  sharedWithName: String(row.username),
  accessLevel: toLevel(row.access_level),
  createdAt: isoFromMs(row.created_at),
});

export function sharesStore(db: Db) {
  return {
    async find(listId: number, userId: number, tx: Db = db): Promise<ShareGrant | undefined> {
      const row = await tx.get<ShareRow>("SELECT * FROM list_shares WHERE list_id = ? AND user_id = ?", [listId, userId]);
      return row && toGrant(row);
    },
    /** Inserts the grant unless one exists, its history starting now (docs/product-rules.md#history-floor); answers whether it was new. */
    async grant(listId: number, userId: number, accessLevel: AccessLevel, tx: Db = db): Promise<boolean> {
      const changed = await tx.run(
        `INSERT INTO list_shares (list_id, user_id, access_level, created_at, since_event_id)
         VALUES (?, ?, ?, ?, ${NEWEST_EVENT_OF_LIST}) ON CONFLICT (list_id, user_id) DO NOTHING`,
        [listId, userId, accessLevel, Date.now(), listId],
      );
      return changed > 0;
    },
    async revoke(listId: number, userId: number, tx: Db = db): Promise<number> {
      return tx.run("DELETE FROM list_shares WHERE list_id = ? AND user_id = ?", [listId, userId]);
    },
    async recipientIds(listId: number, tx: Db = db): Promise<number[]> {
      const rows = await tx.all<{ user_id: number | string }>("SELECT user_id FROM list_shares WHERE list_id = ? ORDER BY user_id", [
        listId,
      ]);
      return rows.map((row) => Number(row.user_id));
    },
    /** Share record: the shares of every list the owner has, newest first (docs/http-contract.md#shapes). */
    async sharedByOwner(ownerId: number, listId?: number, tx: Db = db): Promise<ShareRecord[]> {
      const rows = await tx.all(
        `${SHARE_RECORD_SELECT} WHERE l.user_id = ? AND l.deleted_at IS NULL ${listId === undefined ? "" : "AND l.id = ?"}
          ORDER BY s.created_at DESC, s.id DESC`,
        listId === undefined ? [ownerId] : [ownerId, listId],
      );
      return rows.map(toShareRecord);
    },
    /** One share record, as answered right after sharing. */
    async findRecord(listId: number, userId: number, tx: Db = db): Promise<ShareRecord | undefined> {
      const row = await tx.get(`${SHARE_RECORD_SELECT} WHERE s.list_id = ? AND s.user_id = ? AND l.deleted_at IS NULL`, [listId, userId]);
      return row && toShareRecord(row);
    },
    /** Ids of the lists shared with the user (GET /api/shared-list-ids); a deleted list is not among them. */
    async listIdsSharedWith(userId: number): Promise<number[]> {
      const rows = await db.all<{ list_id: number | string }>(
        `SELECT s.list_id FROM list_shares s JOIN task_lists l ON l.id = s.list_id
          WHERE s.user_id = ? AND l.deleted_at IS NULL ORDER BY s.list_id`,
        [userId],
      );
      return rows.map((row) => Number(row.list_id));
    },
    /** Shared-with-me items (docs/http-contract.md#shapes). */
    async sharedWith(userId: number): Promise<SharedWithMeItem[]> {
      const rows = await db.all(
        `SELECT s.id, s.access_level, s.created_at, o.username AS owner_name,
                l.id AS list_id, l.name, l.share_id, l.user_id AS owner_id
           FROM list_shares s JOIN task_lists l ON l.id = s.list_id LEFT JOIN users o ON o.id = l.user_id
          WHERE s.user_id = ? AND l.deleted_at IS NULL ORDER BY s.created_at DESC, s.id DESC`,
        [userId],
      );
      return rows.map((row) => ({
        shared: {
          id: Number(row.id),
          accessLevel: toLevel(row.access_level),
          createdAt: isoFromMs(row.created_at),
          ownerName: row.owner_name == null ? null : String(row.owner_name),
        },
        list: { id: Number(row.list_id), name: String(row.name), shareId: String(row.share_id), userId: Number(row.owner_id) },
      }));
    },
  };
}
