import { useEffect, useState } from "react";
import { CACHED_LISTS_MESSAGE, type CachedLists, KEEP_LISTS_MESSAGE, type KeepLists } from "../../src/shared/offline-cache";

interface Named {
  id: number;
  name: string;
}

/** The service worker's answer (islands/offline-cache/service-worker.ts); none without a worker. */
async function askCachedLists(): Promise<Set<number>> {
  const worker = navigator.serviceWorker?.controller;
  if (!worker) return new Set();
  const { port1, port2 } = new MessageChannel();
  const answer = new Promise<CachedLists>((resolve) => {
    port1.onmessage = (event: MessageEvent<CachedLists>) => resolve(event.data);
  });
  worker.postMessage(CACHED_LISTS_MESSAGE, [port2]);
  return new Set((await answer).listIds);
}

/**
 * Home, online and idle, has the service worker keep every list the person can open (own first,
 * then those shared with them), and forget those no longer named (docs/decisions/049-every-list-offline.md).
 * Each visit, and each change to the lists while Home is open, asks again.
 */
export function useKeepListsOffline(listIds: readonly number[], online: boolean) {
  const named = listIds.join(",");
  useEffect(() => {
    if (!online || !("serviceWorker" in navigator)) return;
    let stale = false;
    const ask = () =>
      void navigator.serviceWorker.ready.then((registration) => {
        // The lists changed or the page went offline meanwhile, or it is the kept copy: nothing to fetch.
        if (stale || !navigator.onLine || document.documentElement.dataset.offline !== undefined) return;
        const message: KeepLists = { type: KEEP_LISTS_MESSAGE, listIds: named ? named.split(",").map(Number) : [] };
        registration.active?.postMessage(message);
      });
    if ("requestIdleCallback" in window) requestIdleCallback(ask, { timeout: 5000 });
    else setTimeout(ask, 1000);
    return () => {
      stale = true;
    };
  }, [named, online]);
}

/**
 * Home offline: which lists open from this device (their pages were kept, docs/decisions/019-offline-cache.md
 * and 049) and which need a connection.
 */
export function OfflineLists({ lists, offline }: { lists: Named[]; offline: boolean }) {
  const [kept, setKept] = useState<Set<number> | null>(null);
  useEffect(() => {
    if (offline) void askCachedLists().then(setKept, () => setKept(new Set()));
  }, [offline]);
  if (!offline || !kept) return null;
  const available = lists.filter((list) => kept.has(list.id));
  const missing = lists.filter((list) => !kept.has(list.id));
  return (
    <section className="notice stack" role="status" aria-labelledby="offline-lists" data-testid="offline-lists">
      <h2 id="offline-lists">Offline</h2>
      <p>
        {available.length === 0 ? "No list is kept on this device yet, so none can be read offline." : "Available offline: "}
        {available.map((list, index) => (
          <span key={list.id}>
            {index > 0 && ", "}
            <a href={`/list/${list.id}`}>{list.name}</a>
          </span>
        ))}
      </p>
      {missing.length > 0 && (
        <p>
          Not available offline: {missing.map((list) => list.name).join(", ")}. Lists are kept on this device while My Lists is open online.
        </p>
      )}
      <p>Renaming, sharing and deleting lists need a connection; a new list or a copy waits to be saved.</p>
    </section>
  );
}
