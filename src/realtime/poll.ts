import { randomToken } from "../auth/random-token";
import { LIST_NOT_FOUND, mayFollowWithPollClient, pollClientServes } from "../domain/access";
import { notFound } from "../domain/errors";
import type { LiveMessage } from "../shared/realtime";
import type { Store } from "../store";
import type { Hub } from "./hub";
import { admitPollClient, MAX_CLIENTS, MAX_CLIENTS_PER_IP, MAX_UNSUBSCRIBED_PER_IP } from "./poll-admission";
import { cursorAt, handOver, resumeFrom, storedFor, type ReplayCursor } from "./replay";
import { listNotice, withoutShareId, type Identity, type Subscriber, type Target } from "./subscriber";

/**
 * Long-poll clients (docs/http-contract.md#long-poll), for browsers whose websocket is blocked.
 * Events are read from the events table rather than kept here, so a client can resume with
 * `lastEventId` on any instance, but never from before its subscription was granted (the replay
 * floor: an older lastEventId gets `resync`). What is not stored (shares, version updates,
 * revocations) waits in a small per-client queue. A client lives in this instance's memory only:
 * on another one its id answers 404, and the page's client then reconnects and resumes.
 * Clients are bounded (docs/product-rules.md#limits): per address, more tightly while they follow nothing, and in all.
 */
export interface PollOptions {
  /** How long a poll waits for an event before answering an empty list (~30 s). */
  waitMs?: number;
  /** A client following a list, not heard from for this long, is forgotten. */
  idleMs?: number;
  /** A client following nothing is forgotten sooner (30 s, docs/product-rules.md#limits). */
  unsubscribedIdleMs?: number;
  /** Clients one instance holds at most; a connect beyond answers 503. */
  maxClients?: number;
  /** Clients following nothing that one address may hold; a connect beyond answers 429. */
  maxUnsubscribedPerIp?: number;
  /** Clients one address may hold, following a list or not; a connect beyond answers 429. */
  maxClientsPerIp?: number;
}

/** Who may use a client: the session that made it, or (made anonymously) the shareId it uses. */
export interface PollCaller {
  identity: Identity;
  shareId?: string;
  /** The caller's address (clientIp), which the per-address allowance counts by. */
  ip?: string;
}

export interface PollClient extends Subscriber, ReplayCursor {
  readonly id: string;
  readonly ip: string;
  /** Set on the first shareId an anonymous client uses; later calls must carry it. */
  boundShareId?: string;
  queue: LiveMessage[];
  /** The last broadcast handed out; broadcasts are kept once, for every client. */
  broadcastSeq: number;
  /** Something arrived while no poll was waiting: the next wait returns at once. */
  dirty: boolean;
  wake?: () => void;
  lastSeen: number;
}

/** Unstored messages kept per client, and broadcasts kept for all; a client that stops polling loses the oldest. */
const QUEUE_MAX = 100;
const UNSUBSCRIBED_IDLE_MS = 30_000;

const newClientId = () => randomToken(20);
/** What an address's bound of 20 counts as one more comes: signed-out clients following nothing. */
const anonymousIdle = (client: PollClient) => client.identity.userId === null && client.subscriptions.size === 0;

const addTo = <K>(index: Map<K, Set<PollClient>>, key: K, client: PollClient) => {
  const set = index.get(key);
  if (set) set.add(client);
  else index.set(key, new Set([client]));
};

const removeFrom = <K>(index: Map<K, Set<PollClient>>, key: K, client: PollClient) => {
  const set = index.get(key);
  if (set?.delete(client) && set.size === 0) index.delete(key);
};

export function createPollRegistry(hub: Hub, store: Store, options: PollOptions = {}) {
  const waitMs = options.waitMs ?? 30_000;
  const idleMs = options.idleMs ?? 120_000;
  const unsubscribedIdleMs = Math.min(options.unsubscribedIdleMs ?? UNSUBSCRIBED_IDLE_MS, idleMs);
  const allowance = {
    maxClients: options.maxClients ?? MAX_CLIENTS,
    maxUnsubscribedPerIp: options.maxUnsubscribedPerIp ?? MAX_UNSUBSCRIBED_PER_IP,
    maxClientsPerIp: options.maxClientsPerIp ?? MAX_CLIENTS_PER_IP,
    unsubscribedIdleMs,
  };
  const clients = new Map<string, PollClient>();
  // Indexes, so an event or a broadcast touches only the clients it concerns, never all of them.
  const byList = new Map<number, Set<PollClient>>();
  const byIp = new Map<string, Set<PollClient>>();
  const waiting = new Set<PollClient>();
  const broadcasts: Array<{ seq: number; message: LiveMessage }> = [];
  let broadcastSeq = 0;
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

  /**
   * One event for every client following its list (docs/decisions/037): a waiting poll is handed
   * the bus's message, with no read of the events table; a client between polls reads the table
   * at its next poll, as it may have missed more. This runs after the writer's answer went out (the
   * next turn of the event loop), over the followers as they were when the event came.
   */
  function deliver(listId: number, message: LiveMessage, followers: PollClient[]) {
    const forMembers = withoutShareId(message);
    for (const client of followers) {
      const subscription = client.subscriptions.get(listId);
      if (!subscription || subscription.suspended || !clients.has(client.id)) continue;
      if (client.wake && !client.needsReplay) {
        if (handOver(client, subscription, message, forMembers)) wake(client);
      } else {
        client.needsReplay = true;
        wake(client);
      }
    }
  }

  hub.addTransport({
    listEvent(listId, message) {
      const followers = byList.get(listId);
      if (followers) setImmediate(deliver, listId, message, [...followers]);
    },
    broadcast(message) {
      broadcasts.push({ seq: ++broadcastSeq, message });
      if (broadcasts.length > QUEUE_MAX) broadcasts.shift();
      // The others find it in `broadcasts` at their next poll.
      for (const client of [...waiting]) wake(client);
    },
  });

  function forget(client: PollClient) {
    if (!clients.delete(client.id)) return;
    hub.leave(client);
    removeFrom(byIp, client.ip, client);
    client.wake?.();
    if (clients.size === 0 && sweeper) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  }

  function sweep() {
    const now = Date.now();
    for (const client of [...clients.values()]) {
      const limit = client.subscriptions.size === 0 ? unsubscribedIdleMs : idleMs;
      if (!client.wake && now - client.lastSeen > limit) forget(client);
    }
  }

  /**
   * What the client's next answer carries. Every polled event has an id (docs/http-contract.md#long-poll):
   * one that is not stored takes the client's cursor, so a client resuming from it skips nothing.
   * A client with nothing new answers at once, without a promise: the common case of a poll that
   * comes back after each delivery, to wait again.
   */
  function collect(client: PollClient, lastEventId: number | undefined): LiveMessage[] | Promise<LiveMessage[]> {
    client.dirty = false;
    const unstored = client.queue.length > 0 ? client.queue.splice(0) : [];
    if (client.broadcastSeq < broadcastSeq) {
      for (const entry of broadcasts) if (entry.seq > client.broadcastSeq) unstored.push(entry.message);
      client.broadcastSeq = broadcastSeq;
    }
    const out = unstored.map((message): LiveMessage => ({ ...message, id: client.cursor }));
    const stored = storedFor(store, client, lastEventId);
    if (stored instanceof Promise) return stored.then((found) => [...out, ...found]);
    return out.length === 0 ? stored : [...out, ...stored];
  }

  /**
   * Until something arrives, `waitMs` passes or the request ends. `done` may run more than once
   * (an abort after the answer): only its first run ends this wait, so its abort listener is left
   * to go with the request instead of being taken off at every answer.
   */
  function waitForNews(client: PollClient, signal: AbortSignal | undefined): Promise<void> {
    if (client.dirty) return Promise.resolve();
    client.wake?.(); // a newer poll on the same client ends the older one
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (client.wake === done) {
          client.wake = undefined;
          waiting.delete(client);
        }
        resolve();
      };
      const timer = setTimeout(done, waitMs);
      signal?.addEventListener("abort", done, { once: true });
      client.wake = done;
      waiting.add(client);
    });
  }

  const ownerOf = (client: PollClient) => ({ ...client.identity, boundShareId: client.boundShareId });

  return {
    count: () => clients.size,

    /** A new client, or the caller's own existing one when it names it (docs/http-contract.md#routes). */
    async connect(caller: PollCaller, requestedId: string | undefined): Promise<PollClient> {
      const existing = requestedId ? this.find(requestedId, caller) : undefined;
      if (existing) return existing;
      const latest = await store.events.latestId();
      const ip = caller.ip ?? "local";
      const atAddress = [...(byIp.get(ip) ?? [])];
      const idle = caller.identity.userId === null ? atAddress.filter(anonymousIdle).map((held) => held.lastSeen) : [];
      admitPollClient(clients.size, atAddress.length, idle, allowance);
      const client: PollClient = {
        id: newClientId(),
        ip,
        identity: { ...caller.identity },
        subscriptions: new Map(),
        ...(caller.identity.userId === null && caller.shareId ? { boundShareId: caller.shareId } : {}),
        ...cursorAt(latest),
        queue: [],
        broadcastSeq,
        dirty: false,
        lastSeen: Date.now(),
        attach: (subscription) => {
          client.needsReplay = true;
          addTo(byList, subscription.listId, client);
        },
        detach: (subscription) => removeFrom(byList, subscription.listId, client),
        revoked: (listId) => enqueue(client, listNotice("access_revoked", listId)),
        // Its session is gone, so is the client: the next poll answers 404 and the browser starts over.
        signedOut: () => forget(client),
        notice: (message) => enqueue(client, message),
        resync: (listId) => {
          client.pendingResync.add(listId);
          client.needsReplay = true;
          wake(client);
        },
        // Polling now, or polled lately: a browser polls again at once after each answer.
        present: (now, ttlMs) => client.wake !== undefined || now - client.lastSeen < ttlMs,
      };
      clients.set(client.id, client);
      addTo(byIp, ip, client);
      hub.join(client);
      await hub.ready(client);
      sweeper ??= setInterval(sweep, Math.max(50, Math.min(idleMs, unsubscribedIdleMs, 10_000) / 2));
      sweeper.unref?.();
      return client;
    },

    /** The client, if it exists and belongs to the caller; otherwise undefined (the API's 404). */
    find(clientId: string, caller: PollCaller): PollClient | undefined {
      const client = clients.get(clientId);
      if (!client || !pollClientServes(ownerOf(client), { ...caller.identity, shareId: caller.shareId })) return undefined;
      client.lastSeen = Date.now();
      return client;
    },

    /**
     * Follows the list; `eventId` is the list's own newest event as the subscription began (as the
     * websocket's `connect` says it), never another list's, which the page would take for a change.
     */
    async subscribe(client: PollClient, target: Target) {
      // An anonymous client works only for the shareId that made it; any other list answers 404.
      if (!mayFollowWithPollClient(ownerOf(client), target)) throw notFound(LIST_NOT_FOUND);
      const { subscription } = await hub.subscribe(client, target);
      if (client.identity.userId === null && client.boundShareId === undefined && target.shareId) client.boundShareId = target.shareId;
      client.lastSeen = Date.now();
      return { subscription, eventId: await store.events.latestIdOf(subscription.listId) };
    },

    unsubscribe: (client: PollClient, target: Target) => hub.unsubscribe(client, target),

    /** Waits up to `waitMs` for events after `lastEventId` (or the client's own cursor). */
    async poll(client: PollClient, lastEventId: number | undefined, signal?: AbortSignal): Promise<LiveMessage[]> {
      client.lastSeen = Date.now();
      // The client says what it has; anything sent after that was lost on the way, so send it again.
      resumeFrom(client, lastEventId);
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

export type PollRegistry = ReturnType<typeof createPollRegistry>;
