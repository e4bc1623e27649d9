import type { Task } from "../shared/types";
import type { eventsStore } from "./events";
import type { tasksStore } from "./tasks";

/** A list's items as last read, with their JSON, valid while the list's newest event id stands. */
export interface ListSnapshot {
  eventId: number;
  tasks: Task[];
  json: string;
}

/** Lists kept at once; the least recently read goes first. */
const CAPACITY = 500;

/**
 * DESIGN §10: reading and serialising a list's items was most of a list read's cost, so the
 * result is kept until the list changes. Every change records an event in its own transaction,
 * so the list's newest event id moves exactly when its items do — on this instance or another
 * sharing the database. The id is read before the items: a change landing between the two reads
 * can only make the next read refresh again, never keep stale items. A caller that has just read
 * the id (with the list's access, in one statement) passes it in.
 */
export function listSnapshots(events: ReturnType<typeof eventsStore>, tasks: ReturnType<typeof tasksStore>) {
  const kept = new Map<number, ListSnapshot>();
  return {
    async read(listId: number, latestEventId?: number): Promise<ListSnapshot> {
      const eventId = latestEventId ?? (await events.latestIdOf(listId));
      const cached = kept.get(listId);
      kept.delete(listId);
      if (cached && cached.eventId === eventId) {
        kept.set(listId, cached);
        return cached;
      }
      // Shared by every reader until the list changes: frozen, so a mutation fails loudly.
      const items = Object.freeze((await tasks.listByList(listId)).map((task) => Object.freeze(task))) as Task[];
      const snapshot = { eventId, tasks: items, json: JSON.stringify(items) };
      kept.set(listId, snapshot);
      if (kept.size > CAPACITY) kept.delete(kept.keys().next().value!);
      return snapshot;
    },
  };
}
