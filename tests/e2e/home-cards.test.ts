import type { APIRequestContext, Page, WebSocketRoute } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TaskList } from "../../src/shared/types";
import { addItem, newList } from "./list-helpers";
import { DESKTOP, gotoHydrated, keepScreenshot, signedInContext, startBrowserEnv, type BrowserEnv, TALL_PHONE } from "../helpers/browser";

/** WCAG 2.5.5's touch target, in CSS pixels. */
const TOUCH_MIN_PX = 44;

const titles = (page: Page) => page.locator(".list-cards .list-card__title").allTextContents();
/** The progress line of the card whose title is `name`. */
const progressOf = (page: Page, name: string) =>
  page
    .locator(".list-card", { has: page.locator(".list-card__title", { hasText: name }) })
    .locator(".list-card__progress")
    .textContent();

/** Each own card's name as drawn: how many lines it takes, and the words broken across two lines. */
const cardNames = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll(".list-cards .list-card__title")].map((title) => {
      const text = title.firstChild as Text;
      const lines = (start: number, end: number) => {
        const range = document.createRange();
        range.setStart(text, start);
        range.setEnd(text, end);
        return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size;
      };
      return {
        name: text.data,
        lines: lines(0, text.data.length),
        brokenWords: [...text.data.matchAll(/\S+/g)]
          .filter((word) => lines(word.index, word.index + word[0].length) > 1)
          .map((word) => word[0]),
      };
    }),
  );

const tick = (request: APIRequestContext, id: number) => request.patch(`/api/tasks/${id}`, { data: { completed: true } });

describe("home cards in Chromium", () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env.close());

  it("shows '3 of 12 done' (top-level items, as the list page counts) from the server on own and shared cards, and follows ticks made in another browser", async () => {
    const owner = await signedInContext(env, "olive");
    const friend = await signedInContext(env, "frank");
    const groceries = await newList(owner.context.request, "Groceries");
    await newList(owner.context.request, "Empty");
    const fruit = await addItem(owner.context.request, groceries.id, "Fruit", { isParent: true });
    const apples = await addItem(owner.context.request, groceries.id, "Apples", { parentId: fruit.id });
    const pears = await addItem(owner.context.request, groceries.id, "Pears", { parentId: fruit.id });
    const milk = await addItem(owner.context.request, groceries.id, "Milk");
    await tick(owner.context.request, milk.id);
    await owner.context.request.post("/api/share-by-username", { data: { listId: groceries.id, username: "frank", accessLevel: "write" } });

    // Server-rendered: the page's own HTML already says it, before any script runs.
    const html = await (await owner.context.request.get("/")).text();
    // Fruit and Milk: a parent counts once, by its own mark (docs/decisions/043-sub-item-ticks.md).
    expect(html).toContain("1 of 2 done");
    expect(html).toContain("No items yet");
    expect(await (await friend.context.request.get("/")).text()).toContain("1 of 2 done");

    await gotoHydrated(owner.page, "/");
    await gotoHydrated(friend.page, "/");
    expect(await progressOf(owner.page, "Groceries")).toBe("1 of 2 done");
    expect(await progressOf(owner.page, "Empty")).toBe("No items yet");
    expect(await progressOf(friend.page, "Groceries")).toBe("1 of 2 done");
    await keepScreenshot(owner.page, "home-progress", false);

    // The recipient ticks the last sub-items from their own browser, which ticks Fruit: both Homes follow, neither reloads,
    // and neither reads the counts: the live message carries them.
    const progressReads = { owner: 0, friend: 0 };
    for (const who of ["owner", "friend"] as const) {
      (who === "owner" ? owner : friend).page.on("request", (request) => {
        if (new URL(request.url()).pathname === "/api/task-lists/progress") progressReads[who]++;
      });
    }
    await owner.page.waitForFunction(() => document.documentElement.dataset.live === "websocket");
    await friend.page.waitForFunction(() => document.documentElement.dataset.live === "websocket");
    expect((await tick(friend.context.request, apples.id)).status()).toBe(200);
    expect((await tick(friend.context.request, pears.id)).status()).toBe(200);
    await expect.poll(() => progressOf(owner.page, "Groceries")).toBe("2 of 2 done");
    await expect.poll(() => progressOf(friend.page, "Groceries")).toBe("2 of 2 done");
    // And the owner adds one: the total moves too.
    await addItem(owner.context.request, groceries.id, "Bread");
    await expect.poll(() => progressOf(friend.page, "Groceries")).toBe("2 of 3 done");
    await expect.poll(() => progressOf(owner.page, "Groceries")).toBe("2 of 3 done");
    expect(progressReads).toEqual({ owner: 0, friend: 0 });
    // Home still reads them when it reads everything again (here, coming back to the tab), and the read is seen.
    await friend.page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect.poll(() => progressReads.friend).toBe(1);
    expect(await progressOf(friend.page, "Groceries")).toBe("2 of 3 done");
    await owner.context.close();
    await friend.context.close();
  });

  it("reads the counts again when its connection comes back, for what changed while it was away", async () => {
    const { page, context } = await signedInContext(env, "gail");
    const pantry = await newList(context.request, "Pantry");
    const rice = await addItem(context.request, pantry.id, "Rice");
    // Home's socket passes through the test, which refuses it while `away`.
    let away = false;
    let socket: WebSocketRoute | undefined;
    await context.routeWebSocket(/\/ws$/, (ws) => {
      if (away) return void ws.close();
      ws.connectToServer();
      socket = ws;
    });
    const progressReads: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/task-lists/progress") progressReads.push(request.url());
    });
    await gotoHydrated(page, "/");
    await page.waitForFunction(() => document.documentElement.dataset.live === "websocket");
    expect(await progressOf(page, "Pantry")).toBe("0 of 1 done");

    away = true;
    await socket!.close();
    expect((await tick(context.request, rice.id)).status()).toBe(200);
    // Nothing reached Home while it was away: the card still shows the old count.
    expect(await progressOf(page, "Pantry")).toBe("0 of 1 done");
    expect(progressReads).toEqual([]);
    away = false;
    await expect.poll(() => progressOf(page, "Pantry"), { timeout: 20_000 }).toBe("1 of 1 done");
    expect(progressReads.length).toBeGreaterThan(0);
    await context.close();
  }, 60_000);

  it("deletes a list with Undo for 10 seconds; Undo puts the card back in place, a failed restore says so", async () => {
    const { page, context } = await signedInContext(env, "ursula", TALL_PHONE);
    for (const name of ["Alpha", "Beta", "Gamma"]) await newList(context.request, name);
    const lists: TaskList[] = await (await context.request.get("/api/task-lists")).json();
    const beta = lists.find((list) => list.name === "Beta")!;
    const deletedAt = async (id: number) =>
      (await env.testApp.store.db.get<{ deleted_at: unknown }>("SELECT deleted_at FROM task_lists WHERE id = ?", [id]))?.deleted_at;
    await gotoHydrated(page, "/");

    await page.getByRole("button", { name: "Delete Beta" }).click();
    await expect
      .poll(() => page.getByRole("alertdialog").textContent())
      .toContain('Are you sure you want to delete "Beta"? This will permanently delete the list and all its items.');
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => titles(page)).toEqual(["Alpha", "Gamma"]);
    const toast = page.getByRole("status").filter({ hasText: "List deleted" });
    await expect.poll(() => toast.textContent()).toContain('"Beta" was deleted');
    await keepScreenshot(page, "home-undo-toast-phone", false);
    expect(await deletedAt(beta.id)).not.toBeNull();

    await toast.getByRole("button", { name: "Undo" }).click();
    await expect.poll(() => titles(page)).toEqual(["Alpha", "Beta", "Gamma"]);
    expect(await deletedAt(beta.id)).toBeNull();
    // The keyboard stays where the list came back, not lost on the page.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toContain("Beta");
    await gotoHydrated(page, "/");
    await expect.poll(() => titles(page)).toEqual(["Alpha", "Beta", "Gamma"]);

    // A restore the server refuses: the card stays gone and a toast says why.
    await page.route("**/api/task-lists/*/restore", (route) =>
      route.fulfill({ status: 404, contentType: "application/json", body: JSON.stringify({ message: "List not found" }) }),
    );
    await page.getByRole("button", { name: "Delete Gamma" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await page.getByRole("status").filter({ hasText: "List deleted" }).getByRole("button", { name: "Undo" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("Failed to restore list");
    expect(await page.getByRole("status").textContent()).toContain("List not found");
    expect(await titles(page)).toEqual(["Alpha", "Beta"]);
    await context.close();
  });

  it("deletes and undoes by keyboard alone", async () => {
    const { page, context } = await signedInContext(env, "kasimir");
    for (const name of ["Alpha", "Beta"]) await newList(context.request, name);
    await gotoHydrated(page, "/");
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent);

    await page.getByRole("button", { name: "Delete Alpha" }).focus();
    await page.keyboard.press("Enter");
    // The confirmation starts on Cancel; one Tab reaches Delete.
    await expect.poll(focused).toBe("Cancel");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect.poll(() => titles(page)).toEqual(["Beta"]);
    // F8 reaches the notifications (docs/product-rules.md#on-the-page), Tab the toast's Undo.
    await page.keyboard.press("F8");
    await page.keyboard.press("Tab");
    await expect.poll(focused).toBe("Undo");
    await page.keyboard.press("Enter");
    await expect.poll(() => titles(page)).toEqual(["Alpha", "Beta"]);
    await expect.poll(focused).toContain("Alpha");
    await context.close();
  });

  it("gives every card control at least 44 × 44 px on a phone, none covered by another", async () => {
    const owner = await signedInContext(env, "tessa", TALL_PHONE);
    const friend = await signedInContext(env, "theo");
    await newList(owner.context.request, "A list whose name is long enough to wrap");
    await newList(owner.context.request, "Short");
    const shared = await newList(friend.context.request, "Theo's trip");
    await friend.context.request.post("/api/share-by-username", { data: { listId: shared.id, username: "tessa", accessLevel: "read" } });
    const page = owner.page;
    await gotoHydrated(page, "/");
    await expect.poll(() => page.locator(".list-card").count()).toBe(3);

    const controls = page.locator(".home button:visible, .home a:visible");
    const count = await controls.count();
    // Two cards' handle, link and four actions, the shared card's link, New List, Import list and Manage sharing.
    expect(count).toBe(2 * 6 + 1 + 3);
    const problems: string[] = [];
    for (let i = 0; i < count; i++) {
      const control = controls.nth(i);
      const name = (await control.getAttribute("aria-label")) ?? (await control.textContent())?.trim();
      await control.scrollIntoViewIfNeeded();
      const box = (await control.boundingBox())!;
      if (box.width < TOUCH_MIN_PX || box.height < TOUCH_MIN_PX) problems.push(`${name}: ${box.width}×${box.height}`);
      // What a tap at the control's middle reaches is the control itself.
      const reached = await control.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
        return hit !== null && element.contains(hit);
      });
      if (!reached) problems.push(`${name}: covered`);
    }
    expect(problems).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await keepScreenshot(page, "home-phone-touch", false);
    await owner.context.close();
    await friend.context.close();
  });

  it("keeps a card's name readable on a phone, its buttons under it when they leave it too little room, and the greeting out of a header too narrow for it", async () => {
    const { context, page } = await signedInContext(env, "gwendolyn", TALL_PHONE);
    for (const name of ["Groceries", "Groceries (copy)", "Presents for the whole family"]) await newList(context.request, name);
    await gotoHydrated(page, "/");
    const names = await cardNames(page);
    await keepScreenshot(page, "home-phone-names", false);
    expect(names.filter((card) => card.brokenWords.length > 0)).toEqual([]);
    expect(names.find((card) => card.name === "Groceries")?.lines).toBe(1);
    expect(names.find((card) => card.name === "Groceries (copy)")?.lines).toBe(1);
    expect(names.find((card) => card.name === "Presents for the whole family")?.lines).toBeLessThanOrEqual(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    // Cut to "Hi, …" beside the logo and four buttons it would say nothing.
    expect(await page.locator(".app-header .greeting").isVisible()).toBe(false);

    // A desktop keeps the card on one line and greets in full.
    const wide = await context
      .browser()!
      .newContext({ viewport: DESKTOP, baseURL: env.baseUrl, storageState: await context.storageState() });
    const desk = await wide.newPage();
    await gotoHydrated(desk, "/");
    expect((await cardNames(desk)).map((card) => card.lines)).toEqual([1, 1, 1]);
    const card = desk.locator(".list-card", { hasText: "Presents for the whole family" });
    const [name, actions] = [
      (await card.locator(".list-card__name").boundingBox())!,
      (await card.locator(".list-card__actions").boundingBox())!,
    ];
    expect(Math.abs(name.y + name.height / 2 - (actions.y + actions.height / 2))).toBeLessThanOrEqual(2);
    const greeting = desk.locator(".app-header .greeting");
    expect(await greeting.textContent()).toBe("Hi, gwendolyn");
    expect(await greeting.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await wide.close();
    await context.close();
  });
});
