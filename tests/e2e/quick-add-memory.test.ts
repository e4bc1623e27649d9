/**
 * The quick add with the list's memory (docs/decisions/059-quick-add-memory.md), in Chromium: typing
 * offers the titles this list has had, a tap on a phone adds one with its quantity into its
 * section and keeps the field; a typed quantity is shown before saving and stored apart from the
 * title; a row's + and − step its quantity; adding an open item's title again is named first and
 * waits for "Add anyway"; pasted lines keep their quantities; a write-link guest gets suggestions
 * and a read-link guest has no field to get them in. Screenshots go to test-artifacts/.
 */
import type { APIRequestContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Section, Task } from "../../src/shared/types";
import {
  anonymousContext,
  gotoHydrated,
  keepScreenshot,
  PHONE,
  signedInContext,
  startBrowserEnv,
  type BrowserEnv,
} from "../helpers/browser";
import { addItem, newList, pasteIntoQuickAdd, rowTitles, seedList, visible } from "./list-helpers";
import { expectBanner, gotoReadyForOffline } from "./offline-helpers";

const MIN_TARGET = 44;

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => {
  await env?.close();
});

const rowsInDb = (listId: number): Promise<Task[]> => env.testApp.store.tasks.listByList(listId);
const stored = async (listId: number) => (await rowsInDb(listId)).map((task) => [task.title, task.quantity ?? null]);
const field = (page: Page) => page.getByLabel("Add an item", { exact: true });
const options = (page: Page) => page.getByRole("listbox", { name: "Suggestions" }).getByRole("option");
const optionTexts = (page: Page) => options(page).allTextContents();
/** Focuses the field and waits for what its first focus loads: before it arrives, Enter adds the title as typed. */
async function focusField(page: Page) {
  await field(page).focus();
  await page.locator("#quick-add-suggestions").waitFor({ state: "attached" });
}

/** Items the list has had and no longer holds: added (remembered) and deleted (not forgotten). */
async function history(request: APIRequestContext, listId: number, items: Array<{ title: string; quantity?: string; sectionId?: number }>) {
  for (const item of items) {
    const added = await addItem(request, listId, item.title, item);
    expect((await request.delete(`/api/tasks/${added.id}`)).status()).toBe(200);
  }
}

describe("the quick add with the list's memory", () => {
  it("offers what the list has had as it is typed, and a tap adds it with its quantity into its section", async () => {
    const { page, context } = await signedInContext(env, "memory_tap", PHONE, { hasTouch: true, isMobile: true });
    const list = await newList(context.request, "Groceries");
    const made = await context.request.post(`/api/task-lists/${list.id}/sections`, { data: { name: "Dairy" } });
    expect(made.status()).toBe(201);
    const dairy = (await made.json()) as Section;
    await history(context.request, list.id, [
      { title: "Mineral water", quantity: "6" },
      // Used twice: first among what starts so.
      { title: "Milk", quantity: "2 l", sectionId: dairy.id },
      { title: "Milk", quantity: "2 l", sectionId: dairy.id },
      { title: "Bread" },
    ]);
    await addItem(context.request, list.id, "Apples");
    await gotoHydrated(page, `/list/${list.id}`);

    // Focused empty: the usuals, Bread among them.
    await focusField(page);
    await expect.poll(() => optionTexts(page)).toContain("Bread");
    await field(page).pressSequentially("mi");
    await expect.poll(() => optionTexts(page)).toEqual(["Milk2 l", "Mineral water6"]);
    expect(await field(page).getAttribute("aria-expanded")).toBe("true");
    const milk = options(page).filter({ hasText: "Milk" });
    expect((await milk.boundingBox())!.height).toBeGreaterThanOrEqual(MIN_TARGET);
    await keepScreenshot(page, "quick-add-memory-suggestions", false);

    await milk.tap();
    await expect
      .poll(async () => (await rowsInDb(list.id)).map((t) => [t.title, t.quantity, t.sectionId]))
      .toEqual([
        ["Apples", null, null],
        ["Milk", "2 l", dairy.id],
      ]);
    // The field is empty and still focused, ready for the next.
    expect(await field(page).inputValue()).toBe("");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("quick-add");
    // Milk is on the list now: the usuals say so.
    await expect.poll(() => optionTexts(page)).toContain("Milk2 lOn the list");
    await keepScreenshot(page, "quick-add-memory-after-tap", false);
    await context.close();
  });

  it("chooses with the arrow keys and Enter, and Escape closes the list", async () => {
    const { page, context } = await signedInContext(env, "memory_keys");
    const list = await newList(context.request, "Shop");
    await history(context.request, list.id, [{ title: "Mineral water", quantity: "6" }, { title: "Milk" }]);
    await gotoHydrated(page, `/list/${list.id}`);
    await focusField(page);
    await field(page).fill("mi");
    await expect.poll(() => options(page).count()).toBe(2);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("listbox", { name: "Suggestions" }).isVisible()).toBe(false);
    await page.keyboard.type("n");
    await expect.poll(() => optionTexts(page)).toEqual(["Mineral water6"]);
    await page.keyboard.press("ArrowDown");
    const active = await field(page).getAttribute("aria-activedescendant");
    expect(await page.locator(`#${active}`).getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("Enter");
    await expect.poll(() => stored(list.id)).toEqual([["Mineral water", "6"]]);
    await context.close();
  });

  it("suggests offline from the usuals it was last given, and the add waits in the outbox", async () => {
    const { page, context } = await signedInContext(env, "memory_offline");
    const list = await newList(context.request, "Cabin");
    await history(context.request, list.id, [
      { title: "Milk", quantity: "2 l" },
      { title: "Mineral water", quantity: "6" },
      { title: "Bread" },
    ]);
    await gotoReadyForOffline(page, `/list/${list.id}`);
    await focusField(page);
    await expect.poll(() => optionTexts(page)).toEqual(["Bread", "Mineral water6", "Milk2 l"]);

    await context.setOffline(true);
    await field(page).fill("mi");
    await expect.poll(() => optionTexts(page)).toEqual(["Mineral water6", "Milk2 l"]);
    await options(page).filter({ hasText: "Milk" }).click();
    await expectBanner(page, "Offline — 1 change will be saved");
    expect(await stored(list.id)).toEqual([]);
    await context.setOffline(false);
    await expect.poll(() => stored(list.id)).toEqual([["Milk", "2 l"]]);
    await context.close();
  });

  it("shows a typed quantity before saving and stores it apart from the title", async () => {
    const { page, context } = await signedInContext(env, "memory_typed");
    const { list } = await seedList(context.request, "Baking", ["Sugar"]);
    await gotoHydrated(page, `/list/${list.id}`);
    await focusField(page);
    await field(page).fill("2 l milk");
    const chip = page.locator(".quick-add__due");
    await expect.poll(() => chip.textContent()).toContain("Qty 2 l");
    await keepScreenshot(page, "quick-add-memory-quantity", false);
    await page.keyboard.press("Enter");
    await expect
      .poll(() => stored(list.id))
      .toEqual([
        ["Sugar", null],
        ["Milk", "2 l"],
      ]);
    const milk = page.locator(".items .item").filter({ hasText: "Milk" });
    await expect.poll(() => milk.locator(".item__qty").textContent()).toBe("2 l");

    // A quantity takes none of the title's 80 characters; a title past them is refused, not cut.
    const eighty = `Tomatoes ${"san marzano ".repeat(6)}grown on the slopes of Vesuvius`.slice(0, 80);
    await field(page).pressSequentially(`2 kg ${eighty}`);
    await page.keyboard.press("Enter");
    await expect.poll(() => stored(list.id)).toContainEqual([eighty, "2 kg"]);
    await field(page).fill(`2 kg ${eighty}s`);
    await page.keyboard.press("Enter");
    await visible(page, "Title cannot exceed 80 characters");
    expect(await field(page).inputValue()).toBe(`2 kg ${eighty}s`);
    await field(page).fill("");

    // Kept as typed: the words stay in the title.
    await field(page).fill("7 Wonders");
    await page.getByRole("button", { name: "Not a quantity" }).click();
    await page.keyboard.press("Enter");
    await expect.poll(() => stored(list.id)).toContainEqual(["7 Wonders", null]);

    // The sheet opened from the field takes the title and the quantity apart, and edits a quantity.
    await field(page).fill("flour 500g");
    await expect.poll(() => chip.textContent()).toContain("Qty 500 g");
    await page.getByRole("button", { name: "Add Item", exact: true }).click();
    const sheet = page.getByRole("dialog");
    expect(await sheet.getByLabel("Title").inputValue()).toBe("Flour");
    expect(await sheet.getByLabel("Quantity (optional)").inputValue()).toBe("500 g");
    await sheet.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => stored(list.id)).toContainEqual(["Flour", "500 g"]);
    await page.getByRole("button", { name: "Edit Sugar" }).click();
    await sheet.getByLabel("Quantity (optional)").fill("1 kg");
    await sheet.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => stored(list.id)).toContainEqual(["Sugar", "1 kg"]);
    await page.getByRole("button", { name: "Edit Sugar" }).click();
    await sheet.getByLabel("Quantity (optional)").fill("  ");
    await sheet.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => stored(list.id)).toContainEqual(["Sugar", null]);
    await context.close();
  });

  it("steps a row's quantity with + and −, down to 1", async () => {
    const { page, context } = await signedInContext(env, "memory_steps", PHONE, { hasTouch: true, isMobile: true });
    const list = await newList(context.request, "Party");
    await addItem(context.request, list.id, "Eggs", { quantity: "6" });
    await addItem(context.request, list.id, "Flour", { quantity: "1.5 kg" });
    await addItem(context.request, list.id, "Candles", { quantity: "a few" });
    await gotoHydrated(page, `/list/${list.id}`);
    const more = page.getByRole("button", { name: "One more: Eggs" });
    expect((await more.boundingBox())!.height).toBeGreaterThanOrEqual(MIN_TARGET);
    await more.tap();
    await expect.poll(() => stored(list.id)).toContainEqual(["Eggs", "7"]);
    await page.getByRole("button", { name: "One less: Flour" }).tap();
    await expect.poll(() => stored(list.id)).toContainEqual(["Flour", "0.5 kg"]);
    // Below one whole step there is nothing: − is disabled, and the quantity stays.
    expect(await page.getByRole("button", { name: "One less: Flour" }).isDisabled()).toBe(true);
    // Not a number: shown, never stepped.
    expect(await page.getByRole("button", { name: "One more: Candles" }).count()).toBe(0);
    expect(await page.locator(".items .item").filter({ hasText: "Candles" }).locator(".item__qty").textContent()).toBe("a few");
    await keepScreenshot(page, "quick-add-memory-steppers", false);
    await context.close();
  });

  it("names an open item of the same title before adding it again, and Add anyway adds it", async () => {
    const { page, context } = await signedInContext(env, "memory_twice");
    const { list } = await seedList(context.request, "Weekly", ["Milk", { title: "Bread", completed: true }]);
    await gotoHydrated(page, `/list/${list.id}`);
    await focusField(page);
    await field(page).fill("  MILK ");
    await page.keyboard.press("Enter");
    const notice = page.getByRole("status").filter({ hasText: "already on the list" });
    await expect.poll(() => notice.textContent()).toBe("“Milk” is already on the list — added by you Add anyway");
    await keepScreenshot(page, "quick-add-memory-duplicate", false);
    expect(await stored(list.id)).toEqual([
      ["Milk", null],
      ["Bread", null],
    ]);
    // Escape dismisses it; the title stays in the field.
    await page.keyboard.press("Escape");
    await expect.poll(() => notice.count()).toBe(0);
    expect(await field(page).inputValue()).toBe("  MILK ");
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Add anyway" }).click();
    await expect
      .poll(() => stored(list.id))
      .toEqual([
        ["Milk", null],
        ["Bread", null],
        ["MILK", null],
      ]);
    // A ticked item is bought already: its title is added at once (the positive control of the notice above).
    await field(page).fill("Bread");
    await page.keyboard.press("Enter");
    await expect.poll(() => stored(list.id)).toContainEqual(["Bread", null]);
    await expect.poll(async () => (await rowsInDb(list.id)).filter((t) => t.title === "Bread")).toHaveLength(2);
    // A suggestion chosen while its title is open on the list is named first too.
    await field(page).pressSequentially("mil");
    await options(page).filter({ hasText: /milk/i }).click();
    await expect.poll(() => notice.count()).toBe(1);
    expect(await field(page).inputValue()).toMatch(/^milk$/i);
    expect((await rowsInDb(list.id)).filter((t) => /^milk$/i.test(t.title))).toHaveLength(2);
    // A quantity typed before the pick stays, and Add anyway adds it with the item.
    await page.keyboard.press("Escape");
    await field(page).fill("");
    await field(page).pressSequentially("3 mil");
    await options(page).filter({ hasText: /milk/i }).first().click();
    await expect.poll(() => notice.count()).toBe(1);
    expect(await field(page).inputValue()).toMatch(/^3 milk$/i);
    await page.getByRole("button", { name: "Add anyway" }).click();
    await expect
      .poll(async () => (await rowsInDb(list.id)).filter((task) => /^milk$/i.test(task.title) && task.quantity === "3"))
      .toHaveLength(1);
    await context.close();
  });

  it("adds pasted lines with their quantities, shown in the preview", async () => {
    const { page, context } = await signedInContext(env, "memory_paste");
    const list = await newList(context.request, "Pasted");
    await gotoHydrated(page, `/list/${list.id}`);
    await focusField(page);
    await pasteIntoQuickAdd(page, "2 l milk\n500g flour\nBread");
    const preview = page.getByRole("dialog");
    await expect.poll(() => preview.locator(".paste-preview li").allTextContents()).toEqual(["Milk2 l", "Flour500 g", "Bread"]);
    await keepScreenshot(page, "quick-add-memory-paste", false);
    await preview.getByRole("button", { name: "Add 3 items" }).click();
    await expect
      .poll(() => stored(list.id))
      .toEqual([
        ["Milk", "2 l"],
        ["Flour", "500 g"],
        ["Bread", null],
      ]);
    await expect.poll(() => rowTitles(page)).toEqual(["Milk", "Flour", "Bread"]);
    await context.close();
  });

  it("gives a write-link guest suggestions, and a read-link guest none", async () => {
    const owner = await signedInContext(env, "memory_links");
    const list = await newList(owner.context.request, "Camping");
    await history(owner.context.request, list.id, [{ title: "Tent pegs", quantity: "12" }]);
    const guest = await anonymousContext(env, PHONE);
    await gotoHydrated(guest.page, `/list/${list.id}?shareId=${list.shareId}`);
    await focusField(guest.page);
    await field(guest.page).fill("te");
    await expect.poll(() => optionTexts(guest.page)).toEqual(["Tent pegs12"]);

    const level = await owner.context.request.patch(`/api/task-lists/${list.id}`, { data: { linkAccess: "read" } });
    expect(level.status()).toBe(200);
    const reader = await anonymousContext(env, PHONE);
    const asked: string[] = [];
    reader.page.on("request", (request) => {
      if (request.url().includes("/suggestions")) asked.push(request.url());
    });
    await gotoHydrated(reader.page, `/list/${list.id}?shareId=${list.shareId}`);
    // The list is there (the positive control), with no field to type in and nothing asked.
    await expect.poll(() => reader.page.getByRole("heading", { name: "Camping" }).isVisible()).toBe(true);
    expect(await field(reader.page).count()).toBe(0);
    expect(await reader.page.getByRole("listbox").count()).toBe(0);
    expect(asked).toEqual([]);
    await Promise.all([owner.context.close(), guest.context.close(), reader.context.close()]);
  });
});
