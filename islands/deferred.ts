/**
 * @module Islands nobody taps in the first second (the list header's completed toggles among them):
 * they hydrate once the page's own islands have, and their chunks are not preloaded, so on a slow
 * link the bytes and the main thread go first to what a person can use
 * (docs/decisions/014-first-tap.md). Shared by the server's preloads
 * (views/Layout.tsx) and the browser's loader (islands/hydrate.tsx).
 */
export const DEFERRED_ISLANDS: ReadonlySet<string> = new Set([
  "Toaster",
  "LiveUpdates",
  "SessionRecovery",
  "VersionDialog",
  "CompletedToggle",
  "ListMenu",
  "ShareButton",
  "ListActivity",
  "Bell",
  "RoutineLine",
  "SearchButton",
]);
