/**
 * List rows on a 390×844 touch phone (docs/decisions/045-phone-rows.md): a 20-item list shows at
 * least 12 whole rows, each title gets at least 60 % of its row, and every target stays 44 px; a
 * swipe right ticks, a swipe left asks to delete (with Undo), a long press or the row's ⋯ button
 * opens the row's menu, and a keyboard reaches the same menu. Touches go through CDP's
 * Input.dispatchTouchEvent, as a real touchscreen's do. Screenshots go to test-artifacts/.
 */
import type { BrowserContext, CDPSession, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, gotoHydrated, keepScreenshot, signedInContext, startBrowserEnv, TALL_PHONE, type BrowserEnv } from "../helpers/browser";
import { rowsOf } from "../helpers/tasks";
import { addItem, rowTitles, seedList, visible } from "./list-helpers";

const PHONE_390 = { width: 390, height: 844 };
const MIN_TARGET = 44;
/** A week's shop, several titles long enough to wrap in the old 168 px title column. */
const SHOP = [
  "Milk",
  "Wholemeal bread",
  "Free-range eggs x12",
  "Tea",
  "Greek yoghurt",
  "Bananas",
  "Washing-up liquid",
  "Cheddar cheese",
  "Tinned tomatoes",
  "Basmati rice",
  "Orange juice",
  "Toothpaste",
  "Kitchen roll",
  "Peanut butter",
  "Frozen peas",
  "Coffee beans",
  "Apples",
  "Onions",
  "Olive oil",
  "Dishwasher tablets",
];

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => {
  await env?.close();
});

/** A signed-in phone: touch screen, mobile viewport, and a CDP session to touch it with. */
async function phone(username: string, viewport = PHONE_390): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const signedIn = await signedInContext(env, username);
  const storageState = await signedIn.context.storageState();
  await signedIn.context.close();
  const context = await env.browser.newContext({ viewport, hasTouch: true, isMobile: true, baseURL: env.baseUrl, storageState });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  return { context, page, cdp: await page.context().newCDPSession(page) };
}

const touch = (cdp: CDPSession, type: "touchStart" | "touchMove" | "touchEnd", x: number, y: number) =>
  cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y }] });

/** A finger across the row titled `title`, from its title's start by `dx` px, in 8 px steps. */
async function swipe(page: Page, cdp: CDPSession, title: string, dx: number) {
  const row = page.locator(".items .item").filter({ has: page.getByText(title, { exact: true }) });
  await row.scrollIntoViewIfNeeded();
  const box = (await row.boundingBox())!;
  const from = { x: dx > 0 ? box.x + box.width * 0.3 : box.x + box.width * 0.8, y: box.y + box.height / 2 };
  await touch(cdp, "touchStart", from.x, from.y);
  const steps = Math.ceil(Math.abs(dx) / 8);
  for (let step = 1; step <= steps; step++) await touch(cdp, "touchMove", from.x + (dx * step) / steps, from.y);
  await touch(cdp, "touchEnd", 0, 0);
}

/** Every row on screen measured: whole or not, its title's share of its width, its targets' sizes. */
const measureRows = (page: Page) =>
  page.evaluate(() => {
    const top = document.querySelector(".app-header")!.getBoundingClientRect().bottom;
    return [...document.querySelectorAll<HTMLElement>(".items .item")].map((row) => {
      const box = row.getBoundingClientRect();
      const title = row.querySelector(".item__title")!.getBoundingClientRect();
      const targets = [...row.querySelectorAll<HTMLElement>("button")]
        .map((button) => button.getBoundingClientRect())
        .filter((target) => target.width > 0)
        .map((target) => Math.round(Math.min(target.width, target.height)));
      return {
        title: row.querySelector(".item__title")!.textContent,
        whole: box.top >= top && box.bottom <= window.innerHeight,
        share: title.width / box.width,
        height: Math.round(box.height),
        smallestTarget: Math.min(...targets),
      };
    });
  });

/**
 * Each row's title as a reader sees it: the words its lines break inside (a word drawn on two
 * lines), how many lines it takes, whether its row's buttons sit clear of it, and how far the
 * middle of its words is from its tick box's.
 */
const titleLayout = (page: Page) =>
  page.evaluate(() => {
    const linesOf = (text: Text, start: number, end: number) => {
      const range = document.createRange();
      range.setStart(text, start);
      range.setEnd(text, end);
      const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
      return { tops: new Set(rects.map((rect) => Math.round(rect.top))).size, box: range.getBoundingClientRect() };
    };
    return [...document.querySelectorAll<HTMLElement>(".items .item")].map((row) => {
      const text = row.querySelector<HTMLElement>(".item__title")!.firstChild as Text;
      const brokenWords = [...text.data.matchAll(/\S+/g)]
        .filter((match) => linesOf(text, match.index, match.index + match[0].length).tops > 1)
        .map((match) => match[0]);
      const words = linesOf(text, 0, text.data.length);
      const check = row.querySelector(".item__check")!.getBoundingClientRect();
      const { box } = words;
      const buttonsOverTitle = [...row.querySelectorAll<HTMLElement>(".item__actions button")]
        .map((button) => button.getBoundingClientRect())
        .filter((b) => b.width > 0 && b.left < box.right && b.right > box.left && b.top < box.bottom && b.bottom > box.top).length;
      return {
        title: text.data,
        brokenWords,
        lines: words.tops,
        buttonsOverTitle,
        offCentre: Math.abs((box.top + box.bottom) / 2 - (check.top + check.bottom) / 2),
      };
    });
  });

const completed = async (listId: number, title: string) =>
  (await rowsOf(env.testApp, listId)).find((task) => task.title === title)?.completed;

describe("list rows on a 390×844 touch phone", () => {
  it("shows at least 12 whole rows of 20, titles on at least 60 % of each row, every target 44 px", async () => {
    const { context, page } = await phone("rows_fit");
    const { list } = await seedList(context.request, "Weekly shop", SHOP);
    await gotoHydrated(page, `/list/${list.id}`);
    const rows = await measureRows(page);
    await keepScreenshot(page, "phone-rows-390x844", false);

    expect(rows.filter((row) => row.whole).length).toBeGreaterThanOrEqual(12);
    expect(rows.filter((row) => row.share < 0.6)).toEqual([]);
    expect(rows.filter((row) => row.smallestTarget < MIN_TARGET)).toEqual([]);
    await context.close();
  });

  it("breaks a title only between words at 375 px, moving − and + under it when it lacks room, and centres a ticked title that names nobody", async () => {
    const { context, page } = await phone("rows_words", TALL_PHONE);
    const { list } = await seedList(context.request, "Words", []);
    const long = "Extraordinarily long name for some imported Italian tomatoes";
    for (const [title, quantity] of [
      ["Bread", "2"],
      ["Tomatoes", "2 cans"],
      [long, "2 kg"],
      ["Flour", "500 g"],
    ] as const)
      await addItem(context.request, list.id, title, { quantity });
    // Flour ticked through the link by a guest with no name: its row says nobody ticked it.
    const linked = await (await context.request.patch(`/api/task-lists/${list.id}`, { data: { linkAccess: "write" } })).json();
    const flour = (await rowsOf(env.testApp, list.id)).find((task) => task.title === "Flour")!;
    const guest = await env.browser.newContext({ baseURL: env.baseUrl });
    expect((await guest.request.post(`/api/tasks/${flour.id}/toggle?shareId=${linked.shareId}`)).status()).toBe(200);
    await guest.close();

    await gotoHydrated(page, `/list/${list.id}`);
    expect(await page.locator(".items .item__stepper").count()).toBe(3);
    expect(await page.locator(".items .item", { hasText: "Flour" }).locator(".item__by").count()).toBe(0);
    const rows = await titleLayout(page);
    await keepScreenshot(page, "phone-rows-words-375", false);
    const byTitle = (title: string) => rows.find((row) => row.title === title)!;

    expect(rows.filter((row) => row.brokenWords.length > 0)).toEqual([]);
    expect(rows.filter((row) => row.buttonsOverTitle > 0)).toEqual([]);
    expect(byTitle("Tomatoes").lines).toBe(1);
    expect(byTitle("Bread").lines).toBe(1);
    // The long title takes the row's width, not a column a word wide: three lines at most.
    expect(byTitle(long).lines).toBeLessThanOrEqual(3);
    expect(byTitle("Flour").offCentre).toBeLessThanOrEqual(2);
    expect(byTitle("Bread").offCentre).toBeLessThanOrEqual(2);
    // Every row's controls keep their 44 px.
    expect((await measureRows(page)).filter((row) => row.smallestTarget < MIN_TARGET)).toEqual([]);
    await context.close();
  });

  it("ticks a row swiped right and unticks it swiped back, in the database too, naming who ticked it", async () => {
    const { context, page, cdp } = await phone("rows_swiper");
    const { list } = await seedList(context.request, "Swipes", ["Milk", "Bread", "Eggs"]);
    await gotoHydrated(page, `/list/${list.id}`);
    // Open rows name nobody: who added an item is in its menu.
    expect(await page.locator(".items").textContent()).not.toContain("Added by");

    await swipe(page, cdp, "Bread", 200);
    await expect.poll(() => completed(list.id, "Bread")).toBe(true);
    await expect.poll(() => page.getByRole("checkbox", { name: 'Mark "Bread" as not completed' }).isVisible()).toBe(true);
    await visible(page, "Ticked by rows_swiper");
    await keepScreenshot(page, "phone-rows-ticked", false);
    expect(await completed(list.id, "Milk")).toBe(false);
    expect(await completed(list.id, "Eggs")).toBe(false);

    // A short slide is no swipe: the row stays as it was.
    await swipe(page, cdp, "Eggs", 60);
    await swipe(page, cdp, "Bread", 200);
    await expect.poll(() => completed(list.id, "Bread")).toBe(false);
    expect(await completed(list.id, "Eggs")).toBe(false);
    await context.close();
  });

  it("asks before deleting a row swiped left, and Undo brings it back", async () => {
    const { context, page, cdp } = await phone("rows_deleter");
    const { list } = await seedList(context.request, "Deletes", ["Milk", "Bread", "Eggs"]);
    await gotoHydrated(page, `/list/${list.id}`);

    await swipe(page, cdp, "Bread", -200);
    const confirm = page.getByRole("alertdialog");
    await expect.poll(() => confirm.textContent()).toContain('Delete "Bread" task?');
    await confirm.getByRole("button", { name: "Delete" }).tap();
    await expect.poll(() => rowTitles(page)).toEqual(["Milk", "Eggs"]);
    await expect.poll(async () => (await rowsOf(env.testApp, list.id)).map((task) => task.title)).toEqual(["Milk", "Eggs"]);

    await page.getByRole("button", { name: "Undo" }).tap();
    await expect.poll(() => rowTitles(page)).toEqual(["Milk", "Bread", "Eggs"]);
    await expect.poll(async () => (await rowsOf(env.testApp, list.id)).map((task) => task.title).sort()).toEqual(["Bread", "Eggs", "Milk"]);
    await context.close();
  });

  it("opens the row's menu by a long press or its ⋯ button, with who added it, and edits and moves from it", async () => {
    const { context, page, cdp } = await phone("rows_presser");
    const { list } = await seedList(context.request, "Presses", ["Milk", { title: "Party", isParent: true, description: "Saturday" }]);
    await gotoHydrated(page, `/list/${list.id}`);
    // On a phone the row shows no Edit or Delete of its own.
    expect(await page.getByRole("button", { name: "Edit Milk", exact: true }).isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "Delete Milk", exact: true }).isVisible()).toBe(false);

    const title = (await page.getByRole("button", { name: "Milk", exact: true }).boundingBox())!;
    await touch(cdp, "touchStart", title.x + 20, title.y + title.height / 2);
    const menu = page.getByRole("menu", { name: "Actions for Milk" });
    await expect.poll(() => menu.isVisible()).toBe(true);
    await touch(cdp, "touchEnd", 0, 0);
    // Lifting the finger neither closes the menu nor starts editing the title in place.
    expect(await menu.isVisible()).toBe(true);
    expect(await page.getByRole("textbox", { name: "Edit title of Milk" }).count()).toBe(0);
    expect(await menu.textContent()).toContain("Added by rows_presser");
    expect(await menu.getByRole("menuitem").allTextContents()).toEqual(["Edit", "Move down", "Delete"]);
    await keepScreenshot(page, "phone-rows-menu", false);
    await menu.getByRole("menuitem", { name: "Edit" }).tap();
    await visible(page, "Edit Item");
    expect(await page.getByLabel("Title").inputValue()).toBe("Milk");
    await page.keyboard.press("Escape");

    // The ⋯ button opens the same menu; a parent's offers its sub-items and its description.
    await page.getByRole("button", { name: "Actions for Party" }).tap();
    const party = page.getByRole("menu", { name: "Actions for Party" });
    expect(await party.getByRole("menuitem").allTextContents()).toEqual([
      "Edit",
      "Open sub-items",
      "View description",
      "Move up",
      "Delete",
    ]);
    // Moved up from the menu, in the database too; the last row then offers the way back.
    await party.getByRole("menuitem", { name: "Move up" }).tap();
    await expect.poll(() => rowTitles(page)).toEqual(["Party", "Milk"]);
    await expect
      .poll(async () => (await rowsOf(env.testApp, list.id)).sort((a, b) => a.position - b.position).map((task) => task.title))
      .toEqual(["Party", "Milk"]);
    await page.getByRole("button", { name: "Actions for Milk" }).tap();
    expect(await page.getByRole("menu", { name: "Actions for Milk" }).getByRole("menuitem").allTextContents()).toEqual([
      "Edit",
      "Move up",
      "Delete",
    ]);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Actions for Party" }).tap();
    await party.getByRole("menuitem", { name: "Open sub-items" }).tap();
    await visible(page, "Party");
    await expect.poll(() => page.getByRole("button", { name: "Back to list" }).isVisible()).toBe(true);
    await context.close();
  });

  it("reaches the menu by keyboard on a phone, and keeps Edit and Delete on a desktop row", async () => {
    const { context, page } = await phone("rows_keys");
    const { list } = await seedList(context.request, "Keys", ["Milk", "Bread"]);
    await gotoHydrated(page, `/list/${list.id}`);
    await page.getByRole("checkbox", { name: 'Mark "Bread" as completed' }).focus();
    // → walks the row's drawn controls: its title, then its menu.
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent);
    expect(await focused()).toBe("Actions for Bread");
    await page.keyboard.press("Enter");
    await expect.poll(focused).toBe("Edit");
    await page.keyboard.press("ArrowDown");
    expect(await focused()).toBe("Move up");
    await page.keyboard.press("ArrowDown");
    expect(await focused()).toBe("Delete");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("alertdialog").textContent()).toContain('Delete "Bread" task?');
    await page.keyboard.press("Escape");
    expect(await rowTitles(page)).toEqual(["Milk", "Bread"]);
    // The entry went with its menu: the dialog it opened hands focus back to the row's ⋯ button.
    await expect.poll(focused).toBe("Actions for Bread");
    // And so again on another row, from a tap, through the edit sheet.
    await page.getByRole("button", { name: "Actions for Milk" }).tap();
    await page.getByRole("menuitem", { name: "Edit" }).tap();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).tap();
    await expect.poll(focused).toBe("Actions for Milk");

    // Escape closes an open menu and gives focus back to its button.
    await page.getByRole("button", { name: "Actions for Milk" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(focused).toBe("Edit");
    await page.keyboard.press("Escape");
    await expect.poll(focused).toBe("Actions for Milk");
    expect(await page.getByRole("menu").count()).toBe(0);

    const desktop = await context
      .browser()!
      .newContext({ viewport: DESKTOP, baseURL: env.baseUrl, storageState: await context.storageState() });
    const wide = await desktop.newPage();
    await gotoHydrated(wide, `/list/${list.id}`);
    for (const name of ["Edit Milk", "Delete Milk", "Actions for Milk"])
      expect(await wide.getByRole("button", { name, exact: true }).isVisible()).toBe(true);
    await desktop.close();
    await context.close();
  });

  it("keeps a reader's description button on a phone row, with no menu to find it in", async () => {
    const { context } = await phone("rows_lender");
    const { list } = await seedList(context.request, "Reading", [{ title: "Dune", description: "The paperback" }]);
    await context.request.patch(`/api/task-lists/${list.id}`, { data: { linkAccess: "read" } });
    const reader = await env.browser.newContext({ viewport: PHONE_390, hasTouch: true, isMobile: true, baseURL: env.baseUrl });
    const page = await reader.newPage();
    await gotoHydrated(page, `/list/${list.id}?shareId=${list.shareId}`);
    await page.getByRole("button", { name: "View description of Dune" }).tap();
    await visible(page, "The paperback");
    expect(await page.getByRole("button", { name: "Actions for Dune" }).count()).toBe(0);
    await reader.close();
    await context.close();
  });
});
