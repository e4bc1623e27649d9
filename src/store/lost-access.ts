import type { Db } from "./db";

/** What is left of a list that a caller can no longer open, for telling them why (src/domain/lost-access.ts). */
export interface ListTraces {
  userId: number;
  ownerName: string | null;
  /** The list's current link and its expiry (epoch ms), deleted list or not. */
  shareId: string;
  linkExpiresAt: number | null;
  deleted: boolean;
  /** The caller still holds a named share of it (kept while a deleted list awaits its purge). */
  sharedWithCaller: boolean;
  /** The given link was once this list's: an event was recorded under it (a reset records one). */
  hadLink: boolean;
}

interface TracesRow {
  [column: string]: unknown;
  user_id: number | string;
  owner_name: string | null;
  share_id: string;
  share_expires_at: number | string | null;
  deleted_at: number | string | null;
  shared_with_caller: number | string | null;
  had_link: number | string | null;
}

export function lostAccessStore(db: Db) {
  return {
    /**
     * One statement over list `listId`, deleted ones included. The events are read through
     * their (list_id, id) index: at most one list's kept events, only on a dead link's page.
     */
    async traces(listId: number, userId: number | null, shareId: string | null): Promise<ListTraces | undefined> {
      const row = await db.get<TracesRow>(
        `SELECT user_id, share_id, share_expires_at, deleted_at,
           (SELECT username FROM users WHERE id = task_lists.user_id) AS owner_name,
           (SELECT 1 FROM list_shares WHERE list_id = task_lists.id AND user_id = ?) AS shared_with_caller,
           (SELECT 1 FROM events WHERE list_id = task_lists.id AND share_id = ? LIMIT 1) AS had_link
         FROM task_lists WHERE id = ?`,
        [userId, shareId, listId],
      );
      if (!row) return undefined;
      return {
        userId: Number(row.user_id),
        ownerName: row.owner_name,
        shareId: row.share_id,
        linkExpiresAt: row.share_expires_at === null ? null : Number(row.share_expires_at),
        deleted: row.deleted_at !== null,
        sharedWithCaller: row.shared_with_caller !== null,
        hadLink: row.had_link !== null,
      };
    },
  };
}
