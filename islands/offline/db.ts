/**
 * @module Where the outbox keeps its queue: one IndexedDB store of entries by key, indexed by
 * scope. Small on purpose: the list page opens it at start to learn whether anything waits
 * (islands/list/useListStore.ts) without loading the outbox itself.
 */
const DB_NAME = "listwell-outbox";
export const ENTRIES = "entries";

export function openOutboxDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(ENTRIES, { keyPath: "key" }).createIndex("scope", "scope");
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Settles with an IndexedDB request's result. */
export const settled = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

/**
 * How many changes wait in a scope's queue, or without a scope on this whole browser (every
 * account's and link's: logging out clears the site's storage); 0 when IndexedDB is not there to ask.
 */
export async function waitingCount(scope?: string): Promise<number> {
  if (typeof indexedDB === "undefined") return 0;
  const db = await openOutboxDb();
  try {
    const entries = db.transaction(ENTRIES).objectStore(ENTRIES);
    return await settled(scope === undefined ? entries.count() : entries.index("scope").count(scope));
  } finally {
    db.close();
  }
}
