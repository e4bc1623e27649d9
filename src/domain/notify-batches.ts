import type { Store } from "../store";
import type { NotableChange, NotifyBatch } from "../store/notifications";
import type { EventBus } from "./bus";
import { actorLabel, announceNotifications, batchBody, tell } from "./notifications";

/**
 * @module From the event log to notifications (docs/decisions/050-notifications.md).
 * The events table every change already writes in its own transaction is the outbox: these read
 * it after their cursor, so no route tells anybody itself and nothing committed is missed. One
 * actor's adds and ticks on one list gather in a batch that is told once, `NOTIFY_BATCH_MS` after
 * its first change; a share is told to its recipient at once. Each step moves its cursor or takes
 * its batch with a compare-and-set in the same transaction, so of several instances exactly one
 * does it.
 */

const EVENTS_CURSOR = "notify_events_cursor";
const SHARES_CURSOR = "notify_shares_cursor";

/** Rows read per step: the worker comes back at once while there are more. */
const READ_LIMIT = 500;

/**
 * How old an event must be before it is read. PostgreSQL hands out ids before commit, so a later id
 * can commit first; a change's transaction is over within this, and the cursor never passes one
 * still in flight. It adds nothing a person notices to a 30 s window.
 */
export const SETTLE_MS = 2000;

/** Titles kept per kind: enough for "Milk, Eggs and Bread". */
const NAMES_KEPT = 3;

/** Thrown inside a cursor's transaction when another instance moved the cursor first. */
export class CursorMoved extends Error {}

/** Runs `work` in a transaction unless another instance moved the cursor meanwhile (then nothing of it stays). */
export async function onceAcrossInstances(work: () => Promise<boolean>): Promise<boolean> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CursorMoved) return false;
    throw error;
  }
}

const actorKeyOf = (change: NotableChange) =>
  change.actor === null ? "?" : change.actor.userId !== null ? `u${change.actor.userId}` : `g:${change.actor.username ?? ""}`;

/** Adds new changes to their batches; answers whether it read a full page (more to read). */
export async function gatherChanges(store: Store, batchMs: number): Promise<boolean> {
  // Most seconds nothing happened: a read says so without taking the writer's lock.
  if ((await store.notifications.cursor(EVENTS_CURSOR, () => store.events.latestId())) === (await store.events.latestId())) return false;
  return onceAcrossInstances(() =>
    store.db.transaction(async (tx) => {
      const from = await store.notifications.cursor(EVENTS_CURSOR, () => store.events.latestId(), tx);
      const { lastId, changes, read } = await store.notifications.changesAfter(from, store.clock.now() - SETTLE_MS, READ_LIMIT, tx);
      if (lastId === from) return false;
      const now = store.clock.now();
      for (const change of changes) {
        const key = actorKeyOf(change);
        const batch: NotifyBatch = (await store.notifications.batch(change.listId, key, tx)) ?? {
          listId: change.listId,
          actorKey: key,
          actor: change.actor,
          added: [],
          addedCount: 0,
          ticked: [],
          tickedCount: 0,
          dueAt: now + batchMs,
        };
        if (change.kind === "added") {
          if (batch.added.length < NAMES_KEPT) batch.added.push(change.subject);
          batch.addedCount++;
        } else {
          if (batch.ticked.length < NAMES_KEPT) batch.ticked.push(change.subject);
          batch.tickedCount++;
        }
        await store.notifications.saveBatch(batch, tx);
      }
      if (!(await store.notifications.advanceCursor(EVENTS_CURSOR, from, lastId, tx))) throw new CursorMoved();
      return read === READ_LIMIT;
    }),
  );
}

/** Tells each batch whose window has closed, once. */
export async function tellDueBatches(store: Store, bus: EventBus): Promise<void> {
  for (const batch of await store.notifications.dueBatches(store.clock.now(), READ_LIMIT)) {
    const entries = await store.db.transaction(async (tx) => {
      if (!(await store.notifications.takeBatch(batch, tx))) return [];
      const list = await store.lists.findById(batch.listId, tx);
      if (!list) return [];
      return tell(store, tx, {
        list,
        body: batchBody(batch, list.name),
        actorUserId: batch.actor?.userId ?? null,
        actor: actorLabel(batch.actor),
        count: batch.addedCount + batch.tickedCount,
      });
    });
    await announceNotifications(store, bus, entries);
  }
}

/** Tells each new recipient that a list was shared with them. */
export async function tellNewShares(store: Store, bus: EventBus): Promise<void> {
  if (
    (await store.notifications.cursor(SHARES_CURSOR, () => store.notifications.latestShareId())) ===
    (await store.notifications.latestShareId())
  )
    return;
  let entries: Awaited<ReturnType<typeof tell>> = [];
  await onceAcrossInstances(() =>
    store.db.transaction(async (tx) => {
      entries = [];
      const from = await store.notifications.cursor(SHARES_CURSOR, () => store.notifications.latestShareId(tx), tx);
      const shares = await store.notifications.sharesAfter(from, READ_LIMIT, tx);
      if (shares.length === 0) return false;
      for (const share of shares) {
        const list = await store.lists.findById(share.listId, tx);
        const owner = list && (await store.users.findById(list.userId, tx));
        if (!list || !owner) continue;
        const body = `${owner.username} shared ${list.name} with you`;
        entries.push(
          ...(await tell(store, tx, { list, body, actorUserId: owner.id, actor: owner.username, count: 1, onlyUserIds: [share.userId] })),
        );
      }
      if (!(await store.notifications.advanceCursor(SHARES_CURSOR, from, shares.at(-1)!.id, tx))) throw new CursorMoved();
      return true;
    }),
  );
  await announceNotifications(store, bus, entries);
}
