import { createLogger, type Logger } from "../logger";
import type { Actor } from "../shared/attribution";
import { PRESENCE, type PresencePayload } from "../shared/live-messages";
import type { Store } from "../store";
import { listTopic, type BusMessage, type EventBus } from "../domain/bus";
import { listNotice, type Subscriber } from "./subscriber";
import { systemTimers, type Timers } from "../shared/timers";
import { createThrottle } from "./throttle";

/**
 * Who has a list open now (docs/decisions/024), told live to everyone following it. Each instance knows its
 * own clients; it tells the others on the list's bus topic (`presence_state`, again every third of
 * the TTL while anyone is there) and merges what they tell, forgetting an instance not heard from
 * for a TTL (it stopped or lost Redis). A websocket leaves when it closes; a long-poll client once
 * it has neither a poll waiting nor polled within the TTL. Only clients that follow the list, so
 * whom access was granted, ever receive it (docs/decisions/024). A list's presence is worked out
 * at most twice a second (docs/product-rules.md#limits), so clients coming and going in a burst cost its viewers
 * one message, sent at the end of the burst with the state it left.
 */
export interface PresenceOptions {
  /** How long a silent long-poll client or instance counts as present (gone within 10 s). */
  ttlMs?: number;
  /** The clock and timers that space a list's presence messages out. */
  timers?: Timers;
}

/** Presence reaches a list's viewers at most twice a second (docs/product-rules.md#limits). */
export const PRESENCE_INTERVAL_MS = 500;

/** Gone within 10 s: 8 s of silence, found by a sweep at most a second later. */
const DEFAULT_TTL_MS = 8_000;
const STATE = "presence_state";
const HELLO = "presence_hello";

type Entry = Actor;

interface Remote {
  entries: Entry[];
  until: number;
}

export function createPresence(
  store: Store,
  bus: EventBus,
  followersOf: (listId: number) => Subscriber[],
  options: PresenceOptions = {},
  logger: Logger = createLogger("error"),
) {
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  const instance = crypto.randomUUID();
  /** Account names as read, each read again once older than the TTL (an account may be renamed). */
  const usernames = new Map<number, { name: string | null; at: number }>();
  const reading = new Set<number>();
  /** Lists to work out again once a name is read. */
  const waiting = new Set<number>();
  /**
   * Per list this instance follows for presence: its own entries as last told, the others', the
   * state last sent and who has heard it (a client that joins again is not told it twice).
   */
  const lists = new Map<
    number,
    { local: string; remote: Map<string, Remote>; sent: string; heard: WeakSet<Subscriber>; stop: () => void }
  >();
  const throttle = createThrottle<number>(PRESENCE_INTERVAL_MS, (listId) => refresh(listId), options.timers ?? systemTimers);
  let timer: ReturnType<typeof setInterval> | undefined;

  const present = (subscriber: Subscriber, listId: number, now: number) => {
    const subscription = subscriber.subscriptions.get(listId);
    return subscription !== undefined && !subscription.suspended && (subscriber.present?.(now, ttlMs) ?? true);
  };

  /** The entry a client shows as; undefined while its account's name is first read. */
  function entryOf(subscriber: Subscriber, listId: number, now: number): Entry | undefined {
    const { userId, guestName } = subscriber.identity;
    if (userId === null) return { userId: null, username: guestName ?? null };
    const known = usernames.get(userId);
    if (known && now - known.at > ttlMs) void learnNames([userId], listId);
    return known && { userId, username: known.name };
  }

  /** Reads the names not being read already; then works out again every list that waited for one. */
  async function learnNames(userIds: number[], listId: number) {
    waiting.add(listId);
    const unread = userIds.filter((userId) => !reading.has(userId));
    if (unread.length === 0) return;
    for (const userId of unread) reading.add(userId);
    try {
      for (const userId of unread) usernames.set(userId, { name: (await store.users.findById(userId))?.username ?? null, at: Date.now() });
    } catch (error) {
      // The lists that waited are worked out again (at most twice a second), so none is left unsent.
      logger.error("presence: reading a username failed", error);
    } finally {
      for (const userId of unread) reading.delete(userId);
    }
    for (const list of [...waiting]) {
      waiting.delete(list);
      throttle.request(list);
    }
  }

  /** Accounts once each (the newest name), named guests once each, unnamed guests counted. */
  function merge(entries: Entry[]): PresencePayload {
    const people = new Map<string, Actor>();
    let guests = 0;
    for (const entry of entries) {
      if (entry.userId === null && entry.username === null) guests++;
      else people.set(entry.userId !== null ? `u${entry.userId}` : `g${entry.username}`, entry);
    }
    const sorted = [...people.values()].sort((a, b) => (a.username ?? "").localeCompare(b.username ?? ""));
    return { people: sorted, guests };
  }

  function tell(listId: number, payload: PresencePayload, to: Subscriber[]) {
    const message = listNotice(PRESENCE, listId, { payload });
    for (const subscriber of to) if (subscriber.hearsPresence) subscriber.notice(message);
  }

  function publishState(listId: number, entries: Entry[]) {
    void bus.publish(listTopic(listId), { type: STATE, instance, entries }).catch((error: unknown) => {
      logger.error("presence: publishing failed", error);
    });
  }

  function follow(listId: number) {
    let state = lists.get(listId);
    if (state) return state;
    state = {
      local: "[]",
      remote: new Map(),
      sent: "",
      heard: new WeakSet(),
      stop: bus.subscribe(listTopic(listId), (message) => onBusMessage(listId, message)),
    };
    lists.set(listId, state);
    // The other instances say who they hold at once, rather than at their next heartbeat.
    void bus.ready?.(listTopic(listId)).then(() => bus.publish(listTopic(listId), { type: HELLO, instance }));
    timer ??= setInterval(tick, Math.max(50, Math.min(1_000, ttlMs / 4)));
    timer.unref?.();
    return state;
  }

  /**
   * Works out the list's presence again (through the throttle): tells the other instances when this
   * one's part changed, this instance's followers when the whole did, and a follower that has not
   * heard it yet (it just arrived) the state as it is.
   */
  function refresh(listId: number) {
    const now = Date.now();
    const followers = followersOf(listId);
    const here = followers.filter((subscriber) => present(subscriber, listId, now));
    const unknown = here
      .filter((subscriber) => entryOf(subscriber, listId, now) === undefined)
      .map((subscriber) => subscriber.identity.userId!);
    // Nothing is told until every account's name is known, then all at once.
    if (unknown.length > 0) {
      void learnNames([...new Set(unknown)], listId);
      return;
    }
    const local = here.map((subscriber) => entryOf(subscriber, listId, now)).filter((entry): entry is Entry => entry !== undefined);
    if (followers.length === 0 && !lists.has(listId)) return;
    const state = follow(listId);
    const localText = JSON.stringify(local);
    if (localText !== state.local) {
      state.local = localText;
      publishState(listId, local);
    }
    const remote = [...state.remote.values()].filter((entry) => entry.until > now).flatMap((entry) => entry.entries);
    const payload = merge([...local, ...remote]);
    const text = JSON.stringify(payload);
    const receivers = followers.filter((subscriber) => !subscriber.subscriptions.get(listId)?.suspended);
    if (text !== state.sent) {
      state.sent = text;
      state.heard = new WeakSet();
    }
    const unheard = receivers.filter((subscriber) => subscriber.hearsPresence && !state.heard.has(subscriber));
    for (const subscriber of unheard) state.heard.add(subscriber);
    tell(listId, payload, unheard);
    if (followers.length === 0) {
      state.stop();
      lists.delete(listId);
      throttle.forget(listId);
    }
  }

  function onBusMessage(listId: number, message: BusMessage) {
    if (message.instance === instance) return;
    const state = lists.get(listId);
    if (!state) return;
    if (message.type === HELLO) {
      if (state.local !== "[]") publishState(listId, JSON.parse(state.local) as Entry[]);
      return;
    }
    if (message.type !== STATE || typeof message.instance !== "string" || !Array.isArray(message.entries)) return;
    const entries = (message.entries as Entry[]).filter((entry) => typeof entry === "object" && entry !== null);
    if (entries.length === 0) state.remote.delete(message.instance);
    else state.remote.set(message.instance, { entries, until: Date.now() + ttlMs });
    throttle.request(listId);
  }

  /** Expires silent clients and instances, and repeats this instance's part so the others keep it. */
  let lastBeat = 0;
  function tick() {
    const now = Date.now();
    const heartbeat = now - lastBeat >= ttlMs / 3;
    if (heartbeat) lastBeat = now;
    for (const [listId, state] of [...lists]) {
      if (heartbeat && state.local !== "[]") publishState(listId, JSON.parse(state.local) as Entry[]);
      throttle.request(listId);
    }
    if (lists.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  }

  return {
    /** A client began following the list (it hears the list's presence at once) or stopped. */
    joined: (listId: number) => throttle.request(listId),
    left: (listId: number) => throttle.request(listId),
    close() {
      if (timer) clearInterval(timer);
      timer = undefined;
      throttle.close();
      for (const [listId, state] of lists) {
        if (state.local !== "[]") publishState(listId, []);
        state.stop();
      }
      lists.clear();
    },
  };
}

export type Presence = ReturnType<typeof createPresence>;
