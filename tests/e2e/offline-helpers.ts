import type { Page } from "playwright-core";
import { expect } from "vitest";
import { gotoHydrated } from "../helpers/browser";

/**
 * Opens a list page and waits for the code it fetches once idle so that it works offline: the
 * outbox and the list's dialogs (docs/decisions/020-outbox.md). A chunk's own answer is not
 * enough: the chunks it imports come after it, and going offline before they arrive would fail
 * the import for good. So the page imports each one itself, which settles when the whole graph
 * has loaded.
 */
export async function gotoReadyForOffline(page: Page, path: string) {
  const chunks = ["outbox", "ListDialogs"].map((name) =>
    page.waitForResponse((response) => new RegExp(`/build/${name}-[^/]+\\.js$`).test(new URL(response.url()).pathname)),
  );
  await gotoHydrated(page, path);
  // Given as text: the test runner would rewrite an `import()` written in a function here.
  for (const chunk of await Promise.all(chunks)) await page.evaluate(`import(${JSON.stringify(chunk.url())}).then(() => true)`);
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
