/**
 * The offline cache and the session, in Chromium
 * (docs/decisions/019-offline-cache.md): a session ended elsewhere while the device was offline
 * takes the account's kept pages with it once the device is back online, and logging out with
 * changes still queued says so before anything is deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gotoHydrated, keepScreenshot, signedInContext, startBrowserEnv, type BrowserEnv } from "../helpers/browser";
import { TEST_PASSWORD } from "../helpers/test-app";
import { seedList, visible } from "./list-helpers";
import { keptMentioning, untilControlled } from "./offline-cache-helpers";
import { expectBanner, gotoReadyForOffline, tick } from "./offline-helpers";

const UNSAVED = "This page was not opened on this device before, so it is not available offline.";

describe("offline cache and session", () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env.close());

  it("drops the account's kept pages once back online after its session ended elsewhere", async () => {
    const username = "away";
    const { context, page } = await signedInContext(env, username);
    const { list } = await seedList(context.request, "Private plans", ["Secret item"]);
    await gotoHydrated(page, "/");
    await untilControlled(page);
    await gotoHydrated(page, `/list/${list.id}`);
    await gotoHydrated(page, "/settings");

    // Positive control: offline, the list is read from the device.
    await context.setOffline(true);
    await gotoHydrated(page, `/list/${list.id}`);
    await visible(page, "Secret item");
    // Left on a page that asks the server nothing when the network returns.
    await gotoHydrated(page, "/settings");

    // Meanwhile, on another device: the password changes, which ends every other session.
    const elsewhere = await env.browser.newContext({ baseURL: env.baseUrl });
    expect((await elsewhere.request.post("/api/login", { data: { username, password: TEST_PASSWORD } })).status()).toBe(200);
    const changed = await elsewhere.request.patch("/api/change-password", {
      data: { currentPassword: TEST_PASSWORD, newPassword: "another-pass-123", confirmPassword: "another-pass-123" },
    });
    expect(changed.status()).toBe(200);
    expect(await keptMentioning(page, "Private plans")).not.toEqual([]);

    await context.setOffline(false);
    await expect.poll(() => keptMentioning(page, "Private plans"), { timeout: 15_000 }).toEqual([]);

    await context.setOffline(true);
    await page.goto(`/list/${list.id}`);
    await visible(page, UNSAVED);
    expect(await page.getByText("Secret item").count()).toBe(0);
    await elsewhere.close();
    await context.close();
  }, 90_000);

  it("names the changes still waiting before logging out, and logs out only when told to", async () => {
    const { context, page } = await signedInContext(env, "leaver");
    const { list } = await seedList(context.request, "Chores", ["Dishes", "Laundry"]);
    await gotoHydrated(page, "/");
    await untilControlled(page);
    await gotoHydrated(page, "/settings?tab=account");
    await gotoReadyForOffline(page, `/list/${list.id}`);
    await context.setOffline(true);
    await tick(page, "Dishes");
    await tick(page, "Laundry");
    await expectBanner(page, "Offline — 2 changes will be saved");
    // The outbox sends its queue from the list page only: on Settings the changes keep waiting.
    await gotoHydrated(page, "/settings?tab=account");

    await page.getByRole("button", { name: "Logout" }).click();
    const warning = page.getByRole("alertdialog");
    await visible(page, "You have 2 changes not yet saved. Logging out deletes them from this device.");
    await keepScreenshot(page, "logout-unsaved-changes", false);
    await warning.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => warning.count()).toBe(0);
    // Still signed in, nothing deleted.
    expect(await keptMentioning(page, "Chores")).not.toEqual([]);
    expect(new URL(page.url()).pathname).toBe("/settings");
    expect((await context.request.get("/api/user")).status()).toBe(200);
    expect(await page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name))).toEqual(["listwell-outbox"]);

    await context.setOffline(false);
    const logout = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/logout");
    await page.getByRole("button", { name: "Logout" }).click();
    await warning.getByRole("button", { name: "Logout" }).click();
    expect((await logout).status()).toBe(200);
    await expect.poll(() => new URL(page.url()).pathname).toBe("/auth");
    expect((await context.request.get("/api/user")).status()).toBe(401);
    // The site's storage went with the session: the queue and every page kept for the account.
    await expect.poll(() => page.evaluate(async () => (await indexedDB.databases()).length)).toBe(0);
    expect(await keptMentioning(page, "Chores")).toEqual([]);
    // The browser acts on the header and keeps it from the page; the server did send it.
    const bare = await fetch(`${env.baseUrl}/api/logout`, { method: "POST", headers: { origin: env.baseUrl } });
    expect(bare.headers.get("clear-site-data")).toBe('"cache", "storage"');
    await context.close();
  }, 90_000);
});
