import type { APIRequestContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TaskList } from "../../src/shared/types";
import { gotoHydrated, keepScreenshot, PHONE, signedInContext, startBrowserEnv, type BrowserEnv } from "../helpers/browser";

const poll = <T>(read: () => Promise<T> | T, timeout = 5000) => expect.poll(read, { timeout });
const visible = (page: Page, text: string, timeout?: number) =>
  poll(() => page.getByText(text, { exact: true }).first().isVisible(), timeout).toBe(true);

async function createList(request: APIRequestContext, name: string): Promise<TaskList> {
  const response = await request.post("/api/task-lists", { data: { name } });
  if (response.status() !== 201) throw new Error(`create ${name}: ${response.status()} ${await response.text()}`);
  return response.json();
}

async function share(request: APIRequestContext, listId: number, username: string, accessLevel = "write") {
  const response = await request.post("/api/share-by-username", { data: { listId, username, accessLevel } });
  if (response.status() !== 201) throw new Error(`share: ${response.status()} ${await response.text()}`);
}

const DAY_MS = 24 * 60 * 60 * 1000;

describe("Shared Lists screen in Chromium", () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env.close());

  it("shows lists shared with me with owner, badge, relative time and Open List, and picks up new shares by polling", async () => {
    const owner = await signedInContext(env, "olivia");
    const reader = await signedInContext(env, "ben");
    const groceries = await createList(owner.context.request, "Groceries");
    const trip = await createList(owner.context.request, "Weekend trip");
    await share(owner.context.request, groceries.id, "ben", "write");
    await share(owner.context.request, trip.id, "ben", "read");
    await env.testApp.store.db.run("UPDATE list_shares SET created_at = ? WHERE list_id = ?", [Date.now() - 3 * DAY_MS, groceries.id]);

    const { page } = reader;
    await gotoHydrated(page, "/shared-lists");
    await visible(page, "Shared Lists");
    await visible(page, "View and manage lists that have been shared with you or that you've shared with others.");
    expect(await page.getByRole("tab", { name: "Shared with Me" }).getAttribute("aria-selected")).toBe("true");
    const card = page.getByRole("article", { name: "Groceries" });
    expect(await card.getByText("Shared by:").textContent()).toBe("Shared by: olivia");
    expect(await card.getByText("Shared 3 days ago").isVisible()).toBe(true);
    expect(await card.locator(".badge--secondary").textContent()).toBe("Read & Write");
    expect(await page.getByRole("article", { name: "Weekend trip" }).locator(".badge--outline").textContent()).toBe("Read & Write");
    expect(await card.getByRole("link", { name: "Open List" }).getAttribute("href")).toBe(
      `/list/${groceries.id}?shared=true&shareId=${groceries.shareId}`,
    );
    expect(await page.locator(".share-grid").evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(" ").length)).toBe(2);
    await keepScreenshot(page, "shared-lists-with-me");

    // Polled every 3 s, so a new share shows up without a reload (docs/http-contract.md#live-messages).
    const late = await createList(owner.context.request, "Book club");
    await share(owner.context.request, late.id, "ben");
    await poll(() => page.getByRole("article", { name: "Book club" }).isVisible(), 8000).toBe(true);
    await owner.context.close();
    await reader.context.close();
  });

  it("lists my shares, unshares one from its menu with the toast, and ends on the empty state", async () => {
    const owner = await signedInContext(env, "mia");
    await (await signedInContext(env, "noah")).context.close();
    const chores = await createList(owner.context.request, "Chores");
    await share(owner.context.request, chores.id, "noah");
    const { page } = owner;
    await gotoHydrated(page, "/shared-lists");
    await visible(page, "No shared lists");
    await visible(page, "Nobody has shared any lists with you yet.");

    await page.getByRole("tab", { name: "My Shared Lists" }).click();
    const card = page.getByRole("article", { name: "Chores" });
    expect(await card.getByText("Shared with:").textContent()).toBe("Shared with: noah");
    expect(await card.getByText(/^Shared (less than a minute|1 minute) ago$/).isVisible()).toBe(true);
    await keepScreenshot(page, "shared-lists-mine");

    await card.getByRole("button", { name: "Options for Chores shared with noah" }).click();
    await keepScreenshot(page, "shared-lists-menu", false);
    await page.getByRole("menuitem", { name: "Unshare List" }).click();
    await visible(page, "List unshared");
    await visible(page, "The list has been unshared successfully");
    await visible(page, "You haven't shared any lists with other users yet.");
    // The card and its menu are gone: focus is on the tab they were in, not the page's body.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("shared-tab-mine");
    expect(await (await owner.context.request.get("/api/my-shared-lists")).json()).toEqual([]);
    await owner.context.close();
  });

  // Routed on the context: a page's routes do not see what the service worker fetches for it.
  it("shows the error text after failed retries, then two skeleton cards while it loads again", async () => {
    const { page, context } = await signedInContext(env, "eve", PHONE);
    // The page's clock runs as usual, except where the test moves it on past the retries' waits.
    await context.clock.install();
    await gotoHydrated(page, "/shared-lists");
    /** Until `text` shows, the page's clock moves on a second at a time, so its retries come at once. */
    const shownAfterRetries = (text: string) =>
      poll(async () => {
        await page.clock.fastForward(1_000);
        return page.getByText(text, { exact: true }).first().isVisible();
      }, 10_000).toBe(true);
    // One route that fails, then holds: swapping routes would let a background poll's retry
    // reach the server in between and answer the list, taking "Try again" away.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let failing = true;
    let failed = 0;
    await context.route("**/api/shared-with-me", async (route) => {
      if (failing) {
        failed++;
        return route.fulfill({ status: 500, json: { message: "boom" } });
      }
      await held;
      await route.continue();
    });
    await page.evaluate(() => window.dispatchEvent(new Event("listwell:refresh")));
    await shownAfterRetries("Failed to load shared lists");
    await keepScreenshot(page, "shared-lists-error-phone");
    // Polling goes on every 3 s behind the error; it must not swap the error for skeletons.
    const failedBeforePolls = failed;
    for (let sample = 0; sample < 16; sample++) {
      await page.clock.fastForward(250);
      expect(await page.getByTestId("skeleton-card").count()).toBe(0);
    }
    // The positive control: a poll did run meanwhile, and failed behind the error.
    expect(failed).toBeGreaterThan(failedBeforePolls);
    await visible(page, "Failed to load shared lists");

    failing = false;
    await page.getByRole("button", { name: "Try again" }).focus();
    await page.keyboard.press("Enter");
    await poll(() => page.getByTestId("skeleton-card").count()).toBe(2);
    await keepScreenshot(page, "shared-lists-skeleton-phone");
    release();
    await visible(page, "No shared lists");
    // Try again gave way to what it loaded: the keyboard is on its tab, not the page's body.
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Shared with Me");

    await page.getByRole("tab", { name: "My Shared Lists" }).click();
    await context.route("**/api/my-shared-lists", (route) => route.fulfill({ status: 500, json: { message: "boom" } }));
    await page.evaluate(() => window.dispatchEvent(new Event("listwell:refresh")));
    await shownAfterRetries("Failed to load your shared lists");
    await context.close();
  });

  it("sends a signed-out visitor to /auth", async () => {
    const context = await env.browser.newContext({ baseURL: env.baseUrl });
    const page = await context.newPage();
    await page.goto("/shared-lists");
    expect(new URL(page.url()).pathname).toBe("/auth");
    await context.close();
  });
});
