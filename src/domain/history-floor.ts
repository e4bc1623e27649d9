import type { Store } from "../store";
import { type Caller, type ListAccess, LIST_NOT_FOUND, linkIsLive } from "./access";
import { notFound } from "./errors";

/**
 * What a caller may read of a list's past (its activity, and routine runs) starts
 * when their access began, by the rule of the live replay floor (docs/product-rules.md#history-floor, decision 006): nothing at or
 * below the newest event id of that moment. The owner had access from the start. A recipient's
 * access began with their share; a link's with the current link (made with the list, rotated, or
 * given a new expiry after it had expired: access was lost in between). A recipient who also came
 * through the live link holds both, so the earlier start counts.
 */
export async function historyFloor(store: Store, caller: Caller, access: ListAccess): Promise<number> {
  if (access.isOwner) return 0;
  const starts = await store.accessStarts.of(access.list.id, caller.userId);
  const viaLink = caller.shareId === access.list.shareId && linkIsLive(access.list, store.clock.now());
  const floors = [...(starts?.share === undefined ? [] : [starts.share]), ...(starts && viaLink ? [starts.link] : [])];
  // Access was just decided, so one of them exists unless it went in between: then, as if it never was.
  if (floors.length === 0) throw notFound(LIST_NOT_FOUND);
  return Math.min(...floors);
}
