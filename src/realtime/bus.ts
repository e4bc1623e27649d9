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
  publish(topic: string, message: BusMessage): Promise<void>;
  subscribe(topic: string, listener: BusListener): () => void;
  /** Resolves once `topic`'s messages reach this instance (Redis confirms a SUBSCRIBE later). */
  ready?(topic: string): Promise<void>;
  close(): Promise<void>;
}

export const listTopic = (listId: number) => `list:${listId}`;
export const userTopic = (userId: number) => `user:${userId}`;
export const BROADCAST_TOPIC = "broadcast";

export function createMemoryBus(): EventBus {
  const listeners = new Map<string, Set<BusListener>>();
  return {
    async publish(topic, message) {
      for (const listener of listeners.get(topic) ?? []) {
        try {
          listener(message, topic);
        } catch (error) {
          console.error(`bus listener on ${topic} failed:`, error);
        }
      }
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
