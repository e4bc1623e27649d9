/**
 * @module Code a person may need offline (the list's dialogs, the outbox) is fetched once, by
 * whoever keeps it. The service worker's install, which register.ts starts once the page is idle,
 * fetches every build file for its precache, these chunks among them: a page fetching them too
 * at the same moment only downloaded them twice. A browser without a worker (an insecure origin)
 * has the page fetch them ahead instead (docs/decisions/065-page-bundles.md).
 */
export function fetchAhead(load: () => Promise<unknown>) {
  if ("serviceWorker" in navigator) return;
  const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
  idle(() => void load().catch(() => {}));
}
