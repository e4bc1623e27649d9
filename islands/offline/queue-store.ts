/** @module The outbox's queue as stored: the interface the outbox uses, and IndexedDB behind it. */
import type { Entry } from "./changes";
import { ENTRIES, openOutboxDb, settled } from "./db";

export interface QueueStore {
  /** A scope's entries in the order they were queued. */
  list(scope: string): Promise<Entry[]>;
  put(entry: Entry): Promise<void>;
  remove(key: string): Promise<void>;
}

/** The queue in IndexedDB, so it outlives the tab, a reload and a browser restart. */
export function indexedDbQueue(): QueueStore {
  const db = openOutboxDb();
  /** Settles once the write is committed, not merely accepted: a change reported queued is on disk. */
  const write = async (run: (store: IDBObjectStore) => void) => {
    const transaction = (await db).transaction(ENTRIES, "readwrite");
    run(transaction.objectStore(ENTRIES));
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = transaction.onabort = () => reject(transaction.error);
    });
  };
  return {
    async list(scope) {
      const entries = await settled<Entry[]>((await db).transaction(ENTRIES).objectStore(ENTRIES).index("scope").getAll(scope));
      return entries.sort((a, b) => a.seq - b.seq);
    },
    put: (entry) => write((store) => store.put(entry)),
    remove: (key) => write((store) => store.delete(key)),
  };
}
