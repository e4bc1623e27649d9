import { isBeforeReplayFloor, mayLearnShareIdFromEvents, mayReceiveListEvent } from "../domain/access";
import type { LiveMessage } from "../shared/realtime";
import type { Store } from "../store";
import { EVENTS_KEPT_PER_LIST } from "../store/events";
import { listNotice, toLiveMessage, withoutShareId, type Subscription } from "./subscriber";

/**
 * Long-poll replay from the events table (docs/http-contract.md#long-poll): the events of the lists a client follows
 * after its `lastEventId` (or its own cursor), never at or below a subscription's floor. A client
 * asking for older gets `resync` for that list instead, as does one whose history was pruned.
 */
export interface ReplayCursor {
  readonly subscriptions: Map<number, Subscription>;
  /** Highest stored event id handed out. */
  cursor: number;
  /** Ids recently handed out, so the look-back below never repeats one. */
  recent: Set<number>;
  /** Lists whose events were held back (access re-checked): the next answer says `resync`. */
  pendingResync: Set<number>;
}

/**
 * On PostgreSQL an event's id is taken before its transaction commits, so a later id can become
 * visible first. Reading a little behind the cursor (and skipping what was already sent) picks up
 * such late commits instead of skipping them for good.
 */
const LOOK_BACK_IDS = 64;
const RECENT_KEPT = 256;
const BATCH = 500;

/** A lastEventId older than what is kept gets an explicit resync, never a silent gap (docs/http-contract.md#long-poll). */
async function historyLost(store: Store, listId: number, lastEventId: number): Promise<boolean> {
  const oldest = await store.events.oldestId(listId);
  if (oldest === undefined || lastEventId >= oldest) return false;
  // Events are only ever pruned from lists holding more than the kept number.
  return (await store.events.since([listId], 0, EVENTS_KEPT_PER_LIST)).length >= EVENTS_KEPT_PER_LIST;
}

/** The lists to resync, each with the id the client resumes from after refetching it. */
async function resyncsFor(store: Store, client: ReplayCursor, following: Subscription[], lastEventId: number | undefined) {
  const resyncs = new Map<number, number>();
  for (const subscription of following) {
    const { listId } = subscription;
    if (client.pendingResync.has(listId) || (lastEventId !== undefined && isBeforeReplayFloor(subscription, lastEventId))) {
      resyncs.set(listId, subscription.floor);
    } else if (lastEventId !== undefined && (await historyLost(store, listId, lastEventId))) {
      resyncs.set(listId, await store.events.latestIdOf(listId));
    }
  }
  return resyncs;
}

/** The stored events (and resyncs) due to `client`, in id order; advances its cursor. */
export async function replay(store: Store, client: ReplayCursor, lastEventId: number | undefined): Promise<LiveMessage[]> {
  const following = [...client.subscriptions.values()].filter((subscription) => !subscription.suspended);
  if (following.length === 0) return [];
  const resyncs = await resyncsFor(store, client, following, lastEventId);
  const after = lastEventId ?? client.cursor;
  const startOf = (subscription: Subscription) => resyncs.get(subscription.listId) ?? Math.max(subscription.floor, after - LOOK_BACK_IDS);
  const events = await store.events.since(
    following.map((subscription) => subscription.listId),
    Math.min(...following.map(startOf)),
    BATCH,
  );
  const found: LiveMessage[] = [];
  for (const event of events) {
    const subscription = client.subscriptions.get(event.listId);
    if (!subscription || subscription.suspended || event.id <= startOf(subscription) || client.recent.has(event.id)) continue;
    if (!mayReceiveListEvent(subscription, event)) continue;
    const live = toLiveMessage({ ...event });
    found.push(mayLearnShareIdFromEvents(subscription) ? live : withoutShareId(live));
    client.recent.add(event.id);
    client.cursor = Math.max(client.cursor, event.id);
  }
  // A full batch can stop short of a resync's id: that resync waits for the next poll, so the
  // client's lastEventId never jumps over events it was not sent.
  const horizon = events.length === BATCH ? events[events.length - 1]!.id : Number.POSITIVE_INFINITY;
  for (const [listId, id] of resyncs) {
    if (id > horizon) continue;
    found.push(listNotice("resync", listId, { id }));
    client.pendingResync.delete(listId);
    client.cursor = Math.max(client.cursor, id);
  }
  while (client.recent.size > RECENT_KEPT) client.recent.delete(client.recent.values().next().value as number);
  return found.sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
}
