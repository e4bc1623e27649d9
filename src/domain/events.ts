import { listTopic, userTopic, type EventBus } from "./bus";
import type { Actor } from "../shared/attribution";
import { LIST_PROGRESS } from "../shared/live-messages";
import type { RealtimeEventType, TaskList } from "../shared/types";
import type { Store } from "../store";
import type { Db } from "../store/db";
import { EVENTS_KEPT_PER_LIST, type StoredEvent } from "../store/events";

/**
 * Who made a change, for the event and the activity panel (docs/product-rules.md#attribution-and-activity): `action` says what it was
 * when the type alone does not ("ticked", "restored"), `subject` names the item when the payload
 * does not (a delete carries only ids).
 */
export interface Attribution {
  actor: Actor | null;
  action?: string;
  subject?: string;
}

/**
 * Records a list's change inside the caller's transaction, so the event exists exactly when
 * the change does. Publish what it returns with `publishEvents` once the transaction commits.
 */
export async function recordListEvent(
  store: Store,
  tx: Db,
  list: TaskList,
  type: RealtimeEventType,
  payload: unknown,
  by?: Attribution,
): Promise<StoredEvent> {
  const event = await store.events.append(
    {
      type,
      timestamp: Date.now(),
      messageId: crypto.randomUUID(),
      payload,
      listId: list.id,
      shareId: list.shareId,
      actor: by?.actor ?? null,
    },
    tx,
    by,
  );
  if (pruneDue(store, list.id)) await store.events.prune(list.id, EVENTS_KEPT_PER_LIST, tx);
  return event;
}

/** How many of a list's own events may be recorded between two prunes of it. */
const PRUNE_EVERY = 100;

/**
 * Events recorded per list since its last prune, per database. Keyed by the events store, which
 * every view of one store shares (the app's keyed-writes view copies the store object, not it).
 * Counted in memory, as a column would cost every write a read: a restart or a second instance
 * only delays a list's prune by fewer than PRUNE_EVERY events each, and housekeeping prunes every
 * list anyway (docs/decisions/030-bounded-tables.md).
 */
const recordedSincePrune = new WeakMap<Store["events"], Map<number, number>>();

/** Keeps at least EVENTS_KEPT_PER_LIST events of each list: every list is pruned after PRUNE_EVERY of its own events (docs/product-rules.md#limits). */
function pruneDue(store: Store, listId: number): boolean {
  const counts = recordedSincePrune.get(store.events) ?? new Map<number, number>();
  recordedSincePrune.set(store.events, counts);
  const count = (counts.get(listId) ?? 0) + 1;
  if (count < PRUNE_EVERY) {
    counts.set(listId, count);
    return false;
  }
  counts.delete(listId);
  return true;
}

/** After housekeeping pruned every list, each list's count starts again (and lists gone are forgotten). */
export function forgetPruneCounts(store: Store): void {
  recordedSincePrune.delete(store.events);
}

/** Whose Home hears that a list's item count or completion moved: its owner and each recipient. */
export interface ProgressAudience {
  listId: number;
  userIds: number[];
}

/**
 * Read inside the write's transaction, where the writer already holds the database: read after
 * the commit, it would take the read connection's lock of its own (decision 025). Not read at all
 * when the access read already brought the recipients (`ListAccess.recipientIds`).
 */
export async function progressAudience(store: Store, list: TaskList, tx: Db, recipientIds?: number[]): Promise<ProgressAudience> {
  return { listId: list.id, userIds: [list.userId, ...(recipientIds ?? (await store.shares.recipientIds(list.id, tx)))] };
}

/**
 * Home follows no list, only its user's topic (following each would make it the user's last list
 * and run into the subscription limit), so a change to a list's counts is told to each user of
 * its audience, whose open Homes are sent the list's new counts (src/realtime/home-progress.ts).
 * After the commit.
 */
export async function announceProgress(bus: EventBus, audience: ProgressAudience): Promise<void> {
  for (const userId of audience.userIds) await bus.publish(userTopic(userId), { type: LIST_PROGRESS, listId: audience.listId });
}

/**
 * One event per change, on the list's topic, after the change committed. The bus only
 * queues it (docs/decisions/006), so a write is never held up by Redis.
 */
export async function publishEvents(bus: EventBus, events: StoredEvent[]): Promise<void> {
  for (const event of events) await bus.publish(listTopic(event.listId), { ...event });
}
