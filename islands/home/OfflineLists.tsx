import { useEffect, useState } from "react";
import { CACHED_LISTS_MESSAGE, type CachedLists } from "../../src/shared/offline-cache";

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
 * Home offline: which lists open from this device (their pages were kept when they
 * were last opened, docs/decisions/019-offline-cache.md) and which need a connection.
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
        {available.length === 0 ? "No list has been opened on this device, so none can be read offline." : "Available offline: "}
        {available.map((list, index) => (
          <span key={list.id}>
            {index > 0 && ", "}
            <a href={`/list/${list.id}`}>{list.name}</a>
          </span>
        ))}
      </p>
      {missing.length > 0 && (
        <p>Not available offline: {missing.map((list) => list.name).join(", ")}. Open a list while online to keep it on this device.</p>
      )}
      <p>Creating, renaming, sharing and deleting lists need a connection.</p>
    </section>
  );
}
