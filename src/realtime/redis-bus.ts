import { RedisClient } from "bun";
import { createLogger, type Logger } from "../logger";
import type { BusListener, BusMessage, EventBus } from "../domain/bus";
import { dispatchTo } from "./bus";

/**
 * The event bus over Redis pub/sub (docs/product-rules.md#live-updates), so instances behind a load balancer hear each
 * other's changes. A subscribed Redis connection can do nothing but pub/sub, hence a second
 * connection for publishing. Each topic is one channel, subscribed while some local client needs
 * it, so an instance only receives the lists its own clients follow. Messages published by this
 * instance come back through Redis like everyone else's: one path, one order.
 *
 * Publishing goes through an outbox (docs/decisions/006): `publish` queues and returns,
 * one pump sends the queue in order and retries what failed, so a write never waits for Redis and
 * an event published during an outage is delivered once Redis is back. Pub/sub keeps nothing for a
 * subscriber that is away, so when the subscribing connection comes back `onGap` listeners hear it
 * (the hub then re-checks its clients and sends them `resync`).
 */
export interface RedisBusOptions {
  /** Channel names are `${prefix}${topic}`; tests use a unique prefix to stay apart. */
  prefix?: string;
  logger?: Logger;
}

/** Publishes in flight at once; Bun pipelines them on one connection, so they stay in order. */
const PUBLISH_BATCH = 256;
/**
 * Messages kept while Redis is away. Past it new ones are dropped: after so long an outage the
 * subscribing connection has dropped too, and its return makes every instance resync anyway.
 */
const OUTBOX_MAX = 10_000;
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 2_000;
/** A new subscription waits this long for Redis to confirm it, then goes on (a gap will follow). */
const READY_WAIT_MS = 1_000;
/** `close` lets the outbox drain this long, so a graceful stop still sends its last events. */
const CLOSE_DRAIN_MS = 2_000;

interface Outgoing {
  channel: string;
  text: string;
}

export function createRedisBus(url: string, options: RedisBusOptions = {}): EventBus {
  const prefix = options.prefix ?? "listwell:";
  const logger = options.logger ?? createLogger("error");
  const publisher = new RedisClient(url);
  const subscriber = new RedisClient(url);
  const listeners = new Map<string, Set<BusListener>>();
  const confirmed = new Map<string, Promise<void>>();
  const gapListeners = new Set<() => void>();
  const outbox: Outgoing[] = [];
  let pumping: Promise<void> | undefined;
  let closed = false;

  const dispatch = (text: string, channel: string) => {
    const topic = channel.slice(prefix.length);
    const set = listeners.get(topic);
    if (!set) return;
    let message: BusMessage;
    try {
      message = JSON.parse(text) as BusMessage;
    } catch {
      return;
    }
    dispatchTo([...set], message, topic, logger);
  };

  /** A SUBSCRIBE failed (Redis away): the next connection must subscribe every topic again. */
  let subscribeFailed = false;
  const subscribeChannel = (topic: string) => {
    const done = subscriber.subscribe(prefix + topic, dispatch).then(
      () => {},
      (error: unknown) => {
        subscribeFailed = true;
        logger.warn(`redis bus: subscribing to ${topic} failed:`, error);
      },
    );
    confirmed.set(topic, done);
    return done;
  };

  /** Sends the outbox in order; a failed batch is sent again from its first failure on. */
  async function pump() {
    let delay = RETRY_FIRST_MS;
    let failing = false;
    while (outbox.length > 0 && !closed) {
      const batch = outbox.slice(0, PUBLISH_BATCH);
      const results = await Promise.allSettled(batch.map((message) => publisher.publish(message.channel, message.text)));
      const failed = results.findIndex((result) => result.status === "rejected");
      // Nothing leaves the front of the outbox but here, so the batch is still its first entries.
      outbox.splice(0, failed === -1 ? batch.length : failed);
      if (failed === -1) {
        if (failing) logger.info(`redis bus: publishing again, ${outbox.length} message(s) left`);
        failing = false;
        delay = RETRY_FIRST_MS;
        continue;
      }
      if (!failing)
        logger.warn(`redis bus: publish failed, retrying (${outbox.length} waiting):`, (results[failed] as PromiseRejectedResult).reason);
      failing = true;
      await Bun.sleep(delay);
      delay = Math.min(delay * 2, RETRY_MAX_MS);
    }
  }

  const startPump = () => {
    pumping ??= pump().finally(() => {
      pumping = undefined;
      if (outbox.length > 0 && !closed) startPump();
    });
  };

  /** Bun reconnects by itself a number of times, then gives up and calls onclose: try on from there. */
  const revive = (client: RedisClient) => {
    let delay = RETRY_FIRST_MS;
    const attempt = () => {
      if (closed || client.connected) return;
      client.connect().catch(() => {
        delay = Math.min(delay * 2, RETRY_MAX_MS);
        setTimeout(attempt, delay).unref?.();
      });
    };
    setTimeout(attempt, delay).unref?.();
  };
  const reviving = new WeakSet<RedisClient>();
  for (const client of [publisher, subscriber]) {
    client.onclose = () => {
      if (closed || reviving.has(client)) return;
      reviving.add(client);
      revive(client);
    };
  }
  publisher.onconnect = () => {
    reviving.delete(publisher);
    if (outbox.length > 0) startPump();
  };

  // Reconnected, the subscriber is not subscribed to anything, and subscribing on top of the old
  // registration would deliver every message twice: drop the old one, subscribe, then announce
  // the gap, so clients refetch only once every topic is heard again. The first connection needs
  // this too when Redis was away at start and subscriptions failed meanwhile.
  let connections = 0;
  subscriber.onconnect = () => {
    reviving.delete(subscriber);
    if ((++connections === 1 && !subscribeFailed) || closed) return;
    subscribeFailed = false;
    const topics = [...listeners.keys()].map((topic) =>
      subscriber
        .unsubscribe(prefix + topic, dispatch)
        .catch(() => {})
        .then(() => (listeners.has(topic) ? subscribeChannel(topic) : undefined)),
    );
    void Promise.all(topics).then(() => {
      if (closed) return;
      logger.warn(`redis bus: subscriptions restored (${topics.length} topic(s)); clients resync`);
      for (const listener of [...gapListeners]) listener();
    });
  };

  return {
    publish(topic, message) {
      if (closed) return Promise.resolve();
      if (outbox.length >= OUTBOX_MAX) {
        logger.error(`redis bus: ${OUTBOX_MAX} messages waiting for Redis, dropping one on ${topic}`);
        return Promise.resolve();
      }
      outbox.push({ channel: prefix + topic, text: JSON.stringify(message) });
      startPump();
      return Promise.resolve();
    },
    subscribe(topic, listener) {
      let set = listeners.get(topic);
      if (!set) {
        set = new Set();
        listeners.set(topic, set);
        void subscribeChannel(topic);
      }
      set.add(listener);
      const own = set;
      return () => {
        own.delete(listener);
        if (own.size > 0 || listeners.get(topic) !== own) return;
        listeners.delete(topic);
        confirmed.delete(topic);
        if (!closed) void subscriber.unsubscribe(prefix + topic, dispatch).catch(() => {});
      };
    },
    ready(topic) {
      const done = confirmed.get(topic);
      if (!done) return Promise.resolve();
      return Promise.race([done, Bun.sleep(READY_WAIT_MS)]);
    },
    onGap(listener) {
      gapListeners.add(listener);
      return () => gapListeners.delete(listener);
    },
    async close() {
      if (pumping) await Promise.race([pumping, Bun.sleep(CLOSE_DRAIN_MS)]);
      closed = true;
      listeners.clear();
      confirmed.clear();
      gapListeners.clear();
      subscriber.close();
      publisher.close();
    },
  };
}
