import type { LiveMessage } from "../shared/realtime";
import type { Store } from "../store";
import { EVENTS_KEPT_PER_LIST, type StoredEvent } from "../store/events";
import { notFound } from "../domain/errors";
import { LIST_NOT_FOUND } from "../domain/access";
import type { Hub } from "./hub";
import { listNotice, toLiveMessage, withoutShareId, type Identity, type Subscriber, type Target } from "./subscriber";
import { randomToken } from "../auth/random-token";

/**
 * Long-poll clients (SPEC §7 "Live updates", DESIGN §7), for browsers whose websocket is blocked.
 * Events are read from the events table rather than kept here, so a client can resume with
 * `lastEventId` on any instance; what is not stored (shares, version updates, revocations) waits
 * in a small per-client queue. A client lives in this instance's memory only: on another one its
 * id answers 404, and SPEC §4's client then reconnects and resumes from its lastEventId.
 */
export interface PollOptions {
  /** How long a poll waits for an event before answering an empty list (DESIGN §7: ~30 s). */
  waitMs?: number;
  /** A client not heard from for this long is forgotten. */
  idleMs?: number;
}

/** Who may use a client: the session that made it, or (made anonymously) the shareId it uses. */
export interface PollCaller {
  identity: Identity;
  shareId?: string;
}

export interface PollClient extends Subscriber {
  readonly id: string;
  /** Set on the first shareId an anonymous client uses; later calls must carry it. */
  boundShareId?: string;
  /** Highest stored event id handed out. */
  cursor: number;
  /** Events at or below this id predate the client (unless it asks to replay from earlier). */
  floor: number;
  /** Ids recently handed out, so the look-back below never repeats one. */
  recent: Set<number>;
  queue: LiveMessage[];
  /** Something arrived while no poll was waiting: the next wait returns at once. */
  dirty: boolean;
  wake?: () => void;
  lastSeen: number;
}

/**
 * On PostgreSQL an event's id is taken before its transaction commits, so a later id can become
 * visible first. Reading a little behind the cursor (and skipping what was already sent) picks up
 * such late commits instead of skipping them for good.
 */
const LOOK_BACK_IDS = 64;
const RECENT_KEPT = 256;
const QUEUE_MAX = 100;
const BATCH = 500;

const newClientId = () => randomToken(20);

export function createPollRegistry(hub: Hub, store: Store, options: PollOptions = {}) {
  const waitMs = options.waitMs ?? 30_000;
  const idleMs = options.idleMs ?? 120_000;
  const clients = new Map<string, PollClient>();
  let sweeper: ReturnType<typeof setInterval> | undefined;

  const wake = (client: PollClient) => {
    client.dirty = true;
    client.wake?.();
  };
  const enqueue = (client: PollClient, message: LiveMessage) => {
    client.queue.push(message);
    if (client.queue.length > QUEUE_MAX) client.queue.shift();
    wake(client);
  };

  hub.addTransport({
    listEvent(listId) {
      for (const client of clients.values()) if (client.subscriptions.has(listId)) wake(client);
    },
    userMessage(userId, message) {
      for (const client of clients.values()) if (client.identity.userId === userId) enqueue(client, message);
    },
    broadcast(message) {
      for (const client of clients.values()) enqueue(client, message);
    },
  });

  function forget(client: PollClient) {
    if (!clients.delete(client.id)) return;
    hub.leave(client);
    client.wake?.();
    if (clients.size === 0 && sweeper) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  }

  function sweep() {
    const now = Date.now();
    for (const client of clients.values()) if (!client.wake && now - client.lastSeen > idleMs) forget(client);
  }

  /** A stored event goes to a client following its list; to a link holder only under that link. */
  function deliverable(client: PollClient, event: StoredEvent) {
    const subscription = client.subscriptions.get(event.listId);
    if (!subscription || subscription.suspended || client.recent.has(event.id) || event.id <= client.floor) return false;
    return subscription.via === "member" || subscription.shareId === event.shareId;
  }

  /** DESIGN §7: a lastEventId older than what is kept gets an explicit resync, never a silent gap. */
  async function lostEvents(listIds: number[], lastEventId: number): Promise<number[]> {
    const lost: number[] = [];
    for (const listId of listIds) {
      const oldest = await store.events.oldestId(listId);
      if (oldest === undefined || lastEventId >= oldest) continue;
      // Events are only ever pruned from lists holding more than the kept number.
      if ((await store.events.since([listId], 0, EVENTS_KEPT_PER_LIST)).length >= EVENTS_KEPT_PER_LIST) lost.push(listId);
    }
    return lost;
  }

  async function collect(client: PollClient, lastEventId: number | undefined): Promise<LiveMessage[]> {
    client.dirty = false;
    // DESIGN §7: every polled event has an id. One that is not stored takes the client's cursor,
    // so a client resuming from it skips nothing.
    const out = client.queue.splice(0).map((message): LiveMessage => ({ ...message, id: client.cursor }));
    const listIds = [...client.subscriptions.values()].filter((s) => !s.suspended).map((s) => s.listId);
    if (listIds.length === 0) return out;
    if (lastEventId !== undefined) {
      const lost = await lostEvents(listIds, lastEventId);
      if (lost.length > 0) {
        const latest = await store.events.latestId();
        for (const listId of lost) out.push(listNotice("resync", listId, { id: latest }));
        client.cursor = client.floor = latest;
        client.recent.clear();
        return out;
      }
    }
    const after = lastEventId ?? client.cursor;
    const events = await store.events.since(listIds, Math.max(client.floor, after - LOOK_BACK_IDS), BATCH);
    for (const event of events) {
      if (!deliverable(client, event)) continue;
      // As on the websocket: only a client that follows the list by its link gets the link back.
      const live = toLiveMessage({ ...event });
      out.push(client.subscriptions.get(event.listId)?.via === "link" ? live : withoutShareId(live));
      client.recent.add(event.id);
      client.cursor = Math.max(client.cursor, event.id);
    }
    while (client.recent.size > RECENT_KEPT) client.recent.delete(client.recent.values().next().value as number);
    return out;
  }

  function waitForNews(client: PollClient, signal: AbortSignal | undefined): Promise<void> {
    if (client.dirty) return Promise.resolve();
    client.wake?.(); // a newer poll on the same client ends the older one
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", done);
        if (client.wake === done) client.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, waitMs);
      signal?.addEventListener("abort", done);
      client.wake = done;
    });
  }

  return {
    count: () => clients.size,

    /** SPEC §7: a new client, or the caller's own existing one when it names it. */
    async connect(caller: PollCaller, requestedId: string | undefined): Promise<PollClient> {
      const existing = requestedId ? this.find(requestedId, caller) : undefined;
      if (existing) return existing;
      const latest = await store.events.latestId();
      const client: PollClient = {
        id: newClientId(),
        identity: { ...caller.identity },
        subscriptions: new Map(),
        ...(caller.identity.userId === null && caller.shareId ? { boundShareId: caller.shareId } : {}),
        cursor: latest,
        floor: latest,
        recent: new Set(),
        queue: [],
        dirty: false,
        lastSeen: Date.now(),
        attach: () => {},
        detach: () => {},
        revoked: (listId) => enqueue(client, listNotice("access_revoked", listId)),
        // Its session is gone, so is the client: the next poll answers 404 and the browser starts over.
        signedOut: () => forget(client),
      };
      clients.set(client.id, client);
      hub.join(client);
      await hub.ready(client);
      sweeper ??= setInterval(sweep, Math.min(idleMs, 30_000));
      sweeper.unref?.();
      return client;
    },

    /** The client, if it exists and belongs to the caller; otherwise undefined (the API's 404). */
    find(clientId: string, caller: PollCaller): PollClient | undefined {
      const client = clients.get(clientId);
      if (!client) return undefined;
      const owner = client.identity;
      if (owner.sessionId !== null) return owner.sessionId === caller.identity.sessionId ? client : undefined;
      if (caller.identity.sessionId !== null) return undefined;
      // SPEC §7's poll carries no shareId: the unguessable clientId is the credential, as a session
      // token is. A caller naming another link than the client's is still refused.
      if (client.boundShareId !== undefined && caller.shareId !== undefined && client.boundShareId !== caller.shareId) return undefined;
      client.lastSeen = Date.now();
      return client;
    },

    async subscribe(client: PollClient, target: Target) {
      // DESIGN §7: an anonymous client works only for the shareId that made it, so it may follow that
      // link's list and no other; any other answers 404 like a list it may not see.
      if (client.identity.userId === null && client.boundShareId !== undefined && target.shareId !== client.boundShareId) throw notFound(LIST_NOT_FOUND);
      const result = await hub.subscribe(client, target);
      if (client.identity.userId === null && client.boundShareId === undefined && target.shareId) client.boundShareId = target.shareId;
      client.lastSeen = Date.now();
      return result;
    },

    unsubscribe: (client: PollClient, target: Target) => hub.unsubscribe(client, target),

    /** Waits up to `waitMs` for events after `lastEventId` (or the client's own cursor). */
    async poll(client: PollClient, lastEventId: number | undefined, signal?: AbortSignal): Promise<LiveMessage[]> {
      client.lastSeen = Date.now();
      if (lastEventId !== undefined) {
        // The client says what it has; anything sent after that was lost on the way, so send it again.
        if (lastEventId < client.floor) client.floor = lastEventId;
        for (const id of client.recent) if (id > lastEventId) client.recent.delete(id);
      }
      let events = await collect(client, lastEventId);
      if (events.length === 0 && clients.has(client.id) && !signal?.aborted) {
        await waitForNews(client, signal);
        if (clients.has(client.id)) events = await collect(client, lastEventId);
      }
      client.lastSeen = Date.now();
      return events;
    },

    close() {
      for (const client of [...clients.values()]) forget(client);
    },
  };
}
