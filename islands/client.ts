/**
 * @module The browser's only entry. It is small and imports nothing React needs, so it runs as soon
 * as the page is parsed — on a slow phone about a second before React has arrived — and starts
 * taking ticks (islands/early-ticks.ts) before it loads the island loader, which the page has
 * been preloading alongside.
 */
import { captureEarlyTicks } from "./early-ticks";

captureEarlyTicks();
// The service worker and the offline notice (docs/decisions/019-offline-cache.md) come after the
// islands, never before the first tap; and not from the loader, whose dynamic imports are islands.
void import("./hydrate").then(({ hydrated }) => hydrated).then(() => import("./offline-cache/register"));
