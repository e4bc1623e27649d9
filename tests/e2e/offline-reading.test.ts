/**
 * Offline reading (docs/decisions/019-offline-cache.md), in Chromium: pages and lists opened before
 * load with the network cut (the list, a parent's sub-items, Home) from the service worker's cache,
 * which keeps one account's pages only (logout clears them) and forgets a share link that died.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  anonymousContext,
  DESKTOP,
  gotoHydrated,
  keepScreenshot,
  PHONE,
  signedInContext,
  startBrowserEnv,
  type BrowserEnv,
} from "../helpers/browser";
import { TEST_INVITE_CODE, TEST_PASSWORD } from "../helpers/test-app";
import { seedList, visible } from "./list-helpers";
import { gotoOnline, keptMentioning, untilControlled } from "./offline-cache-helpers";
import { expectBanner } from "./offline-helpers";

const isMarkedOffline = (page: Page) => page.evaluate(() => document.documentElement.dataset.offline !== undefined);
const UNSAVED = "This page was not opened on this device before, so it is not available offline.";

describe("offline reading", () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env.close());

  it("reloads a list, its parent view and Home offline from the cache, marked offline, assets included", async () => {
    const { context, page } = await signedInContext(env, "reader", PHONE);
    const { list, tasks } = await seedList(context.request, "Groceries", [
      "Milk",
      { title: "Baking", isParent: true },
      { title: "Party", isParent: true },
    ]);
    await context.request.post("/api/tasks", { data: { listId: list.id, parentId: tasks[1]!.id, title: "Flour" } });
    const { list: unopened } = await seedList(context.request, "Hardware", ["Nails"]);
    await gotoHydrated(page, "/");
    await untilControlled(page);
    // Opened online once each: that is what is kept.
    await gotoHydrated(page, `/list/${list.id}`);
    await gotoHydrated(page, `/list/${list.id}?parentId=${tasks[1]!.id}`);
    await gotoHydrated(page, "/shared-lists");
    // Home has every list kept in the background (decision 049): this visit's pass keeps Screws,
    // added since the first. Then Hardware's copy is taken away, to stand for a list not kept yet.
    await context.request.post("/api/tasks", { data: { listId: unopened.id, title: "Screws" } });
    await gotoHydrated(page, "/");
    await expect.poll(() => keptMentioning(page, "Screws"), { timeout: 20_000 }).not.toEqual([]);
    await page.evaluate(async (path) => {
      for (const name of await caches.keys()) {
        if (name.startsWith("listwell-pages-")) await (await caches.open(name)).delete(path);
      }
    }, `/list/${unopened.id}`);
    expect(await keptMentioning(page, "Nails")).toEqual([]);

    await context.setOffline(true);
    const fromWorker: string[] = [];
    page.on("response", (response) => {
      if (response.fromServiceWorker()) fromWorker.push(new URL(response.url()).pathname);
    });
    await gotoHydrated(page, `/list/${list.id}`);
    await visible(page, "Milk");
    await visible(page, "Baking");
    expect(await isMarkedOffline(page)).toBe(true);
    await expectBanner(page, "Offline — changes will be saved when you are back online");
    // Online-only controls say so.
    expect(await page.getByRole("button", { name: "Reset" }).getAttribute("title")).toBe("Not available offline");
    await keepScreenshot(page, "offline-reading-list-phone", false);
    // The page, its scripts and its stylesheet all came from the worker, none from the network.
    expect(fromWorker).toContain(`/list/${list.id}`);
    expect(fromWorker.some((path) => path.startsWith("/build/") && path.endsWith(".js"))).toBe(true);
    expect(fromWorker.some((path) => path.startsWith("/build/") && path.endsWith(".css"))).toBe(true);

    await gotoHydrated(page, `/list/${list.id}?parentId=${tasks[1]!.id}`);
    await visible(page, "Flour");
    expect(await isMarkedOffline(page)).toBe(true);
    // A parent's view only ever entered in the page (no page fetched for it): its list's page instead.
    await gotoHydrated(page, `/list/${list.id}?parentId=${tasks[2]!.id}`);
    await visible(page, "Milk");

    await gotoHydrated(page, "/");
    const offlineLists = page.getByTestId("offline-lists");
    await expect.poll(() => offlineLists.textContent()).toContain("Available offline: Groceries");
    expect(await offlineLists.textContent()).toContain("Not available offline: Hardware.");
    expect(await offlineLists.getByRole("link", { name: "Groceries" }).getAttribute("href")).toBe(`/list/${list.id}`);
    // Changes to the lists need the server: their controls wait, and say why; the lists still open.
    // New List and Duplicate queue their list (docs/decisions/067-offline-routines-and-copies.md).
    const share = page.getByRole("button", { name: "Share Groceries" });
    await expect.poll(() => share.isDisabled()).toBe(true);
    expect(await share.getAttribute("title")).toBe("Not available offline");
    for (const name of ["Import list", "Edit Groceries", "Delete Groceries", "Reorder Groceries"])
      expect(await page.getByRole("button", { name }).isDisabled()).toBe(true);
    for (const name of ["New List", "Duplicate Groceries"]) expect(await page.getByRole("button", { name }).isEnabled()).toBe(true);
    await keepScreenshot(page, "offline-reading-home-phone", false);
    await page.setViewportSize(DESKTOP);
    await keepScreenshot(page, "offline-reading-home-desktop", false);
    await page.setViewportSize(PHONE);

    // A page with no offline notice of its own gets the page-level one.
    await gotoHydrated(page, "/shared-lists");
    await visible(page, "Offline — this is the copy saved on this device. Changes need a connection.");
    await keepScreenshot(page, "offline-reading-shared-lists-phone", false);

    // A list not kept here: a page that says so, not the browser's error page.
    await page.goto(`/list/${unopened.id}`);
    await visible(page, UNSAVED);
    await page.setViewportSize(DESKTOP);
    await keepScreenshot(page, "offline-reading-unsaved-desktop", false);

    // Back online, the notice goes and the page is the server's again.
    await context.setOffline(false);
    await gotoOnline(page, "/");
    await expect.poll(() => isMarkedOffline(page)).toBe(false);
    expect(await offlineLists.count()).toBe(0);
    expect(await page.getByRole("button", { name: "New List" }).isEnabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Delete Groceries" }).isEnabled()).toBe(true);
    await context.close();
  }, 60_000);

  it("never shows a previous account's lists after logout and another sign-in on the same browser", async () => {
    const first = await signedInContext(env, "first");
    const { context, page } = first;
    const { list: secret } = await seedList(context.request, "Alpha secret plans", ["Hidden item"]);
    await gotoHydrated(page, "/");
    await untilControlled(page);
    await gotoHydrated(page, `/list/${secret.id}`);

    // Positive control: the first account's list was readable offline.
    await context.setOffline(true);
    await gotoHydrated(page, `/list/${secret.id}`);
    await visible(page, "Hidden item");
    expect(await keptMentioning(page, "Alpha secret plans")).not.toEqual([]);
    await context.setOffline(false);

    await gotoOnline(page, "/settings?tab=account");
    await page.getByRole("button", { name: "Logout" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/auth");
    expect(await keptMentioning(page, "Alpha secret plans")).toEqual([]);

    const second = await context.request.post("/api/register", {
      data: { username: "second", password: TEST_PASSWORD, inviteCode: TEST_INVITE_CODE },
    });
    expect(second.status()).toBe(201);
    const { list: own } = await seedList(context.request, "Beta list", ["Beta item"]);
    await gotoHydrated(page, "/");
    // Logout's Clear-Site-Data took the worker with the storage. Chromium may still be removing the
    // old registration when Home registers it again; a later visit finds it back. Once back, it keeps
    // the pages it sees load (whether it also fetches the Home that loaded before it took over is a race).
    await expect
      .poll(
        async () => {
          await gotoHydrated(page, "/");
          return page.evaluate(() => navigator.serviceWorker.controller !== null);
        },
        { timeout: 30_000, interval: 3_000 },
      )
      .toBe(true);
    await gotoHydrated(page, "/");
    await expect
      .poll(async () => (await keptMentioning(page, "Beta list")).map((url) => new URL(url).pathname), { timeout: 15_000 })
      .toContain("/");
    await gotoHydrated(page, `/list/${own.id}`);
    // The worker keeps the page after its answer arrived, not with it: offline before then, it has none.
    await expect.poll(() => keptMentioning(page, "Beta item"), { timeout: 15_000 }).not.toEqual([]);

    await context.setOffline(true);
    await gotoHydrated(page, `/list/${own.id}`);
    await visible(page, "Beta item");
    await page.goto(`/list/${secret.id}`);
    await visible(page, UNSAVED);
    expect(await page.getByText("Hidden item").count()).toBe(0);
    await gotoHydrated(page, "/");
    await visible(page, "Beta list");
    expect(await page.getByText("Alpha secret plans").count()).toBe(0);
    expect(await keptMentioning(page, "Alpha secret plans")).toEqual([]);
    await context.close();
  });

  it("forgets a share link's list once the owner rotates the link and the guest is back online", async () => {
    const owner = await signedInContext(env, "sharer");
    const { list } = await seedList(owner.context.request, "Camping trip", ["Tent"]);
    const guest = await anonymousContext(env, PHONE);
    const { page } = guest;
    const linked = `/list/${list.id}?shareId=${list.shareId}`;
    // Opened once: the page loaded before the worker took over, which then keeps it all the same.
    await gotoHydrated(page, linked);
    await untilControlled(page);
    await expect.poll(() => keptMentioning(page, "Camping trip")).not.toEqual([]);

    // Positive control: the guest reads it offline.
    await guest.context.setOffline(true);
    await gotoHydrated(page, linked);
    await visible(page, "Tent");
    await guest.context.setOffline(false);

    // Closed before the reset: an open list page learns it live and leaves for /, which would race the visit below.
    await page.goto("about:blank");
    expect((await owner.context.request.post(`/api/task-lists/${list.id}/rotate-share-id`)).status()).toBe(200);
    const answer = await page.goto(linked);
    expect(answer?.status()).toBe(404);
    await expect.poll(() => keptMentioning(page, "Camping trip")).toEqual([]);

    await guest.context.setOffline(true);
    await page.goto(linked);
    await visible(page, UNSAVED);
    expect(await page.getByText("Tent").count()).toBe(0);
    await owner.context.close();
    await guest.context.close();
  });
});
