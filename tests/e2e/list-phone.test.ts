/**
 * The list page's phone layout at 375×812: the first item in the top 200 px, every
 * control at least 44×44 px, and none covered by another; desktop 1280×800 keeps the same rules
 * for covering. Screenshots of both go to test-artifacts/ for people to look at.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, gotoHydrated, keepScreenshot, signedInContext, startBrowserEnv, type BrowserEnv, TALL_PHONE } from "../helpers/browser";
import { seedList, visible } from "./list-helpers";

const MIN_TARGET = 44;

/** Every control on screen: the header's, the list's, each row's. */
const CONTROLS = ".app-header a, .app-header button, .list-screen button, .list-screen input";

interface Control {
  name: string;
  width: number;
  height: number;
  /** Whether a tap at its centre reaches it, not something drawn over it. */
  reachable: boolean;
}

/** The controls inside the viewport, measured where they are drawn. */
const controlsOnScreen = (page: Page) =>
  page.evaluate((selector) => {
    const out: Control[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.top < 0 || box.bottom > window.innerHeight) continue;
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      out.push({
        name: element.getAttribute("aria-label") || element.textContent?.trim() || element.className,
        width: Math.round(box.width),
        height: Math.round(box.height),
        reachable: element.contains(hit),
      });
    }
    return out;
  }, CONTROLS);

async function seedWeek(env: BrowserEnv, username: string, viewport: { width: number; height: number }) {
  const { page, context } = await signedInContext(env, username, viewport);
  const titles = ["Call the plumber", "Buy birthday present for Sam", "Renew passport", "Water the plants", "Book dentist appointment"];
  const { list, tasks } = await seedList(context.request, "Weekend errands", [
    ...titles.slice(0, 2),
    { title: "Groceries", isParent: true, description: "From the market" },
    ...titles.slice(2),
    "Pay the electricity bill",
    "Clean the garage",
    "Return library books",
    "Tea",
  ]);
  await context.request.post(`/api/tasks/${tasks[1]!.id}/toggle`);
  await context.request.post("/api/tasks", { data: { listId: list.id, title: "Apples", parentId: tasks[2]!.id } });
  await gotoHydrated(page, `/list/${list.id}`);
  return { page, context, list };
}

describe("list page layout", () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env.close());

  it("at 375×812 starts the items in the top 200 px, with one add control and 44 px targets nothing covers", async () => {
    const { page, context } = await seedWeek(env, "phone_layout", TALL_PHONE);
    const first = (await page.locator(".items .item").first().boundingBox())!;
    expect(first.y).toBeLessThanOrEqual(200);
    // One add control: the field (its details button belongs to it), no floating button.
    expect(await page.getByLabel("Add an item", { exact: true }).count()).toBe(1);
    expect(await page.locator(".fab").count()).toBe(0);

    const controls = await controlsOnScreen(page);
    // The rows on screen are measured, not just the header: a positive control on what is checked.
    expect(controls.filter((control) => control.name.startsWith("Mark ")).length).toBeGreaterThan(5);
    expect(controls.filter((control) => control.width < MIN_TARGET || control.height < MIN_TARGET)).toEqual([]);
    expect(controls.filter((control) => !control.reachable)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await keepScreenshot(page, "list-phone-375x812", false);

    // A parent's view: the parent heading its sub-items starts as high.
    await page.getByRole("button", { name: "Open sub-items of Groceries" }).click();
    await visible(page, "0 of 1 completed");
    await keepScreenshot(page, "list-phone-parent-view", false);
    expect((await page.locator(".items .item").first().boundingBox())!.y).toBeLessThanOrEqual(200);
    await page.getByRole("button", { name: "Back to list" }).click();
    await expect.poll(() => page.locator(".items .item").count()).toBe(10);

    // Mid-scroll, under the sticky header, nothing floats over the rows either.
    await page.mouse.wheel(0, 400);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const header = (await page.locator(".app-header").boundingBox())!;
    const scrolled = (await controlsOnScreen(page)).filter((control) => control.name.startsWith("Mark "));
    expect(scrolled.length).toBeGreaterThan(3);
    // Rows partly under the sticky header are the only ones a tap cannot reach at their centre.
    const underHeader = await page.evaluate(
      (bottom) =>
        [...document.querySelectorAll(".item__check")].filter((check) => {
          const box = check.getBoundingClientRect();
          return box.top < bottom && box.bottom > 0;
        }).length,
      header.y + header.height,
    );
    expect(scrolled.filter((control) => !control.reachable).length).toBeLessThanOrEqual(underHeader);
    await keepScreenshot(page, "list-phone-scrolled", false);
    await context.close();
  });

  it("at 375×812 starts a shared list's items in the top 200 px too, 'Shared by' line included", async () => {
    const { context: owner } = await seedWeek(env, "phone_owner", TALL_PHONE);
    const { page, context } = await signedInContext(env, "phone_friend", TALL_PHONE);
    const list = ((await (await owner.request.get("/api/task-lists")).json()) as Array<{ id: number }>)[0]!;
    await owner.request.post("/api/share-by-username", { data: { listId: list.id, username: "phone_friend", accessLevel: "write" } });
    await gotoHydrated(page, `/list/${list.id}`);
    await visible(page, "Shared by phone_owner");
    expect((await page.locator(".items .item").first().boundingBox())!.y).toBeLessThanOrEqual(200);
    await keepScreenshot(page, "list-phone-shared", false);
    await owner.close();
    await context.close();
  });

  it("at 1280×800 keeps every control reachable and the rows' controls 44 px", async () => {
    const { page, context } = await seedWeek(env, "desktop_layout", DESKTOP);
    const controls = await controlsOnScreen(page);
    expect(controls.filter((control) => control.name.startsWith("Mark ")).length).toBeGreaterThan(5);
    expect(controls.filter((control) => !control.reachable)).toEqual([]);
    const rowControls = await page
      .locator(".items .item button")
      .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect()).map((box) => Math.min(box.width, box.height)));
    expect(Math.min(...rowControls)).toBeGreaterThanOrEqual(MIN_TARGET);
    await keepScreenshot(page, "list-desktop-1280x800", false);
    await context.close();
  });

  it("draws the paste preview, an edited title and the Undo toast on a phone", async () => {
    const { page, context } = await seedWeek(env, "phone_shots", TALL_PHONE);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByLabel("Add an item", { exact: true }).click();
    await page.evaluate(() => navigator.clipboard.writeText("- [ ] Bin bags\n- [x] Light bulbs\n  - Kitchen\n  - Hall\n• Stamps"));
    await page.keyboard.press("Control+V");
    await visible(page, "Add 5 items");
    await page.waitForTimeout(300); // the dialog's fade-in
    await keepScreenshot(page, "list-paste-preview-phone", false);
    await page.getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("button", { name: "Renew passport", exact: true }).click();
    await keepScreenshot(page, "list-inline-edit-phone", false);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Delete Tea" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await visible(page, "Item deleted");
    await keepScreenshot(page, "list-undo-toast-phone", false);
    await context.close();
  });
});
