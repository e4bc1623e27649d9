/**
 * Every list a person can open is kept for offline reading once Home has been open online
 * (docs/decisions/049-every-list-offline.md), on a 390×844 touch phone: a list a partner shared
 * and this phone never opened reads offline, its later changes are kept on the next visit to Home,
 * and it is forgotten once the partner stops sharing it.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { gotoHydrated, keepScreenshot, signedInContext, startBrowserEnv, type BrowserEnv } from "../helpers/browser";
import { seedList, visible } from "./list-helpers";
import { gotoOnline, keptMentioning, untilControlled } from "./offline-cache-helpers";

const PHONE_390 = { width: 390, height: 844 };
const UNSAVED = "This page was not opened on this device before, so it is not available offline.";

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env.close());

/** A signed-in phone: touch screen and mobile viewport. */
async function phone(username: string): Promise<{ context: BrowserContext; page: Page; userId: number }> {
  const signedIn = await signedInContext(env, username);
  const storageState = await signedIn.context.storageState();
  await signedIn.context.close();
  const context = await env.browser.newContext({ viewport: PHONE_390, hasTouch: true, isMobile: true, baseURL: env.baseUrl, storageState });
  context.setDefaultTimeout(15_000);
  return { context, page: await context.newPage(), userId: signedIn.user.id };
}

/** The worker keeps a page once its answer has arrived, in the background: this waits for that, as a person would wait for Home to settle. */
const untilKept = (page: Page, text: string) => expect.poll(() => keptMentioning(page, text), { timeout: 20_000 }).not.toEqual([]);

it("reads a list a partner shared, never opened on this phone, offline after only Home was open; keeps its changes; forgets it once unshared", async () => {
  const partner = await signedInContext(env, "partner");
  const { list, tasks } = await seedList(partner.context.request, "Weekend shop", ["Bread", "Eggs"]);
  const { context, page, userId } = await phone("shopper");
  const { list: own } = await seedList(context.request, "Chores", ["Hoover"]);
  const shared = await partner.context.request.post("/api/share-by-username", {
    data: { listId: list.id, username: "shopper", accessLevel: "write" },
  });
  expect(shared.status()).toBe(201);

  // Only Home is opened on this phone.
  await gotoHydrated(page, "/");
  await visible(page, "Weekend shop");
  await untilControlled(page);
  await untilKept(page, "Eggs");
  await untilKept(page, "Hoover");

  await context.setOffline(true);
  await gotoHydrated(page, "/");
  const offlineLists = page.getByTestId("offline-lists");
  await expect.poll(() => offlineLists.textContent()).toContain("Available offline: Chores, Weekend shop");
  expect(await offlineLists.textContent()).not.toContain("Not available offline");
  await keepScreenshot(page, "extras-offline-home-phone", false);
  await offlineLists.getByRole("link", { name: "Weekend shop" }).tap();
  await visible(page, "Bread");
  await visible(page, "Eggs");
  expect(new URL(page.url()).pathname).toBe(`/list/${list.id}`);
  expect(await page.evaluate(() => document.documentElement.dataset.offline !== undefined)).toBe(true);
  await keepScreenshot(page, "extras-offline-shared-list-phone", false);
  await context.setOffline(false);

  // The partner changes the list; the next visit to Home keeps the change.
  await partner.context.request.patch(`/api/tasks/${tasks[0]!.id}`, { data: { title: "Sourdough" } });
  await gotoOnline(page, "/");
  await untilKept(page, "Sourdough");
  await context.setOffline(true);
  await gotoHydrated(page, `/list/${list.id}`);
  await visible(page, "Sourdough");
  await context.setOffline(false);

  // The partner stops sharing: the next visit to Home forgets the list; their own stays.
  const unshared = await partner.context.request.delete(`/api/unshare/${list.id}/${userId}`);
  expect(unshared.ok()).toBe(true);
  await gotoOnline(page, "/");
  await expect.poll(() => keptMentioning(page, "Sourdough"), { timeout: 20_000 }).toEqual([]);
  await context.setOffline(true);
  await page.goto(`/list/${list.id}`);
  await visible(page, UNSAVED);
  expect(await page.getByText("Sourdough").count()).toBe(0);
  await gotoHydrated(page, `/list/${own.id}`);
  await visible(page, "Hoover");
  await context.close();
  await partner.context.close();
}, 120_000);

it("lets Home be used again as soon as the phone is back online, without a reload", async () => {
  const { context, page } = await phone("returner");
  await seedList(context.request, "Errands", ["Stamps"]);
  await gotoHydrated(page, "/");
  await untilControlled(page);
  const share = page.getByRole("button", { name: "Share Errands" });
  expect(await share.isEnabled()).toBe(true);
  await context.setOffline(true);
  await expect.poll(() => share.isEnabled()).toBe(false);
  await expect.poll(() => page.getByTestId("offline-lists").count()).toBe(1);
  await context.setOffline(false);
  await expect.poll(() => share.isEnabled()).toBe(true);
  expect(await page.getByTestId("offline-lists").count()).toBe(0);
  expect(await page.getByRole("button", { name: "Import list" }).isEnabled()).toBe(true);
  await context.close();
});
