import type { Page } from "playwright-core";
import { expect } from "vitest";
import { waitForHydration } from "../helpers/browser";

/**
 * Waits until the service worker controls the page. The page registers it once idle
 * (islands/offline-cache/register.ts) and the worker claims open pages when it activates.
 */
export async function untilControlled(page: Page) {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true);
}

/**
 * Opens `path` once the browser is back online. The worker's own requests can still fail for a
 * moment after the page's network returns, and then it shows its kept copy or "You are offline".
 * So the page is opened again until it is the server's.
 */
export async function gotoOnline(page: Page, path: string) {
  await expect
    .poll(
      async () => {
        await page.goto(path);
        return page.evaluate(() => document.documentElement.dataset.offline === undefined);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await waitForHydration(page);
}

/** Every URL the worker keeps for pages and reads, across all its caches, with whether its body mentions `text`. */
export const keptMentioning = (page: Page, text: string) =>
  page.evaluate(async (needle) => {
    const found: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith("listwell-pages-")) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const body = await (await cache.match(request))?.text();
        if (body?.includes(needle)) found.push(request.url);
      }
    }
    return found;
  }, text);
