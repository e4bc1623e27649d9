import type { Store } from "../store";
import { EVENTS_KEPT_PER_LIST } from "../store/events";
import type { OrphanCounts } from "../store/orphans";
import { forgetPruneCounts } from "./events";
import { purgeIdempotencyKeys } from "./idempotency";
import { purgeDeleted } from "./undo";

/**
 * @module What the database keeps stays bounded: every table either has a bound its writes hold
 * (deleted rows, each list's events: docs/product-rules.md#limits) or rows that expire, and what
 * expired, or belongs to nothing any more, is removed here. The server runs it at start and
 * every hour.
 */

export interface HousekeepingReport {
  /** Items and lists deleted more than 30 days ago (docs/product-rules.md#undo-and-restore). */
  deleted: { tasks: number; lists: number };
  /** Deleted items and lists past their bound, left by a database from before it (docs/product-rules.md#undo-and-restore). */
  beyondBound: { tasks: number; lists: number };
  idempotencyKeys: number;
  sessions: number;
  /** Lists whose events were pruned back to the newest EVENTS_KEPT_PER_LIST. */
  prunedLists: number;
  orphans: OrphanCounts;
}

/** One pass at `now` (epoch ms). Each step commits on its own, so a long one never holds the others' writes back. */
export async function runHousekeeping(store: Store, now = store.clock.now()): Promise<HousekeepingReport> {
  const deleted = await purgeDeleted(store, now);
  const beyondBound = await store.db.transaction(async (tx) => ({
    tasks: await store.tasks.purgeDeletedBeyondBound(tx),
    lists: await store.lists.purgeDeletedBeyondBound(tx),
  }));
  const idempotencyKeys = await purgeIdempotencyKeys(store, now);
  const sessions = await store.sessions.purgeExpired(now);
  const orphans = await store.orphans.purge();
  const prunedLists = await store.events.pruneEveryList(EVENTS_KEPT_PER_LIST);
  forgetPruneCounts(store);
  return { deleted, beyondBound, idempotencyKeys, sessions, prunedLists, orphans };
}
