import type { BusListener, BusMessage, EventBus } from "../domain/bus";
import { createLogger, type Logger } from "../logger";

/**
 * @module The bus's in-process implementation (the default) and what every implementation shares;
 * the interface and its topics are the domain's (src/domain/bus.ts). A Redis one (./redis-bus.ts)
 * carries the same messages across instances.
 */

/** Calls every listener of a topic; one that throws is logged and does not stop the others. */
export function dispatchTo(listeners: Iterable<BusListener>, message: BusMessage, topic: string, logger: Logger) {
  for (const listener of listeners) {
    try {
      listener(message, topic);
    } catch (error) {
      logger.error(`bus listener on ${topic} failed:`, error);
    }
  }
}

/** Delivers synchronously, inside `publish`: nothing to wait for and nothing to lose. */
export function createMemoryBus(logger: Logger = createLogger("error")): EventBus {
  const listeners = new Map<string, Set<BusListener>>();
  return {
    publish(topic, message) {
      const set = listeners.get(topic);
      if (set) dispatchTo([...set], message, topic, logger);
      return Promise.resolve();
    },
    subscribe(topic, listener) {
      const set = listeners.get(topic) ?? new Set();
      set.add(listener);
      listeners.set(topic, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(topic);
      };
    },
    async close() {
      listeners.clear();
    },
  };
}
