import { createLogger, type Logger } from "../logger";

/**
 * Topics: `list:{id}` carries a list's change events, `user:{id}` what concerns one user
 * (a share granted or revoked), `broadcast` what every connected client gets (version_update).
 * The in-process bus is the default; a Redis one shares the same interface across instances.
 */
export interface BusMessage {
  type: string;
  [field: string]: unknown;
}

export type BusListener = (message: BusMessage, topic: string) => void;

export interface EventBus {
  /**
   * Hands the message to the bus and resolves at once: a write never waits for the network
   * (issue 11). Messages leave in the order they were published, access revocations among events.
   */
  publish(topic: string, message: BusMessage): Promise<void>;
  subscribe(topic: string, listener: BusListener): () => void;
  /** Resolves once `topic`'s messages reach this instance (Redis confirms a SUBSCRIBE later). */
  ready?(topic: string): Promise<void>;
  /**
   * Calls `listener` when messages may have been lost on the way to this instance (Redis pub/sub
   * keeps nothing while a connection is down), once every topic is heard again. The in-process
   * bus never loses one.
   */
  onGap?(listener: () => void): () => void;
  close(): Promise<void>;
}

export const listTopic = (listId: number) => `list:${listId}`;
export const userTopic = (userId: number) => `user:${userId}`;
export const BROADCAST_TOPIC = "broadcast";

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
