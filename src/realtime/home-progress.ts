import type { Logger } from "../logger";
import type { ListProgressPayload, LiveMessage } from "../shared/live-messages";
import type { Store } from "../store";
import type { Subscriber } from "./subscriber";

/** A client following no list: Home, which shows every list's counts. */
const isHome = (subscriber: Subscriber) => subscriber.subscriptions.size === 0;

/**
 * @module Home's live counts (docs/http-contract.md#live-messages): a `list_progress` reaches a
 * user's Home carrying the list's new counts, so Home applies them instead of reading every card
 * again. The count is read here, after the change committed, and only while this instance holds a
 * Home of someone the change concerns: a write nobody watches on Home costs no count. A change
 * concerns the owner and each recipient, each told on their own topic, and changes come in bursts:
 * every message that arrives before a list's count starts shares that one read, and those that
 * arrive while it runs share the next (docs/decisions/039-long-poll-round-trip.md#homes-counts).
 */
export function createHomeProgress(store: Store, logger: Logger) {
  const waiting = new Map<number, Array<(counts: ListProgressPayload | undefined) => void>>();
  const counting = new Set<number>();

  async function count(listId: number) {
    const told = waiting.get(listId) ?? [];
    waiting.delete(listId);
    counting.add(listId);
    let counts: ListProgressPayload | undefined;
    try {
      counts = await store.lists.progressOf(listId);
    } catch (error) {
      // Told without counts, Home reads them itself.
      logger.error("realtime: counting a list's items failed", error);
    }
    counting.delete(listId);
    for (const tell of told) tell(counts);
    if (waiting.has(listId)) setImmediate(count, listId);
  }

  return {
    /** `message` (a `list_progress`) for the Homes among `audience`, once the list is counted; nothing when none is open. */
    tell(message: LiveMessage, audience: () => Subscriber[]) {
      const { listId } = message;
      // The Homes open as the change came: one opened or turned into a list page since is not told.
      const homes = audience().filter(isHome);
      if (listId === undefined || homes.length === 0) return;
      const tellHomes = (counts: ListProgressPayload | undefined) => {
        const withCounts = counts ? { ...message, payload: counts } : message;
        const still = new Set(audience());
        for (const subscriber of homes) if (still.has(subscriber) && isHome(subscriber)) subscriber.notice(withCounts);
      };
      const told = waiting.get(listId);
      if (told) told.push(tellHomes);
      else {
        waiting.set(listId, [tellHomes]);
        if (!counting.has(listId)) setImmediate(count, listId);
      }
    },
  };
}
