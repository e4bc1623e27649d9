/**
 * The list page's quick add by Enter, a pasted list with its preview, at desktop and
 * phone sizes; every check ends in the rows the server stored.
 */
import type { APIRequestContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SharedListResponse } from "../../src/shared/types";
import { DESKTOP, gotoHydrated, signedInContext, startBrowserEnv, type BrowserEnv, TALL_PHONE } from "../helpers/browser";
import { rowTitles, seedList, visible } from "./list-helpers";

/** The list's rows as stored: title, completed, and the title of the parent (or "" at the top). */
async function stored(request: APIRequestContext, listId: number) {
  const { tasks } = (await (await request.get(`/api/list/${listId}`)).json()) as SharedListResponse;
  const byId = new Map(tasks.map((task) => [task.id, task]));
  return tasks
    .slice()
    .sort((a, b) => a.position - b.position)
    .map((task) => ({
      title: task.title,
      completed: task.completed,
      parent: byId.get(task.parentId)?.title ?? "",
      isParent: task.isParent,
    }));
}

/** A real Ctrl+V of `text` into the focused field, through the system clipboard. */
async function paste(page: Page, text: string) {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.keyboard.press("Control+V");
}

const quickAdd = (page: Page) => page.getByLabel("Add an item", { exact: true });
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id);

describe.each([
  ["desktop", DESKTOP],
  ["phone", TALL_PHONE],
] as const)("quick add and paste at %s size", (size, viewport) => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env.close());

  it("adds three items in a row with Enter, the field staying ready for the next", async () => {
    const { page, context } = await signedInContext(env, `quick_${size}`, viewport);
    const { list } = await seedList(context.request, "Shopping");
    await gotoHydrated(page, `/list/${list.id}`);
    await quickAdd(page).click();
    for (const title of ["Milk", "Bread", "Eggs"]) {
      await page.keyboard.type(title);
      await page.keyboard.press("Enter");
      expect(await quickAdd(page).inputValue()).toBe("");
      expect(await focusedId(page)).toBe("quick-add");
    }
    await expect.poll(() => rowTitles(page)).toEqual(["Milk", "Bread", "Eggs"]);
    // A row shows at once; the server stores it a moment later.
    await expect.poll(async () => (await stored(context.request, list.id)).map((row) => row.title)).toEqual(["Milk", "Bread", "Eggs"]);
    expect(await focusedId(page)).toBe("quick-add");

    // The details button opens the full sheet with what was typed, for a description or a parent.
    await page.keyboard.type("Cheese");
    await page.getByRole("button", { name: "Add Item", exact: true }).click();
    expect(await page.getByLabel("Title").inputValue()).toBe("Cheese");
    await page.getByLabel(/Description/).fill("Hard, for grating");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => rowTitles(page)).toEqual(["Milk", "Bread", "Eggs", "Cheese"]);
    // What the sheet took is added: the field is empty again and ready for the next item.
    await expect.poll(() => quickAdd(page).inputValue()).toBe("");
    await expect.poll(() => focusedId(page)).toBe("quick-add");
    await context.close();
  });

  it("pastes a list with a sub-item and a ticked line as 'Add 5 items', saved all at once", async () => {
    const { page, context } = await signedInContext(env, `paste_${size}`, viewport);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const { list } = await seedList(context.request, "Party", ["Invite friends"]);
    await gotoHydrated(page, `/list/${list.id}`);
    await quickAdd(page).click();

    // One line is just a title: it lands in the field.
    await paste(page, "Napkins");
    expect(await quickAdd(page).inputValue()).toBe("Napkins");
    expect(await page.locator("dialog[open]").count()).toBe(0);
    // Two lines that make one item, a heading over its title, are one title too, typed in where the caret was.
    await quickAdd(page).fill("Paper ");
    await paste(page, "# Party\nNapkins\n");
    await expect.poll(() => quickAdd(page).inputValue()).toBe("Paper # Party Napkins");
    expect(await page.locator("dialog[open]").count()).toBe(0);
    await quickAdd(page).fill("");

    await paste(page, "- Balloons\n- [x] Cake\n  - Candles\n* Music\n1. Games");
    const dialog = page.getByRole("dialog", { name: "Add 5 items" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.locator("li").allTextContents()).toEqual(["Balloons", "Completed: CakeCandles", "Candles", "Music", "Games"]);
    await dialog.getByRole("button", { name: "Add 5 items" }).click();
    await expect.poll(() => rowTitles(page)).toEqual(["Invite friends", "Balloons", "Cake", "Music", "Games"]);
    await expect
      .poll(() => stored(context.request, list.id))
      .toEqual([
        { title: "Invite friends", completed: false, parent: "", isParent: false },
        { title: "Balloons", completed: false, parent: "", isParent: false },
        { title: "Cake", completed: true, parent: "", isParent: true },
        { title: "Candles", completed: false, parent: "Cake", isParent: false },
        { title: "Music", completed: false, parent: "", isParent: false },
        { title: "Games", completed: false, parent: "", isParent: false },
      ]);
    await visible(page, "0/1");
    await expect.poll(() => focusedId(page)).toBe("quick-add");

    // Inside a parent everything pasted becomes its sub-item.
    await page.getByRole("button", { name: "Open sub-items of Cake" }).click();
    await quickAdd(page).click();
    await paste(page, "Plates\n  Forks");
    await page.getByRole("dialog", { name: "Add 2 items" }).getByRole("button", { name: "Add 2 items" }).click();
    await expect.poll(() => rowTitles(page)).toEqual(["Cake", "Candles", "Plates", "Forks"]);
    await expect
      .poll(async () => (await stored(context.request, list.id)).filter((row) => row.parent === "Cake").map((row) => row.title))
      .toEqual(["Candles", "Plates", "Forks"]);
    await context.close();
  });

  it("warns before a paste passes the 100-item limit and stores nothing", async () => {
    const { page, context } = await signedInContext(env, `full_${size}`, viewport);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const { list } = await seedList(context.request, "Big");
    for (let i = 1; i <= 97; i++) await context.request.post("/api/tasks", { data: { listId: list.id, title: `Item ${i}` } });
    await gotoHydrated(page, `/list/${list.id}`);
    await quickAdd(page).click();
    await paste(page, "A\nB\nC\nD\nE");
    const dialog = page.getByRole("dialog", { name: "Add 5 items" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await visible(page, "This list has room for 3 more items (100 at most). Remove 2 lines and paste again.");
    expect(await dialog.getByRole("button", { name: "Add 5 items" }).isDisabled()).toBe(true);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect((await stored(context.request, list.id)).length).toBe(97);

    // Three fit: the same dialog adds them.
    await quickAdd(page).click();
    await paste(page, "A\nB\nC");
    await page.getByRole("dialog", { name: "Add 3 items" }).getByRole("button", { name: "Add 3 items" }).click();
    await expect.poll(async () => (await stored(context.request, list.id)).length).toBe(100);
    await quickAdd(page).fill("One too many");
    await page.keyboard.press("Enter");
    await visible(page, "Item Limit Reached (100)");
    await page.getByRole("button", { name: "OK", exact: true }).click();
    expect(await quickAdd(page).inputValue()).toBe("One too many");
    await context.close();
  });
});
