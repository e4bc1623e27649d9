import type { Db } from "./db";

/**
 * Where each way into a list begins its history (docs/product-rules.md#history-floor): the newest event id of the list
 * when a share was made (`list_shares.since_event_id`, written by the share's insert) or when the
 * current link began (`task_lists.link_since_event_id`). Ids, not times, as the live floor of §7.
 */
export interface AccessStarts {
  /** The caller's own share of the list, when they have one. */
  share?: number;
  link: number;
}

/** The list's newest event id, as one SQL expression over a `?` for the list id. */
export const NEWEST_EVENT_OF_LIST = "(SELECT COALESCE(MAX(id), 0) FROM events WHERE list_id = ?)";

export function accessStartsStore(db: Db) {
  return {
    /** The link of the list begins now: a rotation, or an expired link given a new expiry. */
    async startLink(listId: number, tx: Db = db): Promise<void> {
      await tx.run(`UPDATE task_lists SET link_since_event_id = ${NEWEST_EVENT_OF_LIST} WHERE id = ?`, [listId, listId]);
    },
    /** Where the link's history begins and, for a signed-in caller, their share's. */
    async of(listId: number, userId: number | null): Promise<AccessStarts | undefined> {
      const row = await db.get<{ link: number | string; share: number | string | null }>(
        `SELECT link_since_event_id AS link,
           (SELECT since_event_id FROM list_shares WHERE list_id = task_lists.id AND user_id = ?) AS share
         FROM task_lists WHERE id = ?`,
        [userId, listId],
      );
      if (!row) return undefined;
      return { link: Number(row.link), ...(row.share == null ? {} : { share: Number(row.share) }) };
    },
  };
}
