import type { ActivityEntry } from "../shared/attribution";
import type { Store } from "../store";
import { type Caller, resolveReadAccess } from "./access";
import { historyFloor } from "./history-floor";

/** The activity panel shows a list's last 50 changes (docs/product-rules.md#attribution-and-activity). */
export const ACTIVITY_LIMIT = 50;

/**
 * GET /api/task-lists/{id}/activity: who changed what and when, newest first, to whoever may read
 * the list (a guest through its shareId), from when their access began (docs/product-rules.md#history-floor); anyone
 * else gets the list's 404.
 */
export async function readActivity(store: Store, caller: Caller, listId: number): Promise<ActivityEntry[]> {
  const access = await resolveReadAccess(store, caller, { id: listId });
  return store.events.recentActivity(access.list.id, await historyFloor(store, caller, access), ACTIVITY_LIMIT);
}
