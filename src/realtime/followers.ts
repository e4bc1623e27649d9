import type { BusListener, EventBus } from "../domain/bus";
import type { Subscriber } from "./subscriber";

/**
 * @module Which of this instance's live clients follow each bus topic (one list's, one user's):
 * the topic is subscribed on the bus while at least one client needs it, and dropped after the
 * last one leaves, so an instance only hears what its own clients follow.
 */
export function createFollowers(bus: EventBus) {
  const entries = new Map<number, { subscribers: Set<Subscriber>; stop: () => void }>();
  return {
    follow(key: number, topic: string, listener: BusListener, subscriber: Subscriber) {
      let entry = entries.get(key);
      if (!entry) {
        entry = { subscribers: new Set(), stop: bus.subscribe(topic, listener) };
        entries.set(key, entry);
      }
      entry.subscribers.add(subscriber);
    },
    unfollow(key: number, subscriber: Subscriber) {
      const entry = entries.get(key);
      if (!entry?.subscribers.delete(subscriber) || entry.subscribers.size > 0) return;
      entry.stop();
      entries.delete(key);
    },
    /** The clients following `key`, as a copy: handling one may make it unfollow. */
    of: (key: number): Subscriber[] => [...(entries.get(key)?.subscribers ?? [])],
    everyone: (): Subscriber[] => [...entries.values()].flatMap((entry) => [...entry.subscribers]),
    close() {
      for (const entry of entries.values()) entry.stop();
      entries.clear();
    },
  };
}
