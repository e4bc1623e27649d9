/**
 * The quick add on a 390×844 touch phone (docs/decisions/042-quick-add-where-you-look.md): the
 * field empties once the Add Item sheet has saved what it carried, each new item shows on screen
 * from the 9th to the 15th, and a new list opens with the field focused. Screenshots go to
 * test-artifacts/ for people to look at.
 */
import type { APIRequestContext, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SharedListResponse } from "../../src/shared/types";
import {
  DESKTOP,
  gotoHydrated,
  keepScreenshot,
  signedInContext,
  startBrowserEnv,
  type BrowserEnv,
  waitForHydration,
} from "../helpers/browser";
import { rowTitles, seedList } from "./list-helpers";

const PHONE_390 = { width: 390, height: 844 };

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => {
  await env?.close();
});

/** A signed-in phone: touch screen and mobile viewport. */
async function phone(username: string): Promise<{ context: BrowserContext; page: Page }> {
  const signedIn = await signedInContext(env, username);
  const storageState = await signedIn.context.storageState();
  await signedIn.context.close();
  const context = await env.browser.newContext({ viewport: PHONE_390, hasTouch: true, isMobile: true, baseURL: env.baseUrl, storageState });
  context.setDefaultTimeout(15_000);
  return { context, page: await context.newPage() };
}

const quickAdd = (page: Page) => page.getByLabel("Add an item", { exact: true });
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");

async function storedTitles(request: APIRequestContext, listId: number) {
  const { tasks } = (await (await request.get(`/api/list/${listId}`)).json()) as SharedListResponse;
  return tasks
    .slice()
    .sort((a, b) => a.position - b.position)
    .map((task) => task.title);
}

/** Where a row is drawn against what the screen shows under the sticky header. */
const rowInSight = (page: Page, title: string) =>
  page.evaluate((wanted) => {
    const row = [...document.querySelectorAll<HTMLElement>(".items .item")].find(
      (item) => item.querySelector(".item__title")?.textContent === wanted,
    );
    if (!row) return "missing";
    const box = row.getBoundingClientRect();
    const top = document.querySelector(".app-header")!.getBoundingClientRect().bottom;
    return box.top >= top && box.bottom <= window.innerHeight ? "in sight" : `at ${Math.round(box.top)}-${Math.round(box.bottom)}`;
  }, title);

describe("quick add on a 390×844 touch phone (and a desktop where it says so)", () => {
  it("empties the field once the Add Item sheet has saved what it carried, and keeps it when the sheet is cancelled", async () => {
    const { page, context } = await phone("sheet_phone");
    const { list } = await seedList(context.request, "Trip", ["Tickets"]);
    await gotoHydrated(page, `/list/${list.id}`);

    // Cancelled, the sheet leaves what was typed where it was.
    await quickAdd(page).tap();
    await page.keyboard.type("Soap");
    await page.getByRole("button", { name: "Add Item", exact: true }).tap();
    expect(await page.getByLabel("Title").inputValue()).toBe("Soap");
    await page.getByRole("button", { name: "Cancel" }).tap();
    await expect.poll(() => page.locator("dialog[open]").count()).toBe(0);
    expect(await quickAdd(page).inputValue()).toBe("Soap");

    // Saved, the item is added once and the field is empty and ready for the next one.
    await quickAdd(page).fill("Toiletries");
    await page.getByRole("button", { name: "Add Item", exact: true }).tap();
    expect(await page.getByLabel("Title").inputValue()).toBe("Toiletries");
    await page.getByLabel(/Description/).fill("Travel sizes");
    await page.getByRole("button", { name: "Save" }).tap();
    await expect.poll(() => rowTitles(page)).toEqual(["Tickets", "Toiletries"]);
    await expect.poll(() => quickAdd(page).inputValue()).toBe("");
    await expect.poll(() => focusedId(page)).toBe("quick-add");

    await page.keyboard.type("Passport");
    await page.keyboard.press("Enter");
    await expect.poll(() => rowTitles(page)).toEqual(["Tickets", "Toiletries", "Passport"]);
    await expect.poll(() => storedTitles(context.request, list.id)).toEqual(["Tickets", "Toiletries", "Passport"]);
    await context.close();
  });

  it.each([
    ["a 390×844 touch phone", "long_phone"],
    ["a 1280×800 desktop", "long_desktop"],
  ])("shows each item added from the 9th to the 15th on screen, beside the field, on %s", async (_, username) => {
    const touch = username === "long_phone";
    const { page, context } = touch ? await phone(username) : await signedInContext(env, username, DESKTOP);
    const { height } = page.viewportSize()!;
    const seeded = ["Milk", "Bread", "Eggs", "Butter", "Cheese", "Apples", "Bananas", "Coffee"];
    const { list } = await seedList(context.request, "Week's shop", seeded);
    await gotoHydrated(page, `/list/${list.id}`);

    await (touch ? quickAdd(page).tap() : quickAdd(page).click());
    const added: string[] = [];
    for (let n = 9; n <= 15; n++) {
      const title = `Item ${n}`;
      await page.keyboard.type(title);
      await page.keyboard.press("Enter");
      added.push(title);
      await expect.poll(() => rowTitles(page)).toEqual([...seeded, ...added]);
      await expect.poll(() => rowInSight(page, title)).toBe("in sight");
      // The field is still under the finger, empty and focused, for the next one.
      const field = (await quickAdd(page).boundingBox())!;
      expect(field.y + field.height).toBeLessThanOrEqual(height);
      expect(await quickAdd(page).inputValue()).toBe("");
      expect(await focusedId(page)).toBe("quick-add");
    }
    await expect.poll(() => storedTitles(context.request, list.id)).toEqual([...seeded, ...added]);
    // The list is longer than the screen: the page followed its end, the first rows went out of sight.
    expect(await rowInSight(page, "Milk")).not.toBe("in sight");
    await keepScreenshot(page, `quick-add-15th-item-${username}`, false);

    // Done adding and back at the top, an item added by someone else does not move the page.
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.evaluate(() => window.scrollTo(0, 0));
    const heading = page.getByRole("heading", { name: "Week's shop" });
    await (touch ? heading.tap() : heading.click());
    expect(await focusedId(page)).not.toBe("quick-add");
    await context.request.post("/api/tasks", { data: { listId: list.id, title: "From a partner" } });
    await expect.poll(() => rowTitles(page)).toContain("From a partner");
    expect(scrolled).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  it("opens a new list from Home with the field focused, and a list with items without", async () => {
    const { page, context } = await phone("new_phone");
    const { list } = await seedList(context.request, "Groceries", ["Milk"]);
    await gotoHydrated(page, `/list/${list.id}`);
    expect(await focusedId(page)).not.toBe("quick-add");

    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "New List" }).tap();
    await page.getByLabel("List name").fill("Hardware store");
    await page.getByRole("button", { name: "Create List" }).tap();
    await waitForHydration(page, () => page.waitForURL(/\/list\/\d+$/));
    await expect.poll(() => focusedId(page)).toBe("quick-add");
    await keepScreenshot(page, "quick-add-phone-new-list", false);

    // Typing goes straight into the field.
    await page.keyboard.type("Screws");
    await page.keyboard.press("Enter");
    await expect.poll(() => rowTitles(page)).toEqual(["Screws"]);
    await context.close();
  });
});
