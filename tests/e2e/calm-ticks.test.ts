/**
 * Ticking in the shop on a 390×844 touch phone (docs/decisions/046-calm-ticks.md): quick taps
 * tick the rows aimed at, as rows stay put until the person pauses 1.5 s and only then move into
 * the "Done" group; the tick's snackbar is one at a time, drawn over the header and never over a
 * tapped row, and its Undo reopens the item. The page's clock is moved by hand, so "until" is
 * measured without waiting.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gotoHydrated, keepScreenshot, startBrowserEnv, type BrowserEnv } from "../helpers/browser";
import { rowsOf } from "../helpers/tasks";
import { TEST_INVITE_CODE, TEST_PASSWORD } from "../helpers/test-app";
import { rowTitles, seedList } from "./list-helpers";

const PHONE_390 = { width: 390, height: 844 };
const GROCERIES = ["Milk", "Eggs", "Bread", "Apples", "Butter", "Cheese", "Tea", "Rice", "Pasta", "Onions", "Lemons", "Yoghurt"];
const GROCERIES_2 = ["Soap", "Coffee", "Flour", "Honey", "Oats", "Beans", "Rocket", "Garlic", "Ginger", "Mint", "Peas", "Salt"];

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => {
  await env?.close();
});

/** A signed-in touch phone that shows completed items at the bottom, its clock in the test's hands. */
async function phone(username: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await env.browser.newContext({ viewport: PHONE_390, hasTouch: true, isMobile: true, baseURL: env.baseUrl });
  context.setDefaultTimeout(10_000);
  const registered = await context.request.post("/api/register", {
    data: { username, password: TEST_PASSWORD, inviteCode: TEST_INVITE_CODE },
  });
  expect(registered.status()).toBe(201);
  await context.addInitScript(() => localStorage.setItem("completedLast", "true"));
  const page = await context.newPage();
  await page.clock.install();
  return { context, page };
}

/** A shop's list of 24, longer than the screen, with "Salt" already done, opened with the clock stopped. */
async function openShop(username: string) {
  const { context, page } = await phone(username);
  const { list, tasks } = await seedList(context.request, "Shop", [...GROCERIES, ...GROCERIES_2]);
  await context.request.post(`/api/tasks/${tasks.at(-1)!.id}/toggle`);
  await gotoHydrated(page, `/list/${list.id}`);
  await page.getByRole("button", { name: "Done (1)" }).waitFor();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  return { context, page, list };
}

const checkbox = (page: Page, title: string) => page.getByRole("checkbox", { name: `Mark "${title}" as completed`, exact: true });
const snackbars = (page: Page) => page.getByRole("status").filter({ hasText: "Task completed" });
const doneTitles = (page: Page) => page.locator(".done-heading ~ .item .item__title").allTextContents();
const completedInDb = async (listId: number) =>
  (await rowsOf(env.testApp, listId))
    .filter((task) => task.completed)
    .map((task) => task.title)
    .sort();

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

// Each test opens a phone and a 24-item list: on a busy 2-core machine that alone can take 20 s.
describe("calm ticks on a 390×844 touch phone", { timeout: 60_000 }, () => {
  it("ticks exactly the four rows tapped in a hurry, moving them into Done only 1.5 s after the last tap", async () => {
    const { context, page, list } = await openShop("calm_taps");
    const before = await rowTitles(page);
    expect(before).toEqual([...GROCERIES, ...GROCERIES_2]);
    expect(await doneTitles(page)).toEqual(["Salt"]);

    // The four rows lowest on the screen, where the toast used to sit, tapped top to bottom where they were seen.
    const boxes = new Map<string, Box>();
    for (const title of before.filter((title) => title !== "Salt")) {
      const box = await checkbox(page, title).boundingBox();
      if (box && box.y + box.height <= PHONE_390.height) boxes.set(title, box);
    }
    const aimed = [...boxes.keys()].slice(-4);
    expect(aimed).toHaveLength(4);
    const tap = async (title: string) => {
      const box = boxes.get(title)!;
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    };

    await tap(aimed[0]!);
    await tap(aimed[1]!);
    // A second later the person is still at it: the pause counts from their last tap.
    await page.clock.runFor(1_000);
    await tap(aimed[2]!);
    await tap(aimed[3]!);
    await expect
      .poll(() => completedInDb(list.id), {
        message: "each tap ticks the row aimed at: ticked rows above it must keep their place and height",
      })
      .toEqual([...aimed, "Salt"].sort());
    // What made them land: where each was aimed is still on its box.
    for (const title of aimed) {
      const box = (await page.getByRole("checkbox", { name: `Mark "${title}" as not completed` }).boundingBox())!;
      const aim = boxes.get(title)!;
      expect(overlaps(box, { x: aim.x + aim.width / 2, y: aim.y + aim.height / 2, width: 1, height: 1 }), title).toBe(true);
    }
    expect(await rowTitles(page)).toEqual(before);

    await page.clock.runFor(1_499);
    expect(await rowTitles(page)).toEqual(before);
    expect(await page.getByRole("button", { name: "Done (1)" }).count()).toBe(1);

    await page.clock.runFor(1);
    await expect.poll(() => doneTitles(page)).toEqual([...aimed, "Salt"]);
    expect(await page.getByRole("button", { name: "Done (5)" }).getAttribute("aria-expanded")).toBe("true");
    expect(await rowTitles(page)).toEqual([...before.filter((title) => !aimed.includes(title) && title !== "Salt"), ...aimed, "Salt"]);
    await context.close();
  });

  it("shows one snackbar, the latest tick's, over the header and never over a tapped row; its Undo reopens the item at once", async () => {
    const { context, page, list } = await openShop("calm_snackbar");
    const tapped: Box[] = [];
    for (const title of ["Tea", "Rice"]) {
      const box = (await page.locator(".item", { has: checkbox(page, title) }).boundingBox())!;
      tapped.push(box);
      await checkbox(page, title).tap();
      await expect.poll(() => snackbars(page).textContent()).toContain(`"${title}" marked as complete`);
      const snackbar = (await snackbars(page).boundingBox())!;
      for (const row of tapped) expect(overlaps(snackbar, row), `snackbar over a tapped row after ${title}`).toBe(false);
      // It sits within the sticky header's height, so no row under the header is covered either.
      const header = (await page.locator(".app-header").boundingBox())!;
      expect(snackbar.y + snackbar.height).toBeLessThanOrEqual(header.y + header.height);
    }
    expect(await snackbars(page).count()).toBe(1);
    expect(await snackbars(page).getByText('"Rice" marked as complete', { exact: true }).count()).toBe(1);
    expect(await snackbars(page).getByText('"Tea" marked as complete', { exact: true }).count()).toBe(0);
    await keepScreenshot(page, "calm-ticks-snackbar", false);

    // Once the person has paused Rice is in the Done group; Undo, tapped away from the rows, brings it back at once.
    await page.clock.runFor(1_500);
    await expect.poll(() => doneTitles(page)).toEqual(["Tea", "Rice", "Salt"]);
    await page.getByRole("button", { name: "Done (3)" }).scrollIntoViewIfNeeded();
    await keepScreenshot(page, "calm-ticks-settled", false);
    await snackbars(page).getByRole("button", { name: "Undo" }).tap();
    await expect.poll(() => completedInDb(list.id)).toEqual(["Salt", "Tea"]);
    await expect.poll(() => doneTitles(page)).toEqual(["Tea", "Salt"]);
    expect(await checkbox(page, "Rice").count()).toBe(1);
    // Undo toasts nothing new.
    expect(await snackbars(page).count()).toBe(0);
    await context.close();
  });

  it("folds and unfolds the Done group from its heading, by touch and keyboard, remembered for that list only", async () => {
    const { context, page, list } = await openShop("calm_fold");
    const heading = page.getByRole("button", { name: "Done (1)" });
    await heading.tap();
    await expect.poll(() => heading.getAttribute("aria-expanded")).toBe("false");
    expect(await rowTitles(page)).not.toContain("Salt");
    await heading.tap();
    await expect.poll(() => rowTitles(page)).toContain("Salt");

    await heading.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => heading.getAttribute("aria-expanded")).toBe("false");
    expect(await rowTitles(page)).not.toContain("Salt");
    await keepScreenshot(page, "calm-ticks-done-folded", false);
    await page.keyboard.press("Space");
    await expect.poll(() => rowTitles(page)).toContain("Salt");
    await page.keyboard.press("Enter");
    await expect.poll(() => heading.getAttribute("aria-expanded")).toBe("false");

    // Folded it stays, for this list; another list's Done group still opens unfolded.
    await gotoHydrated(page, `/list/${list.id}`);
    await expect.poll(() => page.getByRole("button", { name: "Done (1)" }).getAttribute("aria-expanded")).toBe("false");
    expect(await rowTitles(page)).not.toContain("Salt");
    const { list: other, tasks } = await seedList(context.request, "Chemist", ["Plasters", "Sun cream"]);
    await context.request.post(`/api/tasks/${tasks[1]!.id}/toggle`);
    await gotoHydrated(page, `/list/${other.id}`);
    await expect.poll(() => page.getByRole("button", { name: "Done (1)" }).getAttribute("aria-expanded")).toBe("true");
    expect(await rowTitles(page)).toEqual(["Plasters", "Sun cream"]);
    await context.close();
  });
});
