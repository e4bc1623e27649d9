/**
 * Dragging rows with a finger on a 390×844 phone (docs/decisions/044-first-touch-drag.md): the
 * first touch drag after a list opens moves the row, and a drag held near the bottom or the top
 * edge of the screen scrolls a long list so the row can be dropped far away. Touches go through
 * CDP's Input.dispatchTouchEvent, as a real touchscreen's do, one small move at a time.
 */
import type { BrowserContext, CDPSession, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Task } from "../../src/shared/types";
import { gotoHydrated, signedInContext, startBrowserEnv, type BrowserEnv } from "../helpers/browser";
import { rowTitles, seedList } from "./list-helpers";

const PHONE_390 = { width: 390, height: 844 };
/**
 * Where the finger is held: 40 px from the screen's edge, inside a fingertip's reach of it but
 * outside the 30 px strip that alone scrolled before.
 */
const EDGE = 40;

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => {
  await env?.close();
});

/** A signed-in phone: touch screen, mobile viewport, and a CDP session to touch it with. */
async function phone(username: string): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const signedIn = await signedInContext(env, username);
  const storageState = await signedIn.context.storageState();
  await signedIn.context.close();
  const context = await env.browser.newContext({
    viewport: PHONE_390,
    hasTouch: true,
    isMobile: true,
    baseURL: env.baseUrl,
    storageState,
  });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  return { context, page, cdp: await page.context().newCDPSession(page) };
}

const touch = (cdp: CDPSession, type: "touchStart" | "touchMove" | "touchEnd", x: number, y: number) =>
  cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y }] });

/** Moves a resting finger to `y` in 8 px steps, as a finger travels. */
async function slide(cdp: CDPSession, x: number, fromY: number, toY: number) {
  const steps = Math.max(1, Math.ceil(Math.abs(toY - fromY) / 8));
  for (let step = 1; step <= steps; step++) await touch(cdp, "touchMove", x, fromY + ((toY - fromY) * step) / steps);
}

/** Where the row titled exactly `title` is drawn. */
async function rowBox(page: Page, title: string, rows = ".items .item") {
  const box = await page
    .locator(rows)
    .filter({ has: page.getByText(title, { exact: true }) })
    .boundingBox();
  if (!box) throw new Error(`no row ${title}`);
  return box;
}

/** Puts a finger on the row's handle and waits until the row is picked up (the finger has rested). */
async function pressHandle(page: Page, cdp: CDPSession, title: string, rows = ".items") {
  const handle = page.getByRole("button", { name: `Reorder ${title}`, exact: true });
  await handle.scrollIntoViewIfNeeded();
  const box = await handle.boundingBox();
  if (!box) throw new Error(`no handle for ${title}`);
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await touch(cdp, "touchStart", at.x, at.y);
  await page.locator(`${rows} .sortable-chosen`).waitFor();
  return at;
}

/**
 * A tap on a handle, so the drag library is there before the drag under test: the edge tests
 * then measure scrolling alone, not the first touch.
 */
async function tapHandle(page: Page, cdp: CDPSession, title: string) {
  const box = await page.getByRole("button", { name: `Reorder ${title}`, exact: true }).boundingBox();
  if (!box) throw new Error(`no handle for ${title}`);
  await touch(cdp, "touchStart", box.x + box.width / 2, box.y + box.height / 2);
  await touch(cdp, "touchEnd", 0, 0);
  await page.locator(".items[data-sortable='ready']").waitFor();
}

/** The titles under `parentId` (top level by default) in the order the server keeps. */
async function serverOrder(context: BrowserContext, listId: number, parentId?: number) {
  const { tasks } = (await (await context.request.get(`/api/list/${listId}`)).json()) as { tasks: Task[] };
  return tasks
    .filter((task) => (parentId ? task.parentId === parentId : !task.parentId))
    .sort((a, b) => a.position - b.position)
    .map((task) => task.title);
}

/** A list well past the phone's screen (more than 500 px to scroll), so a held row must scroll it to reach either end. */
const LONG = 20;
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
const maxScrollY = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);

describe("touch drag on a phone", () => {
  it("moves a row with the very first touch drag after the list opens, on screen and on the server", async () => {
    const { context, page, cdp } = await phone("first_touch");
    const { list } = await seedList(context.request, "Shop", ["Milk", "Bread", "Eggs", "Tea"]);
    await gotoHydrated(page, `/list/${list.id}`);
    const target = await rowBox(page, "Eggs");

    const at = await pressHandle(page, cdp, "Milk");
    await slide(cdp, at.x, at.y, target.y + target.height * 0.85);
    await touch(cdp, "touchEnd", 0, 0);

    await expect.poll(() => rowTitles(page)).toEqual(["Bread", "Eggs", "Milk", "Tea"]);
    await expect.poll(() => serverOrder(context, list.id)).toEqual(["Bread", "Eggs", "Milk", "Tea"]);
    await context.close();
  });

  it(`scrolls a ${LONG}-item list while a row is held near the bottom edge, and drops it far below`, async () => {
    const { context, page, cdp } = await phone("edge_down");
    const titles = Array.from({ length: LONG }, (_, i) => `Row ${i + 1}`);
    const { list } = await seedList(context.request, "Long", titles);
    await gotoHydrated(page, `/list/${list.id}`);
    expect(await scrollY(page)).toBe(0);
    await tapHandle(page, cdp, "Row 1");

    const at = await pressHandle(page, cdp, "Row 2");
    const bottom = PHONE_390.height - EDGE;
    await slide(cdp, at.x, at.y, bottom);
    await expect.poll(() => scrollY(page), { timeout: 20_000 }).toBeGreaterThanOrEqual((await maxScrollY(page)) - 4);
    const last = await rowBox(page, `Row ${LONG}`);
    await slide(cdp, at.x, bottom, last.y + last.height * 0.85);
    await touch(cdp, "touchEnd", 0, 0);

    await expect.poll(async () => (await rowTitles(page)).indexOf("Row 2")).toBeGreaterThanOrEqual(LONG - 3);
    const onScreen = await rowTitles(page);
    await expect.poll(() => serverOrder(context, list.id)).toEqual(onScreen);
    await context.close();
  });

  it(`scrolls a ${LONG}-item list back up while a row is held near the top edge, and drops it far above`, async () => {
    const { context, page, cdp } = await phone("edge_up");
    const titles = Array.from({ length: LONG }, (_, i) => `Row ${i + 1}`);
    const { list } = await seedList(context.request, "Long", titles);
    await gotoHydrated(page, `/list/${list.id}`);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => scrollY(page)).toBeGreaterThan(500);
    await tapHandle(page, cdp, `Row ${LONG}`);

    const at = await pressHandle(page, cdp, `Row ${LONG - 1}`);
    await slide(cdp, at.x, at.y, EDGE);
    await expect.poll(() => scrollY(page), { timeout: 20_000 }).toBe(0);
    const first = await rowBox(page, "Row 1");
    await slide(cdp, at.x, EDGE, first.y + first.height * 0.15);
    await touch(cdp, "touchEnd", 0, 0);

    await expect.poll(async () => (await rowTitles(page)).indexOf(`Row ${LONG - 1}`)).toBeLessThanOrEqual(2);
    const onScreen = await rowTitles(page);
    await expect.poll(() => serverOrder(context, list.id)).toEqual(onScreen);
    await context.close();
  });

  it("moves a sub-item with the first touch drag in a parent's view", async () => {
    const { context, page, cdp } = await phone("first_touch_sub");
    const { list, tasks } = await seedList(context.request, "Trip", [{ title: "Packing", isParent: true }]);
    const parent = tasks[0]!;
    for (const title of ["Socks", "Passport", "Charger"]) {
      const response = await context.request.post("/api/tasks", { data: { listId: list.id, parentId: parent.id, title, description: "" } });
      expect(response.status()).toBe(201);
    }
    await gotoHydrated(page, `/list/${list.id}?parentId=${parent.id}`);
    await expect.poll(() => rowTitles(page)).toEqual(["Packing", "Socks", "Passport", "Charger"]);
    const target = await rowBox(page, "Charger");

    const at = await pressHandle(page, cdp, "Socks");
    await slide(cdp, at.x, at.y, target.y + target.height * 0.85);
    await touch(cdp, "touchEnd", 0, 0);

    await expect.poll(() => rowTitles(page)).toEqual(["Packing", "Passport", "Charger", "Socks"]);
    await expect.poll(() => serverOrder(context, list.id, parent.id)).toEqual(["Passport", "Charger", "Socks"]);
    await context.close();
  });

  it("moves a list card on Home with the first touch drag", async () => {
    const { context, page, cdp } = await phone("first_touch_home");
    for (const name of ["Alpha", "Beta", "Gamma"]) await context.request.post("/api/task-lists", { data: { name } });
    await gotoHydrated(page, "/");
    const names = () => page.locator(".list-cards .list-card__title").allTextContents();
    const target = await rowBox(page, "Gamma", ".list-cards .list-card");

    const at = await pressHandle(page, cdp, "Alpha", ".list-cards");
    await slide(cdp, at.x, at.y, target.y + target.height * 0.85);
    await touch(cdp, "touchEnd", 0, 0);

    const serverNames = async () =>
      ((await (await context.request.get("/api/task-lists")).json()) as Array<{ name: string }>).map((list) => list.name);
    await expect.poll(serverNames).toEqual(["Beta", "Gamma", "Alpha"]);
    await expect.poll(names).toEqual(["Beta", "Gamma", "Alpha"]);
    await context.close();
  });
});
