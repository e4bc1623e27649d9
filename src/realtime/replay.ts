import { isBeforeReplayFloor, mayLearnShareIdFromEvents, mayReceiveListEvent } from "../domain/access";
import type { LiveMessage } from "../shared/realtime";
import type { Store } from "../store";
import { EVENTS_KEPT_PER_LIST } from "../store/events";
import { listNotice, toLiveMessage, withoutShareId, type Subscription } from "./subscriber";

/**
 * Long-poll replay from the events table (docs/http-contract.md#long-poll): the events of the lists a client follows
 * after its `lastEventId` (or its own cursor), never at or below a subscription's floor. A client
 * asking for older gets `resync` for that list instead, as does one whose history was pruned.
 * A poll waiting when an event comes is handed the bus's message instead (docs/decisions/037).
 */
export interface ReplayCursor {
  readonly subscriptions: Map<number, Subscription>;
  /** Highest stored event id handed out. */
  cursor: number;
  /** Ids recently handed out, so the look-back below never repeats one. */
  recent: Set<number>;
  /** Lists whose events were held back (access re-checked): the next answer says `resync`. */
  pendingResync: Set<number>;
  /**
   * The table must be read for the next answer: the client followed a list (events may have landed
   * before it heard them), an event came while no poll waited, or it lacks something it was sent.
   */
  needsReplay: boolean;
  /** Stored events the bus handed over while a poll waited, for its answer. */
  handed: LiveMessage[];
  /** The highest stored event id an answer carried. */
  sentUpTo: number;
}

/** A new client's cursor: at `latest`, the table read at its first poll. */
export const cursorAt = (latest: number): Omit<ReplayCursor, "subscriptions"> => ({
  cursor: latest,
  recent: new Set(),
  pendingResync: new Set(),
  needsReplay: true,
  handed: [],
  sentUpTo: 0,
});

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

/** Notes a stored event as handed to `client`, so no replay sends it again. */
function handOut(client: ReplayCursor, eventId: number) {
  client.recent.add(eventId);
  client.cursor = Math.max(client.cursor, eventId);
  if (client.recent.size > RECENT_KEPT) client.recent.delete(client.recent.values().next().value as number);
}

/**
 * A waiting poll's share of a list event the bus carried: the message as it came, or `forMembers`
 * (the same without the shareId, made once per event) for a member. Answers whether it was due.
 */
export function handOver(client: ReplayCursor, subscription: Subscription, message: LiveMessage, forMembers: LiveMessage): boolean {
  if (message.id === undefined || !mayReceiveListEvent(subscription, { id: message.id, shareId: message.shareId })) return false;
  client.handed.push(mayLearnShareIdFromEvents(subscription) ? message : forMembers);
  handOut(client, message.id);
  return true;
}

/** The client has everything up to `lastEventId`: what it was sent after that was lost, and is read again. */
export function resumeFrom(client: ReplayCursor, lastEventId: number | undefined) {
  if (lastEventId === undefined || lastEventId >= client.sentUpTo) return;
  for (const id of client.recent) if (id > lastEventId) client.recent.delete(id);
  client.needsReplay = true;
}

/**
 * The stored events (and resyncs) for the client's next answer, in id order: those handed over,
 * and the table's when it must be read. Without a read it answers at once, not by a promise.
 */
export function storedFor(store: Store, client: ReplayCursor, lastEventId: number | undefined): LiveMessage[] | Promise<LiveMessage[]> {
  const handed = client.handed.splice(0);
  if (!client.needsReplay) return sentOut(client, handed);
  return replay(store, client, lastEventId).then((found) => {
    client.needsReplay = false;
    return sentOut(client, [...handed, ...found]);
  });
}

function sentOut(client: ReplayCursor, stored: LiveMessage[]): LiveMessage[] {
  for (const event of stored) client.sentUpTo = Math.max(client.sentUpTo, event.id ?? 0);
  return stored.sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
}

/** The stored events (and resyncs) due to `client` from the table; advances its cursor. */
async function replay(store: Store, client: ReplayCursor, lastEventId: number | undefined): Promise<LiveMessage[]> {
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
    handOut(client, event.id);
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
  return found;
}
