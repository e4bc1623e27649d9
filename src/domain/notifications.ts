import { type Actor, actorName } from "../shared/attribution";
import { NOTIFICATION } from "../shared/live-messages";
import type { InboxNotification, PushMessage } from "../shared/notifications";
import type { TaskList } from "../shared/types";
import type { Store } from "../store";
import type { Db } from "../store/db";
import type { NotifyBatch } from "../store/notifications";
import type { PushOptions } from "../push/web-push";
import { linkIsLive } from "./access";
import { type EventBus, userTopic } from "./bus";

/**
 * @module Who is told, and what (docs/decisions/050-notifications.md): everyone who
 * can read the list but the actor and those who muted it gets one inbox entry each, every browser
 * they subscribed one queued push, and link guests' browsers on the list's live link the push too.
 */

/** The inbox shows, and counts unread among, the last 50. */
export const INBOX_LIMIT = 50;

/** Changes wait up to a day in the push service for a browser that is offline, as long as delivery retries. */
const CHANGE_PUSH: Omit<PushOptions, "topic"> = { ttl: 24 * 60 * 60, urgency: "normal" };

/** One notification about one list, before it is addressed to anybody. */
export interface Telling {
  list: TaskList;
  body: string;
  /** Who caused it, never told: their user id (a guest has none). */
  actorUserId: number | null;
  actor: string;
  count: number;
  /** A guest's own browser, named by the guest, is not told of their own nudge. */
  exceptSubscriptionId?: number;
  /** Only these accounts (a share tells its recipient alone); otherwise every reader. */
  onlyUserIds?: number[];
  options?: Omit<PushOptions, "topic">;
}

/**
 * "sam" as its owner wrote it (as the share notice names them), "A guest", or "Someone" when the
 * change predates attribution, as a sentence begins.
 */
export function actorLabel(actor: Actor | null): string {
  if (actor?.username) return actor.username;
  const name = actor ? actorName(actor) : "someone";
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** "Milk", "Milk and Eggs", "Milk, Eggs and Bread", "Milk, Eggs and 2 more". */
export function namesOf(names: string[], count: number): string {
  if (count <= 1) return names[0] ?? "an item";
  if (count === 2 && names.length >= 2) return `${names[0]} and ${names[1]}`;
  if (count === 3 && names.length >= 3) return `${names[0]}, ${names[1]} and ${names[2]}`;
  return `${names[0]}, ${names[1]} and ${count - 2} more`;
}

/** "Sam added Milk, Eggs and 2 more to Groceries", "Sam ticked Milk on Groceries", or both in one sentence. */
export function batchBody(batch: NotifyBatch, listName: string): string {
  const who = actorLabel(batch.actor);
  const added = batch.addedCount > 0 ? `added ${namesOf(batch.added, batch.addedCount)}` : "";
  const ticked = batch.tickedCount > 0 ? `ticked ${namesOf(batch.ticked, batch.tickedCount)}` : "";
  if (added && !ticked) return `${who} ${added} to ${listName}`;
  return `${who} ${[added, ticked].filter(Boolean).join(" and ")} on ${listName}`;
}

const listUrl = (list: TaskList) => `/list/${list.id}`;
const guestUrl = (list: TaskList) => `/shared/${list.shareId}`;

/**
 * Addresses one telling in the caller's transaction: the inbox entries and queued pushes. Answers
 * the accounts told with their new entries, for `announceNotifications` once it commits.
 */
export async function tell(store: Store, tx: Db, telling: Telling): Promise<Array<{ userId: number; entry: InboxNotification }>> {
  const { list } = telling;
  const now = store.clock.now();
  const readers = telling.onlyUserIds ?? [list.userId, ...(await store.shares.recipientIds(list.id, tx))];
  const muted = await store.notifications.mutedUserIds(list.id, tx);
  const userIds = [...new Set(readers)].filter((id) => id !== telling.actorUserId && !muted.has(id));
  const told = [];
  for (const userId of userIds) {
    told.push({
      userId,
      entry: await store.notifications.addToInbox(
        userId,
        { listId: list.id, title: list.name, body: telling.body, url: listUrl(list) },
        now,
        tx,
      ),
    });
  }
  // Guests follow a list's changes, never its shares with accounts.
  const guestLink = !telling.onlyUserIds && linkIsLive(list, now) ? list.shareId : null;
  const options = { ...(telling.options ?? CHANGE_PUSH), topic: `list-${list.id}` };
  for (const subscription of await store.push.audience(userIds, list.id, guestLink, tx)) {
    if (subscription.id === telling.exceptSubscriptionId) continue;
    const message: PushMessage = {
      title: list.name,
      body: telling.body,
      url: subscription.userId === null ? guestUrl(list) : listUrl(list),
      tag: options.topic,
      listId: list.id,
      actor: telling.actor,
      count: telling.count,
    };
    await store.deliveries.enqueuePush(subscription.id, JSON.stringify(message), options, now, tx);
  }
  return told;
}

/** After the commit: each account's open pages hear of their new entry and their unread count. */
export async function announceNotifications(
  store: Store,
  bus: EventBus,
  told: Array<{ userId: number; entry: InboxNotification }>,
): Promise<void> {
  for (const { userId, entry } of told) await announceUnread(store, bus, userId, entry);
}

/** A person's open pages hear their unread count (and the new entry, when there is one); answers the count. */
export async function announceUnread(store: Store, bus: EventBus, userId: number, entry?: InboxNotification): Promise<number> {
  const unread = await store.notifications.unread(userId, INBOX_LIMIT);
  await bus.publish(userTopic(userId), { type: NOTIFICATION, payload: entry ? { notification: entry, unread } : { unread } });
  return unread;
}
