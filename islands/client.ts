/**
 * @module The browser's only entry. It is small, imports nothing React needs, and is loaded async,
 * so it runs as soon as it arrives: on a slow phone the list is still being parsed and laid out
 * then, for up to a second, and a tap on an item already counts (islands/early-ticks.ts). It
 * loads the island loader, which the page has been preloading alongside, once the document is
 * parsed, so the loader finds every island's marker.
 */
import { captureEarlyTicks } from "./early-ticks";

captureEarlyTicks();
// The service worker and the offline notice (docs/decisions/019-offline-cache.md) come after the
// islands, never before the first tap; and not from the loader, whose dynamic imports are islands.
const parsed =
  document.readyState === "loading"
    ? new Promise((done) => document.addEventListener("DOMContentLoaded", done, { once: true }))
    : Promise.resolve();
void parsed
  .then(() => import("./hydrate"))
  .then(({ hydrated }) => hydrated)
  .then(() => import("./offline-cache/register"));
