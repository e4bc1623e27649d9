import {
  decideLiveAccess,
  hearsUserMessage,
  isSignedOutBy,
  LIST_NOT_FOUND,
  losesAccessWithLink,
  mayReceiveListEvent,
} from "../domain/access";
import { rememberLastList } from "../domain/accounts";
import { AppError, notFound } from "../domain/errors";
import { LIST_PROGRESS } from "../shared/live-messages";
import { createLogger, type Logger } from "../logger";
import type { TaskList } from "../shared/types";
import type { Store } from "../store";
import { BROADCAST_TOPIC, listTopic, userTopic, type BusMessage, type EventBus } from "../domain/bus";
import { createFollowers } from "./followers";
import { createHomeProgress } from "./home-progress";
import { createPresence, type PresenceOptions } from "./presence";
import { credentialExpiry, signedInWith } from "./credentials";
import { MAX_SUBSCRIPTIONS, toLiveMessage, type Subscriber, type Subscription, type Target, type Transport } from "./subscriber";

/** Re-decisions in a row before a subscribe whose access keeps changing is refused. */
const MAX_DECISIONS = 5;

/**
 * The hub: the bus topics this instance listens to on behalf of its live clients, and the access
 * decisions behind every subscription (docs/product-rules.md#access). Access is checked when a client subscribes and
 * again whenever the bus says it may have been lost (unshare, rotated link, deleted list, logout,
 * an expired session), so events stop at once (docs/product-rules.md#live-updates).
 */
export function createHub(store: Store, bus: EventBus, logger: Logger = createLogger("error"), presenceOptions: PresenceOptions = {}) {
  const transports: Transport[] = [];
  const lists = createFollowers(bus);
  const users = createFollowers(bus);
  const presence = createPresence(store, bus, (listId) => lists.of(listId), presenceOptions, logger);
  const homeProgress = createHomeProgress(store, logger);
  let stopBroadcast: (() => void) | undefined;
  /**
   * Bumped whenever the bus says a subscriber may have lost access (a revocation, a sign-out) or it
   * left. A decision is read from the database across awaits; one that began before a bump may
   * rest on access that is already gone, and no subscription existed yet for the bump to mark.
   */
  const epochs = new WeakMap<Subscriber, number>();
  const epochOf = (subscriber: Subscriber) => epochs.get(subscriber) ?? 0;
  const invalidate = (subscriber: Subscriber) => epochs.set(subscriber, epochOf(subscriber) + 1);
  const departed = new WeakSet<Subscriber>();
  const verifying = new WeakSet<Subscriber>();

  /**
   * Access as domain/access.ts decides it, again until nothing that could take it away reached
   * the subscriber meanwhile. The floor (the list's newest id, as subscribe answers) is read after
   * access was confirmed: all at or below it predates this grant (docs/product-rules.md#live-updates).
   */
  async function decideFresh(
    subscriber: Subscriber,
    load: () => Promise<TaskList | undefined>,
    shareId: string | undefined,
  ): Promise<Subscription | undefined> {
    for (let attempt = 0; attempt < MAX_DECISIONS; attempt++) {
      const epoch = epochOf(subscriber);
      const granted = await decideLiveAccess(store, subscriber.identity, await load(), shareId);
      const floor = granted ? await store.events.latestIdOf(granted.listId) : 0;
      if (epochOf(subscriber) === epoch && !departed.has(subscriber)) return granted && { ...granted, floor };
    }
    return undefined; // access keeps changing under it: refusing is the safe answer
  }

  function add(subscriber: Subscriber, subscription: Subscription) {
    subscriber.subscriptions.set(subscription.listId, subscription);
    lists.follow(subscription.listId, listTopic(subscription.listId), (message) => onListMessage(subscription.listId, message), subscriber);
    subscriber.attach(subscription);
    presence.joined(subscription.listId);
  }

  function remove(subscriber: Subscriber, subscription: Subscription) {
    subscriber.detach(subscription);
    subscriber.subscriptions.delete(subscription.listId);
    lists.unfollow(subscription.listId, subscriber);
    presence.left(subscription.listId);
  }

  function suspend(subscriber: Subscriber, subscription: Subscription) {
    if (subscription.suspended) return;
    subscription.suspended = true;
    subscriber.detach(subscription);
  }

  /**
   * Re-decides one subscription from the store; `hold` stops its events while that runs. A held
   * subscription that is granted again starts from a new floor and the client refetches: access may
   * have been lost in between, and what happened then is not theirs to replay.
   */
  async function recheck(subscriber: Subscriber, listId: number, hold: boolean) {
    const current = subscriber.subscriptions.get(listId);
    if (!current) return;
    if (hold) suspend(subscriber, current);
    let next: Subscription | undefined;
    try {
      next = await decideFresh(subscriber, () => store.lists.findById(listId), current.shareId);
    } catch (error) {
      logger.error("realtime: access re-check failed", error);
    }
    // The client unsubscribed or subscribed again meanwhile: its newer choice stands.
    if (subscriber.subscriptions.get(listId) !== current) return;
    if (!next) {
      remove(subscriber, current);
      subscriber.revoked(listId);
    } else if (current.suspended) {
      subscriber.subscriptions.set(listId, next);
      subscriber.attach(next);
      subscriber.resync(listId);
    } else if (next.via !== current.via) {
      // Never without access (a member who still holds the link): the floor stays.
      subscriber.detach(current);
      const kept = { ...next, floor: current.floor };
      subscriber.subscriptions.set(listId, kept);
      subscriber.attach(kept);
    }
  }

  /** The client's session or token as the store has it now; one gone or expired signs the client out. */
  async function stillSignedIn(subscriber: Subscriber, userId: number): Promise<boolean> {
    const { sessionId, tokenId } = subscriber.identity;
    const expiresAt = await credentialExpiry(store, subscriber.identity).catch((error: unknown) => {
      logger.error("realtime: session re-check failed", error);
      return undefined;
    });
    if (subscriber.identity.sessionId !== sessionId || subscriber.identity.tokenId !== tokenId) return false; // signed out meanwhile
    if (expiresAt !== undefined && expiresAt > Date.now()) {
      if (tokenId === undefined) subscriber.identity.expiresAt = expiresAt;
      return true;
    }
    signOut(subscriber, userId);
    return false;
  }

  /**
   * The bus lost messages (Redis was away): revocations and sign-outs among them. Every
   * subscription is held, its session and access decided again from the store, and the client told
   * to refetch what it may have missed.
   */
  async function reverify(subscriber: Subscriber) {
    invalidate(subscriber);
    for (const subscription of subscriber.subscriptions.values()) suspend(subscriber, subscription);
    const { userId } = subscriber.identity;
    if (userId !== null && signedInWith(subscriber.identity) && !(await stillSignedIn(subscriber, userId))) return;
    for (const subscription of [...subscriber.subscriptions.values()]) void recheck(subscriber, subscription.listId, true);
  }

  /**
   * A websocket's session or token is read once, at its upgrade; past the expiry read then, its
   * member subscriptions stop until it is read again: gone or expired (a token's expiry is fixed,
   * docs/decisions/061-api-tokens.md) signs the client out, a session renewed by the user's HTTP
   * requests resumes them and has the client refetch what it missed.
   */
  function checkExpiry(subscriber: Subscriber) {
    const { userId, expiresAt } = subscriber.identity;
    if (userId === null || !signedInWith(subscriber.identity) || expiresAt === undefined || expiresAt > Date.now()) return;
    if (verifying.has(subscriber)) return;
    verifying.add(subscriber);
    for (const subscription of subscriber.subscriptions.values()) if (subscription.via === "member") suspend(subscriber, subscription);
    void stillSignedIn(subscriber, userId).then((valid) => {
      verifying.delete(subscriber);
      if (!valid) return;
      for (const subscription of [...subscriber.subscriptions.values()]) {
        if (subscription.suspended) void recheck(subscriber, subscription.listId, false);
      }
    });
  }

  function onListMessage(listId: number, message: BusMessage) {
    if (message.type === "access_revoked") {
      // A rotated or deleted list: holders of that link lose it now; members are re-checked.
      const revokedShareId = typeof message.shareId === "string" ? message.shareId : undefined;
      for (const subscriber of lists.of(listId)) {
        invalidate(subscriber);
        const subscription = subscriber.subscriptions.get(listId);
        if (!subscription) continue;
        if (losesAccessWithLink(subscription, revokedShareId)) {
          remove(subscriber, subscription);
          subscriber.revoked(listId);
        } else void recheck(subscriber, listId, false);
      }
      return;
    }
    if (typeof message.id !== "number") return;
    for (const subscriber of lists.of(listId)) checkExpiry(subscriber);
    const live = toLiveMessage(message);
    // A late event (held in another instance's outbox while Redis was away) may predate a
    // follower's grant: that follower sits out this one synchronous publish, never sees it.
    const eventId = message.id;
    const shareId = typeof message.shareId === "string" ? message.shareId : undefined;
    const tooEarly = lists.of(listId).flatMap((subscriber) => {
      const subscription = subscriber.subscriptions.get(listId);
      if (!subscription || subscription.suspended || mayReceiveListEvent(subscription, { id: eventId, shareId })) return [];
      return subscription.via === "member" || subscription.shareId === shareId ? [{ subscriber, subscription }] : [];
    });
    for (const { subscriber, subscription } of tooEarly) subscriber.detach(subscription);
    for (const transport of transports) transport.listEvent(listId, live);
    for (const { subscriber, subscription } of tooEarly) subscriber.attach(subscription);
  }

  function onUserMessage(userId: number, message: BusMessage) {
    const subscribers = users.of(userId);
    if (message.type === "access_revoked" && typeof message.listId === "number") {
      for (const subscriber of subscribers) {
        invalidate(subscriber);
        void recheck(subscriber, message.listId, true);
      }
      return;
    }
    if (message.type === "session_ended") {
      for (const subscriber of subscribers) {
        const { sessionId, exceptSessionId, tokenId } = message;
        if (isSignedOutBy(subscriber.identity, { sessionId, exceptSessionId, tokenId })) signOut(subscriber, userId);
      }
      return;
    }
    const live = toLiveMessage(message);
    // A rename told to the recipients' own topics is for their Homes: a page on the list has its event.
    const followed = (subscriber: Subscriber) => live.type === "list_updated" && subscriber.subscriptions.has(live.listId!);
    const hearing = () => users.of(userId).filter((subscriber) => hearsUserMessage(subscriber.identity, live) && !followed(subscriber));
    // Only for Home (./home-progress.ts): a list page has its own list's events, and its long-poll
    // must not wake at each change to another list.
    if (message.type === LIST_PROGRESS) return homeProgress.tell(live, hearing);
    for (const subscriber of hearing()) subscriber.notice(live);
  }

  function signOut(subscriber: Subscriber, userId: number) {
    users.unfollow(userId, subscriber);
    subscriber.identity = { userId: null, sessionId: null };
    invalidate(subscriber);
    subscriber.signedOut?.();
    for (const subscription of [...subscriber.subscriptions.values()]) {
      if (subscription.via === "member") void recheck(subscriber, subscription.listId, true);
    }
  }

  const stopGap = bus.onGap?.(() => {
    const everyone = new Set([...lists.everyone(), ...users.everyone()]);
    for (const subscriber of everyone) void reverify(subscriber);
  });

  return {
    addTransport(transport: Transport) {
      transports.push(transport);
    },

    /** A client connected: follow its user's topic (shares granted or revoked, sign-outs). */
    join(subscriber: Subscriber) {
      stopBroadcast ??= bus.subscribe(BROADCAST_TOPIC, (message) => {
        const live = toLiveMessage(message);
        for (const transport of transports) transport.broadcast(live);
      });
      const { userId } = subscriber.identity;
      if (userId !== null) users.follow(userId, userTopic(userId), (message) => onUserMessage(userId, message), subscriber);
    },

    leave(subscriber: Subscriber) {
      departed.add(subscriber);
      for (const subscription of [...subscriber.subscriptions.values()]) remove(subscriber, subscription);
      if (subscriber.identity.userId !== null) users.unfollow(subscriber.identity.userId, subscriber);
    },

    /**
     * Follows a list after checking access; 404 (as the HTTP API answers) when the client may
     * not see it. `fresh` is false when it already followed the list the same way.
     */
    async subscribe(subscriber: Subscriber, target: Target): Promise<{ subscription: Subscription; fresh: boolean }> {
      const load = () =>
        target.listId !== undefined ? store.lists.findById(target.listId) : store.lists.findByShareId(target.shareId ?? "");
      const next = await decideFresh(subscriber, load, target.shareId);
      if (!next) throw notFound(LIST_NOT_FOUND);
      const current = subscriber.subscriptions.get(next.listId);
      if (current && !current.suspended && current.via === next.via && current.shareId === next.shareId)
        return { subscription: current, fresh: false };
      if (current) remove(subscriber, current);
      else if (subscriber.subscriptions.size >= MAX_SUBSCRIPTIONS) throw new AppError(429, "Too many subscriptions");
      add(subscriber, next);
      if (subscriber.identity.userId !== null) await rememberLastList(store, subscriber.identity.userId, next.listId);
      await bus.ready?.(listTopic(next.listId));
      return { subscription: next, fresh: true };
    },

    /** Stops following the list named by id or by the shareId it was followed with. */
    unsubscribe(subscriber: Subscriber, target: Target): number[] {
      const matches = [...subscriber.subscriptions.values()].filter(
        (subscription) =>
          subscription.listId === target.listId || (target.shareId !== undefined && subscription.shareId === target.shareId),
      );
      for (const subscription of matches) remove(subscriber, subscription);
      return matches.map((subscription) => subscription.listId);
    },

    /** Resolves once this instance hears the topics a new client relies on (Redis is asynchronous). */
    async ready(subscriber: Subscriber) {
      await bus.ready?.(BROADCAST_TOPIC);
      if (subscriber.identity.userId !== null) await bus.ready?.(userTopic(subscriber.identity.userId));
    },

    close() {
      presence.close();
      stopGap?.();
      lists.close();
      users.close();
      stopBroadcast?.();
      stopBroadcast = undefined;
    },
  };
}

export type Hub = ReturnType<typeof createHub>;
