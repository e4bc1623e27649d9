import { RedisClient } from "bun";
import type { BusListener, BusMessage, EventBus } from "./bus";

/**
 * The event bus over Redis pub/sub (DESIGN §7), so instances behind a load balancer hear each
 * other's changes. A subscribed Redis connection can do nothing but pub/sub, hence a second
 * connection for publishing. Each topic is one channel, subscribed while some local client needs
 * it, so an instance only receives the lists its own clients follow. Messages published by this
 * instance come back through Redis like everyone else's: one path, one order.
 */
export interface RedisBusOptions {
  /** Channel names are `${prefix}${topic}`; tests use a unique prefix to stay apart. */
  prefix?: string;
}

export function createRedisBus(url: string, options: RedisBusOptions = {}): EventBus {
  const prefix = options.prefix ?? "listwell:";
  const publisher = new RedisClient(url);
  const subscriber = new RedisClient(url);
  const listeners = new Map<string, Set<BusListener>>();
  const confirmed = new Map<string, Promise<void>>();
  let closed = false;

  const dispatch = (text: string, channel: string) => {
    const topic = channel.slice(prefix.length);
    let message: BusMessage;
    try {
      message = JSON.parse(text) as BusMessage;
    } catch {
      return;
    }
    for (const listener of listeners.get(topic) ?? []) {
      try {
        listener(message, topic);
      } catch (error) {
        console.error(`bus listener on ${topic} failed:`, error);
      }
    }
  };

  const subscribeChannel = (topic: string) => {
    const done = subscriber.subscribe(prefix + topic, dispatch).then(
      () => {},
      (error: unknown) => console.error(`redis bus: subscribing to ${topic} failed:`, error),
    );
    confirmed.set(topic, done);
    return done;
  };

  // Bun reconnects on its own but does not subscribe again, and subscribing again on top of the
  // old registration would deliver every message twice: drop the old one, then subscribe.
  let connections = 0;
  subscriber.onconnect = () => {
    if (++connections === 1 || closed) return;
    for (const topic of listeners.keys()) {
      void subscriber
        .unsubscribe(prefix + topic, dispatch)
        .catch(() => {})
        .then(() => (listeners.has(topic) ? subscribeChannel(topic) : undefined));
    }
  };

  return {
    async publish(topic, message) {
      await publisher.publish(prefix + topic, JSON.stringify(message));
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
      return confirmed.get(topic) ?? Promise.resolve();
    },
    async close() {
      closed = true;
      listeners.clear();
      confirmed.clear();
      subscriber.close();
      publisher.close();
    },
  };
}
