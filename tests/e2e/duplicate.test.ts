import type { APIRequestContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TaskList } from "../../src/shared/types";
import { addItem, newList, unheardList } from "./list-helpers";
import { gotoHydrated, keepScreenshot, signedInContext, startBrowserEnv, type BrowserEnv } from "../helpers/browser";

/** The phone of the brief: 390 × 844 CSS pixels, where every control is a 44 px target. */
const PHONE_390 = { width: 390, height: 844 };
const TOUCH_MIN_PX = 44;

/** A packing list with a ticked item, a parent with a ticked sub-item, and an open item. */
async function packingList(request: APIRequestContext, name: string) {
  const list = await newList(request, name);
  await addItem(request, list.id, "Passport", { completed: true });
  const clothes = await addItem(request, list.id, "Clothes", { isParent: true });
  await addItem(request, list.id, "Socks", { parentId: clothes.id, completed: true });
  await addItem(request, list.id, "Charger");
  return list;
}

/** The list page's rows as a person reads them: each top-level title and whether its box is ticked. */
const rowsOf = (page: Page) =>
  page
    .locator("[data-task-id]")
    .evaluateAll((rows) =>
      rows.map((row) => [row.querySelector(".item__title")?.textContent, row.querySelector(".item__check")?.getAttribute("aria-checked")]),
    );

const UNTICKED_COPY = [
  ["Passport", "false"],
  ["Clothes", "false"],
  ["Charger", "false"],
];

async function assertTouchTargets(page: Page, selector: string) {
  const problems: string[] = [];
  for (const control of await page.locator(selector).all()) {
    const box = (await control.boundingBox())!;
    if (box.width < TOUCH_MIN_PX || box.height < TOUCH_MIN_PX)
      problems.push(`${(await control.getAttribute("aria-label")) ?? (await control.textContent())}: ${box.width}×${box.height}`);
  }
  expect(problems).toEqual([]);
}

describe("duplicate and new from template in Chromium", () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env.close());

  it("duplicates a list from its Home card: the copy shows on Home, and opens with every item unticked", async () => {
    const { context, page } = await signedInContext(env, "dora", PHONE_390);
    await packingList(context.request, "Packing");
    await gotoHydrated(page, "/");

    await page.getByRole("button", { name: "Duplicate Packing" }).click();
    const dialog = page.getByRole("dialog", { name: "Duplicate List" });
    await expect.poll(() => dialog.getByLabel("List name").inputValue()).toBe("Packing (copy)");
    await assertTouchTargets(page, ".home .list-card button:visible, .home .list-card a:visible");
    await keepScreenshot(page, "duplicate-dialog-phone", false);
    await dialog.getByLabel("List name").fill("Weekend packing");
    await dialog.getByRole("button", { name: "Duplicate" }).click();

    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await expect.poll(() => page.locator(".list-cards .list-card__title").allTextContents()).toEqual(["Packing", "Weekend packing"]);
    await expect.poll(() => page.getByRole("status").filter({ hasText: "List duplicated" }).count()).toBeGreaterThan(0);
    await keepScreenshot(page, "duplicate-home-phone", false);

    await page.getByRole("link", { name: /Weekend packing/ }).click();
    await page.waitForURL(/\/list\/\d+$/);
    await gotoHydrated(page, page.url());
    await expect.poll(() => rowsOf(page)).toEqual(UNTICKED_COPY);
    await keepScreenshot(page, "duplicate-copy-phone", false);
  });

  it("makes a new list from a template in the New List dialog, a list shared with the person included", async () => {
    const { context, page } = await signedInContext(env, "eddie", PHONE_390);
    const friend = await signedInContext(env, "freya");
    await newList(context.request, "Groceries");
    const trip = await packingList(friend.context.request, "Freya's trip");
    await friend.context.request.post("/api/share-by-username", { data: { listId: trip.id, username: "eddie", accessLevel: "read" } });
    await gotoHydrated(page, "/");

    await page.getByRole("button", { name: "New List" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New List" });
    const template = dialog.getByLabel("New from template");
    expect(await template.locator("option").allTextContents()).toEqual(["Empty list", "Groceries", "Freya's trip"]);
    await template.selectOption({ label: "Groceries" });
    // The picked list names the new one while no name is typed; the name a pick gave follows the next pick.
    expect(await dialog.getByLabel("List name").inputValue()).toBe("Groceries");
    await template.selectOption({ label: "Freya's trip" });
    expect(await dialog.getByLabel("List name").inputValue()).toBe("Freya's trip");
    await template.selectOption({ label: "Empty list" });
    expect(await dialog.getByLabel("List name").inputValue()).toBe("");
    await dialog.getByLabel("List name").fill("My trip");
    await template.selectOption({ label: "Groceries" });
    // A typed name stays the person's.
    expect(await dialog.getByLabel("List name").inputValue()).toBe("My trip");
    await template.selectOption({ label: "Freya's trip" });
    await assertTouchTargets(page, '[role="dialog"] button:visible, [role="dialog"] select, [role="dialog"] input');
    await keepScreenshot(page, "template-dialog-phone", false);
    await dialog.getByRole("button", { name: "Create List" }).click();

    await page.waitForURL(/\/list\/\d+$/);
    await gotoHydrated(page, page.url());
    await expect.poll(() => rowsOf(page)).toEqual(UNTICKED_COPY);
    const own = (await (await context.request.get("/api/task-lists")).json()) as TaskList[];
    expect(own.map((list) => list.name)).toEqual(["Groceries", "My trip"]);
    await keepScreenshot(page, "template-list-phone", false);
  });

  it("opens 'List Limit Reached (25)' when the copy would be a 26th list, and adds no card", async () => {
    const { context, page, user } = await signedInContext(env, "gwen", PHONE_390);
    for (let i = 1; i <= 24; i++) await newList(context.request, `List ${i}`);
    await gotoHydrated(page, "/");
    // The 25th is made where this Home, still counting 24, cannot hear of it: the server refuses the copy.
    await unheardList(env, user.id, "List 25");
    await page.getByRole("button", { name: "Duplicate List 1", exact: true }).click();
    await page.getByRole("dialog", { name: "Duplicate List" }).getByRole("button", { name: "Duplicate" }).click();
    await expect.poll(() => page.getByRole("dialog", { name: "List Limit Reached (25)" }).count()).toBe(1);
    await page.getByRole("button", { name: "OK", exact: true }).click();
    expect(await page.locator(".list-cards .list-card").count()).toBe(24);

    // Counted at 25, Home says so at once.
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Duplicate List 1", exact: true }).click();
    await expect.poll(() => page.getByRole("dialog", { name: "List Limit Reached (25)" }).count()).toBe(1);
    expect(await page.getByRole("dialog", { name: "Duplicate List" }).count()).toBe(0);
    const own = (await (await context.request.get("/api/task-lists")).json()) as TaskList[];
    expect(own).toHaveLength(25);
  });
});
