import type { LostAccess } from "../shared/lost-access";
import type { Store } from "../store";
import type { Caller } from "./access";
import { linkHasExpired } from "../shared/rules/links";

/**
 * Why list `listId` (undefined: an id that names no list) answers 404 to a caller who may not see
 * it (docs/decisions/048-dead-links.md). A link is told its own story, since only someone it was
 * given to can hold one that was ever real; one that never was this list's reads as unknown. Without a link,
 * only the owner or a named recipient (who keeps the share until the purge) learns that the list was deleted: anyone else reads the
 * same as for a list that never existed.
 */
export async function whyLost(store: Store, caller: Caller, listId: number | undefined): Promise<LostAccess> {
  const shareId = caller.shareId ?? null;
  const traces = listId === undefined ? undefined : await store.lostAccess.traces(listId, caller.userId, shareId);
  if (traces?.deleted && traces.userId === caller.userId) return { kind: "deleted", ownerName: null, yours: true };
  if (traces?.deleted && traces.sharedWithCaller) return { kind: "deleted", ownerName: traces.ownerName };
  if (shareId === null) return { kind: "not-visible" };
  if (!traces || (traces.shareId !== shareId && !traces.hadLink)) return { kind: "unknown-link" };
  if (traces.deleted) return { kind: "deleted", ownerName: null };
  if (traces.shareId !== shareId) return { kind: "reset" };
  if (traces.linkExpiresAt !== null && linkHasExpired(traces.linkExpiresAt, store.clock.now())) {
    return { kind: "expired", expiredAt: new Date(traces.linkExpiresAt).toISOString() };
  }
  return { kind: "unknown-link" };
}
