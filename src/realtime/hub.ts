import { findListAccess, LIST_NOT_FOUND } from "../domain/access";
import { rememberLastList } from "../domain/accounts";
import { AppError, notFound } from "../domain/errors";
import type { TaskList } from "../shared/types";
import type { Store } from "../store";
import { BROADCAST_TOPIC, listTopic, userTopic, type BusMessage, type EventBus } from "./bus";
import { MAX_SUBSCRIPTIONS, toLiveMessage, type Identity, type Subscriber, type Subscription, type Target, type Transport } from "./subscriber";

/**
 * The hub: the bus topics this instance listens to on behalf of its live clients, and the access
 * decisions behind every subscription (DESIGN §5). Access is checked when a client subscribes and
 * again whenever the bus says it may have been lost (unshare, rotated link, deleted list, logout,
 * an expired session), so events stop at once (DESIGN §7).
 */
/** Re-decisions in a row before a subscribe whose access keeps changing is refused. */
const MAX_DECISIONS = 5;

interface Followers {
  subscribers: Set<Subscriber>;
  stop: () => void;
}

export function createHub(store: Store, bus: EventBus) {
  const transports: Transport[] = [];
  const lists = new Map<number, Followers>();
  const users = new Map<number, Followers>();
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

  function follow(map: Map<number, Followers>, key: number, topic: string, listener: (message: BusMessage) => void, subscriber: Subscriber) {
    let entry = map.get(key);
    if (!entry) {
      entry = { subscribers: new Set(), stop: bus.subscribe(topic, listener) };
      map.set(key, entry);
    }
    entry.subscribers.add(subscriber);
  }

  function unfollow(map: Map<number, Followers>, key: number, subscriber: Subscriber) {
    const entry = map.get(key);
    if (!entry?.subscribers.delete(subscriber) || entry.subscribers.size > 0) return;
    entry.stop();
    map.delete(key);
  }

  /** Which way (if any) this identity may follow the list, DESIGN §5's rules via findListAccess. */
  async function decide(identity: Identity, list: TaskList | undefined, shareId: string | undefined): Promise<Subscription | undefined> {
    if (!list) return undefined;
    if (identity.userId !== null && (await findListAccess(store, { userId: identity.userId }, list))) {
      return { listId: list.id, via: "member", ...(shareId ? { shareId } : {}) };
    }
    if (shareId && (await findListAccess(store, { userId: null, shareId }, list))) return { listId: list.id, via: "link", shareId };
    return undefined;
  }

  /** decide(), again until nothing that could take access away reached the subscriber meanwhile. */
  async function decideFresh(subscriber: Subscriber, load: () => Promise<TaskList | undefined>, shareId: string | undefined) {
    for (let attempt = 0; attempt < MAX_DECISIONS; attempt++) {
      const epoch = epochOf(subscriber);
      const next = await decide(subscriber.identity, await load(), shareId);
      if (epochOf(subscriber) === epoch && !departed.has(subscriber)) return next;
    }
    return undefined; // access keeps changing under it: refusing is the safe answer
  }

  function add(subscriber: Subscriber, subscription: Subscription) {
    subscriber.subscriptions.set(subscription.listId, subscription);
    follow(lists, subscription.listId, listTopic(subscription.listId), (message) => onListMessage(subscription.listId, message), subscriber);
    subscriber.attach(subscription);
  }

  function remove(subscriber: Subscriber, subscription: Subscription) {
    subscriber.detach(subscription);
    subscriber.subscriptions.delete(subscription.listId);
    unfollow(lists, subscription.listId, subscriber);
  }

  /** Re-decides one subscription from the store; `suspend` stops its events while that runs. */
  async function recheck(subscriber: Subscriber, listId: number, suspend: boolean, resync = false) {
    const current = subscriber.subscriptions.get(listId);
    if (!current) return;
    if (suspend && !current.suspended) {
      current.suspended = true;
      subscriber.detach(current);
    }
    let next: Subscription | undefined;
    try {
      next = await decideFresh(subscriber, () => store.lists.findById(listId), current.shareId);
    } catch (error) {
      console.error("realtime: access re-check failed", error);
    }
    // The client unsubscribed or subscribed again meanwhile: its newer choice stands.
    if (subscriber.subscriptions.get(listId) !== current) return;
    if (!next) {
      remove(subscriber, current);
      subscriber.revoked(listId);
    } else if (current.suspended || next.via !== current.via) {
      if (!current.suspended) subscriber.detach(current);
      subscriber.subscriptions.set(listId, next);
      subscriber.attach(next);
      if (resync) subscriber.resync?.(listId);
    }
  }

  /**
   * A websocket's session is read once, at its upgrade; past the expiry read then, its member
   * subscriptions stop until the session is read again: gone or expired signs the client out,
   * renewed (by the user's HTTP requests) resumes them and has the client refetch what it missed.
   */
  function checkExpiry(subscriber: Subscriber) {
    const { userId, sessionId, expiresAt } = subscriber.identity;
    if (userId === null || sessionId === null || expiresAt === undefined || expiresAt > Date.now() || verifying.has(subscriber)) return;
    verifying.add(subscriber);
    for (const subscription of subscriber.subscriptions.values()) {
      if (subscription.via !== "member" || subscription.suspended) continue;
      subscription.suspended = true;
      subscriber.detach(subscription);
    }
    void (async () => {
      let session: Awaited<ReturnType<Store["sessions"]["find"]>>;
      try {
        session = await store.sessions.find(sessionId);
      } catch (error) {
        console.error("realtime: session re-check failed", error);
      }
      verifying.delete(subscriber);
      if (subscriber.identity.sessionId !== sessionId) return; // signed out meanwhile
      if (session && session.expiresAt > Date.now()) {
        subscriber.identity.expiresAt = session.expiresAt;
        for (const subscription of [...subscriber.subscriptions.values()]) {
          if (subscription.suspended) void recheck(subscriber, subscription.listId, false, true);
        }
      } else signOut(subscriber, userId);
    })();
  }

  function onListMessage(listId: number, message: BusMessage) {
    if (message.type === "access_revoked") {
      // A rotated or deleted list: holders of that link lose it now; members are re-checked.
      const revokedShareId = typeof message.shareId === "string" ? message.shareId : undefined;
      for (const subscriber of [...(lists.get(listId)?.subscribers ?? [])]) {
        invalidate(subscriber);
        const subscription = subscriber.subscriptions.get(listId);
        if (!subscription) continue;
        if (subscription.via === "link" && subscription.shareId === revokedShareId) {
          remove(subscriber, subscription);
          subscriber.revoked(listId);
        } else void recheck(subscriber, listId, false);
      }
      return;
    }
    if (typeof message.id !== "number") return;
    for (const subscriber of lists.get(listId)?.subscribers ?? []) checkExpiry(subscriber);
    const live = toLiveMessage(message);
    for (const transport of transports) transport.listEvent(listId, live);
  }

  function onUserMessage(userId: number, message: BusMessage) {
    const subscribers = [...(users.get(userId)?.subscribers ?? [])];
    if (message.type === "access_revoked" && typeof message.listId === "number") {
      for (const subscriber of subscribers) {
        invalidate(subscriber);
        void recheck(subscriber, message.listId, true);
      }
      return;
    }
    if (message.type === "session_ended") {
      for (const subscriber of subscribers) {
        const { sessionId } = subscriber.identity;
        const ended = message.sessionId === sessionId || (typeof message.exceptSessionId === "string" && message.exceptSessionId !== sessionId);
        if (ended) signOut(subscriber, userId);
      }
      return;
    }
    const live = toLiveMessage(message);
    for (const transport of transports) transport.userMessage(userId, live);
  }

  function signOut(subscriber: Subscriber, userId: number) {
    unfollow(users, userId, subscriber);
    subscriber.identity = { userId: null, sessionId: null };
    invalidate(subscriber);
    subscriber.signedOut(userId);
    for (const subscription of [...subscriber.subscriptions.values()]) {
      if (subscription.via === "member") void recheck(subscriber, subscription.listId, true);
    }
  }

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
      if (userId !== null) follow(users, userId, userTopic(userId), (message) => onUserMessage(userId, message), subscriber);
    },

    leave(subscriber: Subscriber) {
      departed.add(subscriber);
      for (const subscription of [...subscriber.subscriptions.values()]) remove(subscriber, subscription);
      if (subscriber.identity.userId !== null) unfollow(users, subscriber.identity.userId, subscriber);
    },

    /**
     * Follows a list after checking access; 404 (as the HTTP API answers) when the client may
     * not see it. `fresh` is false when it already followed the list the same way.
     */
    async subscribe(subscriber: Subscriber, target: Target): Promise<{ subscription: Subscription; fresh: boolean }> {
      const load = () => (target.listId !== undefined ? store.lists.findById(target.listId) : store.lists.findByShareId(target.shareId ?? ""));
      const next = await decideFresh(subscriber, load, target.shareId);
      if (!next) throw notFound(LIST_NOT_FOUND);
      const current = subscriber.subscriptions.get(next.listId);
      if (current && !current.suspended && current.via === next.via && current.shareId === next.shareId) return { subscription: current, fresh: false };
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
        (subscription) => subscription.listId === target.listId || (target.shareId !== undefined && subscription.shareId === target.shareId),
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
      for (const entry of [...lists.values(), ...users.values()]) entry.stop();
      lists.clear();
      users.clear();
      stopBroadcast?.();
      stopBroadcast = undefined;
    },
  };
}

export type Hub = ReturnType<typeof createHub>;
