import type { NotificationMode, InboxResponse } from "../shared/notifications";
import type { Store } from "../store";
import { type Caller, canOf, LIST_NOT_FOUND, resolveReadAccess } from "./access";
import { type ActingCaller, actorOf } from "./actors";
import type { EventBus } from "./bus";
import { AppError, notFound, unauthorized } from "./errors";
import { actorLabel, announceNotifications, announceUnread, INBOX_LIMIT, tell } from "./notifications";
import { guestSubscriptionOf, isGuestSubscriptionTo } from "./push-subscriptions";

/**
 * @module What a person controls and reads of their notifications (docs/decisions/050-notifications.md): each list's
 * mode, the "going shopping" nudge, and the inbox. A list one may not read answers 404 as everywhere.
 */

/** One nudge per sender and list per 5 minutes. */
export const NUDGE_INTERVAL_MS = 5 * 60 * 1000;
export const NUDGE_TOO_SOON = "You told everyone a moment ago. You can nudge this list again in a few minutes.";

/** A nudge is worth waking a phone for, and worthless an hour later. */
const NUDGE_PUSH = { ttl: 60 * 60, urgency: "high" } as const;

const accountOf = (caller: Caller): number => {
  if (caller.userId === null) throw unauthorized();
  return caller.userId;
};

/** The account whose mode of the list is asked for, or 404 when it is not among those told of the list (`canOf`'s `beTold`). */
async function readerAccountOf(store: Store, caller: Caller, listId: number): Promise<number> {
  const userId = accountOf(caller);
  const access = await resolveReadAccess(store, caller, { id: listId });
  if (!canOf(access, caller).beTold) throw notFound(LIST_NOT_FOUND);
  return userId;
}

/**
 * A member's mode of a list holds on all their browsers; a link guest's is their browser's
 * subscription's, named by `endpoint` (docs/decisions/066-guest-push-and-clicks.md).
 */
export async function notificationMode(
  store: Store,
  caller: Caller,
  listId: number,
  endpoint: string | undefined,
): Promise<{ mode: NotificationMode }> {
  if (caller.userId === null) return { mode: (await guestSubscriptionOf(store, caller, listId, endpoint)).muted ? "off" : "all" };
  const userId = await readerAccountOf(store, caller, listId);
  return { mode: await store.notifications.mode(listId, userId) };
}

export async function setNotificationMode(
  store: Store,
  caller: Caller,
  listId: number,
  { mode, endpoint }: { mode: NotificationMode; endpoint?: string | undefined },
): Promise<{ mode: NotificationMode }> {
  if (caller.userId === null) {
    const subscription = await guestSubscriptionOf(store, caller, listId, endpoint);
    await store.push.setMuted(subscription.id, mode === "off" ? store.clock.now() : null);
    return { mode };
  }
  const userId = await readerAccountOf(store, caller, listId);
  await store.notifications.setMode(listId, userId, mode);
  return { mode };
}

/**
 * "Alex is going shopping", at once, to everyone else who can read the list; 429 within 5 minutes
 * of the sender's last. A guest is the sender by link and address: a name is theirs to change.
 */
export async function nudge(
  store: Store,
  bus: EventBus,
  caller: ActingCaller,
  listId: number,
  { message, endpoint, address }: { message?: string | undefined; endpoint?: string | undefined; address: string },
): Promise<{ told: number }> {
  const access = await resolveReadAccess(store, caller, { id: listId });
  // A guest's own browser, if it follows this list through their link, is not told of their nudge.
  const own = caller.userId === null && endpoint ? await store.push.findByEndpoint(endpoint) : undefined;
  const ownHere = own && isGuestSubscriptionTo(own, access.list);
  const actor = await actorOf(store, caller);
  const senderKey = caller.userId !== null ? `u${caller.userId}` : `link:${caller.shareId}:${address}`;
  const now = store.clock.now();
  if (!(await store.notifications.claimNudge(listId, senderKey, now, NUDGE_INTERVAL_MS))) {
    const last = (await store.notifications.lastNudgeAt(listId, senderKey)) ?? now;
    const seconds = Math.max(1, Math.ceil((last + NUDGE_INTERVAL_MS - now) / 1000));
    throw new AppError(429, NUDGE_TOO_SOON, "NUDGE_TOO_SOON", undefined, seconds);
  }
  const name = actorLabel(actor);
  const body = message ? `${name} is going shopping: ${message}` : `${name} is going shopping`;
  const told = await store.db.transaction((tx) =>
    tell(store, tx, {
      list: access.list,
      body,
      actorUserId: caller.userId,
      actor: name,
      count: 1,
      options: NUDGE_PUSH,
      ...(ownHere ? { exceptSubscriptionId: own.id } : {}),
    }),
  );
  await announceNotifications(store, bus, told);
  return { told: told.length };
}

export async function readInbox(store: Store, caller: Caller): Promise<InboxResponse> {
  const userId = accountOf(caller);
  const [notifications, unread] = await Promise.all([
    store.notifications.inbox(userId, INBOX_LIMIT),
    store.notifications.unread(userId, INBOX_LIMIT),
  ]);
  return { notifications, unread };
}

/**
 * Marks the named entries (the caller's own; others' ids are ignored) or all of them read; answers
 * the unread count left, which the person's other open pages hear too, so their bells agree.
 */
export async function markRead(
  store: Store,
  bus: EventBus,
  caller: Caller,
  which: { ids: number[] } | { all: true },
): Promise<{ unread: number }> {
  const userId = accountOf(caller);
  await store.notifications.markRead(userId, "all" in which ? "all" : which.ids, store.clock.now());
  return { unread: await announceUnread(store, bus, userId) };
}
