import type { Section, Task } from "../shared/types";
import type { eventsStore } from "./events";
import type { sectionsStore } from "./sections";
import type { tasksStore } from "./tasks";

/** A list's items as last read, with their JSON, valid while the list's newest event id stands. */
export interface ListSnapshot {
  eventId: number;
  tasks: Task[];
  json: string;
  /** The list's sections in order: every change to them is an event too (docs/decisions/057-memory.md). */
  sections: Section[];
  /** Whole answers built around `json`, by what surrounds it (see `wrapSnapshot`). */
  wrapped: Map<string, string>;
}

/** Different wrappings kept per snapshot: one per way of seeing a list (owner, shared, link). */
const WRAPPINGS = 16;

/**
 * `head + json + tail` as one string kept with the snapshot, so every caller who sees the list
 * alike gets the very same string while it stands: no 8 KB copied per read, and what is derived
 * from the answer (its ETag, its compressed bytes) can be kept by it.
 */
export function wrapSnapshot(snapshot: ListSnapshot, head: string, tail: string): string {
  const key = `${head}\u0000${tail}`;
  let whole = snapshot.wrapped.get(key);
  if (whole === undefined) {
    whole = head + snapshot.json + tail;
    if (snapshot.wrapped.size >= WRAPPINGS) snapshot.wrapped.clear();
    snapshot.wrapped.set(key, whole);
  }
  return whole;
}

/** Lists kept at once; the least recently read goes first. */
const CAPACITY = 500;

/**
 * Reading and serialising a list's items was most of a list read's cost, so the
 * result is kept until the list changes. Every change records an event in its own transaction,
 * so the list's newest event id moves exactly when its items do — on this instance or another
 * sharing the database. The id is read before the items: a change landing between the two reads
 * can only make the next read refresh again, never keep stale items. A caller that has just read
 * the id (with the list's access, in one statement) passes it in.
 */
export function listSnapshots(
  events: ReturnType<typeof eventsStore>,
  tasks: ReturnType<typeof tasksStore>,
  sections: ReturnType<typeof sectionsStore>,
) {
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
      const kinds = Object.freeze((await sections.listByList(listId)).map((section) => Object.freeze(section))) as Section[];
      const snapshot = { eventId, tasks: items, json: JSON.stringify(items), sections: kinds, wrapped: new Map() };
      kept.set(listId, snapshot);
      if (kept.size > CAPACITY) kept.delete(kept.keys().next().value!);
      return snapshot;
    },
  };
}
