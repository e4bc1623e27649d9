/**
 * The UX review's shop walk on a 390×844 touch phone, end to end (docs/decisions/045-phone-rows.md,
 * 046-calm-ticks.md, 047-list-header.md): make a list, add 15 items in a row, tick 10 in the aisle
 * in a hurry, undo one, and share the list with a partner, who opens the link and sees the same
 * list. Each step checks the problem the review met there: the field stays ready, a tap ticks the
 * row under the finger, the snackbar covers no row tapped, the rows fit one screen, and the share
 * goes through the phone's share sheet.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserEnv, gotoHydrated, keepScreenshot, signedInContext, startBrowserEnv } from "../helpers/browser";
import { rowsOf } from "../helpers/tasks";
import { rowTitles } from "./list-helpers";

const PHONE_390 = { width: 390, height: 844 };
const TOUCH = { hasTouch: true, isMobile: true };
const SHOP = [
  "Milk",
  "Eggs",
  "Bread",
  "Apples",
  "Butter",
  "Cheese",
  "Tea",
  "Rice",
  "Pasta",
  "Onions",
  "Lemons",
  "Yoghurt",
  "Soap",
  "Coffee",
  "Flour",
];

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env.close());

const checkbox = (page: Page, title: string, completed = false) =>
  page.getByRole("checkbox", { name: `Mark "${title}" as ${completed ? "not completed" : "completed"}`, exact: true });

const snackbars = (page: Page) => page.getByRole("status").filter({ hasText: "Task completed" });

/** The rows wholly on screen. */
const rowsInView = (page: Page) =>
  page.evaluate(
    () =>
      [...document.querySelectorAll(".items .item")].filter((row) => {
        const box = row.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      }).length,
  );

describe("the shop walk on a phone", () => {
  it("makes a list, adds 15, ticks 10 in a hurry, undoes one, and shares it with a partner who sees the same", async () => {
    const { page, context } = await signedInContext(env, "walker", PHONE_390, TOUCH);
    // The platform's share sheet is the boundary: the stub keeps what the page asked it to share.
    await page.addInitScript(() => {
      const shared: Array<{ url?: string }> = [];
      Object.assign(window, { shared });
      Object.defineProperty(navigator, "share", { value: async (data: { url?: string }) => void shared.push(data), configurable: true });
    });
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "New List" }).tap();
    await page.getByLabel("List name").fill("Saturday shop");
    await page.getByRole("button", { name: "Create List" }).tap();
    await page.waitForURL(/\/list\/\d+$/);
    const listId = Number(new URL(page.url()).pathname.split("/").at(-1));
    await gotoHydrated(page, page.url());

    // Fifteen in a row from the quick add, which stays focused and empty for the next.
    const field = page.getByLabel("Add an item", { exact: true });
    await field.tap();
    for (const title of SHOP) {
      await page.keyboard.type(title);
      await page.keyboard.press("Enter");
      await expect.poll(() => field.inputValue()).toBe("");
    }
    await expect.poll(() => rowTitles(page)).toEqual(SHOP);
    await expect.poll(async () => (await rowsOf(env.testApp, listId)).length).toBe(15);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("quick-add");
    // The week's list on one screen: at least 12 whole rows at the top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    expect(await rowsInView(page)).toBeGreaterThanOrEqual(12);

    // Ten taps in the aisle, quick ones: each ticks the row it was aimed at.
    const ticked = SHOP.slice(0, 10);
    for (const title of ticked) {
      const box = (await checkbox(page, title).boundingBox())!;
      // The snackbar (after the first tick) never lies over the row about to be tapped.
      const snackbar = (await snackbars(page).count()) > 0 ? await snackbars(page).first().boundingBox() : null;
      if (snackbar) expect(snackbar.y + snackbar.height <= box.y || snackbar.y >= box.y + box.height).toBe(true);
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    }
    const completedInDb = async () =>
      (await rowsOf(env.testApp, listId))
        .filter((task) => task.completed)
        .map((task) => task.title)
        .sort();
    await expect.poll(completedInDb).toEqual([...ticked].sort());
    // The check above met a snackbar: one is showing, the last tick's.
    expect(await snackbars(page).count()).toBe(1);
    await keepScreenshot(page, "shop-walk-ticked-phone", false);

    // The last tick's snackbar undoes it.
    await snackbars(page).getByRole("button", { name: "Undo" }).tap();
    await expect.poll(completedInDb).toEqual(ticked.slice(0, 9).sort());
    await expect.poll(() => checkbox(page, "Onions").count()).toBe(1);

    // Shared with the partner through the phone's share sheet; the partner opens the link.
    await page.getByRole("button", { name: "Share", exact: true }).tap();
    await page.getByRole("button", { name: "Share link", exact: true }).tap();
    await expect.poll(() => page.evaluate(() => (window as unknown as { shared: Array<{ url?: string }> }).shared.length)).toBe(1);
    const link = await page.evaluate(() => (window as unknown as { shared: Array<{ url: string }> }).shared[0]!.url);
    expect(link).toMatch(new RegExp(`/list/${listId}\\?shareId=`));
    await page.keyboard.press("Escape");

    const partner = await signedInContext(env, "partner", PHONE_390, TOUCH);
    await gotoHydrated(partner.page, link.replace(env.baseUrl, ""));
    await expect.poll(() => partner.page.locator(".items .item").count()).toBe(15);
    expect(await partner.page.getByRole("checkbox", { name: /as not completed"?$/ }).count()).toBe(9);
    // The partner's tick reaches the walker's open list live.
    await checkbox(partner.page, "Onions").tap();
    await expect.poll(() => checkbox(page, "Onions", true).count()).toBe(1);
    await keepScreenshot(partner.page, "shop-walk-partner-phone", false);
    await partner.context.close();
    await context.close();
  }, 120_000);
});
