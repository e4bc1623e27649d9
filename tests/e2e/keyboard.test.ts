/**
 * The list page used with the keyboard alone (docs/decisions/016-list-keyboard-and-colour-mode.md), at desktop and phone sizes —
 * the skip link, one Tab stop for the whole list, arrows between items, and the single-key
 * shortcuts (their list comes from islands/list/shortcuts.ts, as the `?` dialog's does).
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIST_SHORTCUTS, shortcutsFor } from "../../islands/list/shortcuts";
import {
  anonymousContext,
  DESKTOP,
  gotoHydrated,
  keepScreenshot,
  signedInContext,
  startBrowserEnv,
  type BrowserEnv,
  TALL_PHONE,
} from "../helpers/browser";
import { rowsOf } from "../helpers/tasks";
import { rowTitles, seedList, visible } from "./list-helpers";

/** The focused element's name: its aria-label, its <label>, its id (`main`), or its text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    const label = element instanceof HTMLInputElement ? element.labels?.[0]?.textContent : null;
    return element?.getAttribute("aria-label") ?? label ?? (element?.id || element?.textContent?.trim()) ?? "";
  });
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id);
const focusInList = (page: Page) => page.evaluate(() => document.activeElement?.closest(".items") !== null);

describe("list page by keyboard alone", () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env.close());

  for (const [size, viewport] of [
    ["1280×800", DESKTOP],
    ["375×812", TALL_PHONE],
  ] as const) {
    it(`skips to the content, crosses the list in one Tab, moves by arrows and acts by shortcuts at ${size}`, async () => {
      const { page, context } = await signedInContext(env, `keys_${viewport.width}`, viewport);
      const titles = Array.from({ length: 15 }, (_, i) => `Item ${i + 1}`);
      const { list, tasks } = await seedList(context.request, "Fifteen", titles);
      await gotoHydrated(page, `/list/${list.id}`);

      // The skip link is the first Tab stop, and Enter on it moves focus to the page's main.
      await page.keyboard.press("Tab");
      expect(await focused(page)).toBe("Skip to content");
      await page.keyboard.press("Enter");
      await expect.poll(() => focused(page)).toBe("main");

      // Tab into the list lands on the first item; one more Tab leaves it, and Shift+Tab comes back.
      let presses = 0;
      while (!(await focusInList(page)) && presses < 30) {
        await page.keyboard.press("Tab");
        presses++;
      }
      expect(await focused(page)).toBe('Mark "Item 1" as completed');
      await page.keyboard.press("Tab");
      expect(await focusInList(page)).toBe(false);
      await page.keyboard.press("Shift+Tab");
      expect(await focused(page)).toBe('Mark "Item 1" as completed');

      // ↓ fourteen times reaches the 15th item, which is then the list's only Tab stop.
      for (let i = 0; i < 14; i++) await page.keyboard.press("ArrowDown");
      expect(await focused(page)).toBe('Mark "Item 15" as completed');
      expect(await page.locator('.items [tabindex="0"]').count()).toBe(1);
      // → walks the item's controls: its title (edited in place), then Edit; ← walks back.
      await page.keyboard.press("ArrowRight");
      expect(await focused(page)).toBe("Item 15");
      await page.keyboard.press("ArrowRight");
      expect(await focused(page)).toBe("Edit Item 15");
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowLeft");

      // x ticks it, in the database too.
      await page.keyboard.press("x");
      const item15 = async () => (await rowsOf(env.testApp, list.id)).find((task) => task.id === tasks[14]!.id);
      await expect.poll(async () => (await item15())?.completed).toBe(true);
      expect(await focused(page)).toBe('Mark "Item 15" as not completed');

      // e edits its title in place; Enter saves it, in the database too, and focus stays on the item.
      await page.keyboard.press("e");
      await expect.poll(() => focused(page)).toBe("Edit title of Item 15");
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.type("Item fifteen");
      await page.keyboard.press("Enter");
      await expect.poll(async () => (await item15())?.title).toBe("Item fifteen");
      await expect.poll(() => focused(page)).toBe("Item fifteen");
      // The full sheet is one → away, on the item's Edit button.
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("Enter");
      await visible(page, "Edit Item");
      await expect.poll(() => focusedId(page)).toBe("item-title");
      await page.keyboard.press("Escape");
      await expect.poll(() => focused(page)).toBe("Edit Item fifteen");

      // Delete asks first (starting on Cancel, so a stray Enter keeps the item); Tab, Enter deletes it.
      await page.keyboard.press("Delete");
      await visible(page, 'Delete "Item fifteen" task?');
      await expect.poll(() => focused(page)).toBe("Cancel");
      await page.keyboard.press("Tab");
      expect(await focused(page)).toBe("Delete");
      await page.keyboard.press("Enter");
      await expect.poll(async () => (await item15()) === undefined).toBe(true);
      // Focus stays in the list, on the item now last.
      await expect.poll(() => focused(page)).toBe('Mark "Item 14" as completed');

      // ? lists the shortcuts; Escape closes it and focus is back where it was.
      await page.keyboard.press("?");
      const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      for (const shortcut of LIST_SHORTCUTS) expect(await dialog.getByText(shortcut.does, { exact: true }).count()).toBe(1);
      await keepScreenshot(page, `list-shortcuts-${viewport.width}`, false);
      await page.keyboard.press("Escape");
      await expect.poll(() => dialog.isVisible()).toBe(false);
      expect(await focused(page)).toBe('Mark "Item 14" as completed');

      // n opens the new item sheet on its title.
      await page.keyboard.press("n");
      await visible(page, "Add Item");
      await expect.poll(() => focusedId(page)).toBe("item-title");
      await page.keyboard.press("Escape");
      await expect.poll(() => page.locator("dialog[open]").count()).toBe(0);

      // / goes to the quick-add field, where keys type rather than act: x there ticks nothing.
      await page.keyboard.press("/");
      await expect.poll(() => focused(page)).toBe("Add an item");
      await page.keyboard.press("x");
      expect(await page.getByLabel("Add an item").inputValue()).toBe("x");
      expect((await rowsOf(env.testApp, list.id)).filter((task) => task.completed)).toEqual([]);
      await context.close();
    });
  }

  it("keeps focus on an item ticked to the bottom, and hands it to the next item when ticking hides it", async () => {
    const { page, context } = await signedInContext(env, "keys_ticker");
    const { list, tasks } = await seedList(context.request, "Ticks", ["Apples", "Bread", "Cheese", "Dates"]);
    await context.request.post(`/api/tasks/${tasks[3]!.id}/toggle`);
    await gotoHydrated(page, `/list/${list.id}`);
    await page.getByRole("button", { name: "More actions" }).click();
    await page.getByRole("menuitemcheckbox", { name: "Completed at bottom" }).click();

    await page.getByRole("checkbox", { name: 'Mark "Apples" as completed' }).focus();
    await page.keyboard.press("x");
    await expect.poll(() => rowTitles(page)).toEqual(["Bread", "Cheese", "Apples", "Dates"]);
    await expect.poll(() => focused(page)).toBe('Mark "Apples" as not completed');

    await page.getByRole("button", { name: "Hide completed" }).click();
    await page.getByRole("checkbox", { name: 'Mark "Bread" as completed' }).focus();
    await page.keyboard.press("x");
    await expect.poll(() => rowTitles(page)).toEqual(["Cheese"]);
    await expect.poll(() => focused(page)).toBe('Mark "Cheese" as completed');
    await context.close();
  });

  it("gives a read-only visitor every item by arrows, and of the shortcuts only ?", async () => {
    const owner = await signedInContext(env, "keys_owner");
    const { list } = await seedList(owner.context.request, "Reading list", [
      "Dune",
      { title: "Series", isParent: true, description: "Long ones" },
    ]);
    await owner.context.request.patch(`/api/task-lists/${list.id}`, { data: { linkAccess: "read" } });
    const { page, context } = await anonymousContext(env);
    await gotoHydrated(page, `/list/${list.id}?shareId=${list.shareId}`);

    // "Dune" has no control a reader may use, so its row itself takes focus.
    for (let presses = 0; presses < 30 && !(await focusInList(page)); presses++) await page.keyboard.press("Tab");
    // The row reads its title (who added an open item is in the editors' row menu, docs/decisions/045-phone-rows.md).
    expect(await page.evaluate(() => document.activeElement?.matches("li.item") && document.activeElement.textContent)).toBe("Dune");
    await page.keyboard.press("ArrowDown");
    expect(await focused(page)).toBe("Series");
    await page.keyboard.press("ArrowRight");
    expect(await focused(page)).toMatch(/^Open sub-items of Series, \d/);

    await page.keyboard.press("ArrowUp");
    for (const key of ["x", "e", "Delete", "n", "/"]) await page.keyboard.press(key);
    expect(await page.locator("dialog[open]").count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Dune");
    // Positive control: ? does open its dialog here, listing only what a reader can do.
    await page.keyboard.press("?");
    const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const shown = await dialog.locator("dd").allTextContents();
    // A link guest has no search (docs/decisions/058-search.md), so no `s` either.
    expect(shown).toEqual(shortcutsFor(true, false, false).map((shortcut) => shortcut.does));
    expect((await rowsOf(env.testApp, list.id)).filter((task) => task.completed)).toEqual([]);
    await owner.context.close();
    await context.close();
  });

  it("moves round More actions by the arrows over the entries shown, not a phone's own hidden on a desktop", async () => {
    const { page, context } = await signedInContext(env, "keys_menu", DESKTOP);
    const { list } = await seedList(context.request, "Errands", ["Post"]);
    await gotoHydrated(page, `/list/${list.id}`);
    await page.getByRole("button", { name: "More actions" }).focus();
    await page.keyboard.press("Enter");
    // Positive control: the phone's own entries are in the menu, hidden at this size.
    await expect.poll(() => page.getByRole("menu").locator(".list-menu__phone").count()).toBeGreaterThan(0);
    const shown = await page
      .getByRole("menu")
      .locator("[role^=menuitem]:not([aria-disabled=true])")
      .evaluateAll((items) => items.filter((item) => (item as HTMLElement).offsetWidth > 0).map((item) => item.textContent?.trim()));
    expect(shown.length).toBeGreaterThan(3);
    await expect.poll(() => focused(page)).toBe(shown[0]);
    await page.keyboard.press("ArrowUp");
    expect(await focused(page)).toBe(shown.at(-1));
    await page.keyboard.press("ArrowDown");
    expect(await focused(page)).toBe(shown[0]);
    for (let step = 1; step < shown.length; step++) await page.keyboard.press("ArrowDown");
    expect(await focused(page)).toBe(shown.at(-1));
    await context.close();
  });

  it("lists the same shortcuts in the guide on the Info tab", async () => {
    const { page, context } = await signedInContext(env, "keys_reader");
    await page.goto("/settings?tab=info");
    const point = page.locator(".guide__point", { has: page.getByText("Keyboard shortcuts", { exact: true }) });
    await keepScreenshot(page, "settings-guide-shortcuts");
    expect(await point.locator("li").allTextContents()).toEqual(LIST_SHORTCUTS.map((s) => `${s.keys.join(" ")} ${s.does}`));
    await context.close();
  });
});
