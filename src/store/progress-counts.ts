import type { ListProgressPayload } from "../shared/live-messages";
import type { Db } from "./db";

/**
 * One list's counts of top-level items, as the list page's count line has them
 * (docs/decisions/043-sub-item-ticks.md), read from the live-items index alone (it holds
 * `completed` and `parent_id`, migrations sqlite 014 / postgres 013), so the count never visits
 * the item rows: the same numbers `lists.progressFor` gives Home, for the one list that changed
 * (docs/http-contract.md#live-messages).
 */
export async function progressCountsOf(db: Db, listId: number): Promise<ListProgressPayload> {
  const row = await db.get<{ done: number | string | null; total: number | string }>(
    `SELECT COUNT(*) AS total, SUM(CASE WHEN completed <> 0 THEN 1 ELSE 0 END) AS done
       FROM tasks WHERE list_id = ? AND parent_id IS NULL AND deleted_at IS NULL`,
    [listId],
  );
  return { done: Number(row?.done ?? 0), total: Number(row?.total ?? 0) };
}
