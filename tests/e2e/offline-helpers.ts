import type { Page } from "playwright-core";
import { expect } from "vitest";
import { gotoHydrated } from "../helpers/browser";

/**
 * Opens a list page and waits until it works offline: the service worker controls it, having
 * kept every build file, the outbox's and the list's dialogs' among them, before it took over
 * (islands/offline-cache/fetch-ahead.ts, docs/decisions/020-outbox.md).
 */
export async function gotoReadyForOffline(page: Page, path: string) {
  await gotoHydrated(page, path);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
}

/**
 * What the offline banner says, or null when it is gone. Read in one step: counting it and then
 * asking its text would wait out the action timeout whenever it goes away in between.
 */
export const bannerText = (page: Page) =>
  page.locator(".list-screen > .notice[role=status]").evaluateAll((banners) => banners[0]?.textContent?.trim() ?? null);

export const expectBanner = (page: Page, text: string | null) => expect.poll(() => bannerText(page), { timeout: 15_000 }).toBe(text);

/** Titles and ticks of the rows on screen, in order. */
export const rowsOnScreen = (page: Page) =>
  page.locator(".items .item").evaluateAll((rows) =>
    rows.map((row) => {
      const title = row.querySelector(".item__title")?.textContent ?? "";
      return `${row.querySelector(".item__check")?.getAttribute("aria-checked") === "true" ? "[x]" : "[ ]"} ${title}`;
    }),
  );

export async function tick(page: Page, title: string) {
  await page.getByRole("checkbox", { name: `Mark "${title}" as completed`, exact: true }).click();
  await expect.poll(() => page.getByRole("checkbox", { name: `Mark "${title}" as not completed`, exact: true }).count()).toBe(1);
}

export async function quickAdd(page: Page, title: string) {
  await page.getByLabel("Add an item", { exact: true }).fill(title);
  await page.keyboard.press("Enter");
  await expect.poll(() => page.locator(".items .item__title", { hasText: title }).count()).toBeGreaterThan(0);
}

/** Edits a title in place. */
export async function rename(page: Page, from: string, to: string) {
  await page.locator(".items .item__title--editable", { hasText: from }).first().click();
  await page.getByLabel(`Edit title of ${from}`).fill(to);
  await page.keyboard.press("Enter");
  await expect.poll(() => page.locator(".items .item__title", { hasText: to }).count()).toBe(1);
}

export async function describeItem(page: Page, title: string, description: string) {
  await page.getByRole("button", { name: `Edit ${title}`, exact: true }).click();
  await page.locator("#item-description").fill(description);
  await page.getByRole("button", { name: "Save" }).click();
  await expect.poll(() => page.getByRole("button", { name: `View description of ${title}`, exact: true }).count()).toBe(1);
}
