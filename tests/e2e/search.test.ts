/**
 * Search across a person's lists (docs/decisions/058-search.md), in Chromium: on a 390×844 phone a
 * tap on the header's search, the results grouped by list with a ticked item marked, a tap that
 * opens the list with the item in view and marked; on a desktop the `/` and `s` keys, the arrows
 * and Enter, a sub-item found in its parent's view; the empty, no-results and offline states.
 * Screenshots go to test-artifacts/.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, gotoHydrated, keepScreenshot, signedInContext, startBrowserEnv, type BrowserEnv } from "../helpers/browser";
import { focused, seedList } from "./list-helpers";

const PHONE_390 = { width: 390, height: 844 };

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => {
  await env?.close();
});

const dialog = (page: Page) => page.locator("dialog.search[open]");
const field = (page: Page) => page.getByRole("combobox", { name: "Search items and lists" });
/** The results as read on screen: each group's heading, then its options. */
const shown = (page: Page) =>
  dialog(page)
    .locator(".search__group")
    .evaluateAll((groups) =>
      groups.map((group) => [
        group.querySelector("h3")?.textContent,
        ...[...group.querySelectorAll("[role=option]")].map((option) => option.textContent),
      ]),
    );
const note = (page: Page) => dialog(page).locator(".search__note").textContent();

/** Whether the row of `title` lies wholly within the viewport and is marked as found. */
const foundInView = (page: Page, title: string) =>
  page.evaluate((title) => {
    const row = [...document.querySelectorAll<HTMLElement>("li.item")].find(
      (item) => item.querySelector(".item__title")?.textContent === title,
    );
    if (!row) return "no row";
    const box = row.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight && row.dataset.found !== undefined
      ? "in view, marked"
      : "out of view or unmarked";
  }, title);

describe("search on a phone", () => {
  it("finds items across lists by a tap and a few letters, and a tap opens the list at the item, marked", async () => {
    const { page, context } = await signedInContext(env, "search_phone", PHONE_390, { hasTouch: true, isMobile: true });
    const fillers = Array.from({ length: 30 }, (_, n) => `Thing ${n + 1}`);
    const { list: groceries, tasks } = await seedList(context.request, "Groceries", [
      ...fillers,
      { title: "Crème fraîche", description: "" },
      "Bread",
    ]);
    const { list: party } = await seedList(context.request, "Party", [
      { title: "Cake", description: "Top with whipped crème and berries" },
      { title: "Cream crackers", completed: true },
    ]);
    const cream = tasks.find((task) => task.title === "Crème fraîche")!;

    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Search your lists" }).tap();
    await expect.poll(() => note(page)).toContain("Find items");
    await field(page).fill("cre");
    await expect
      .poll(() => shown(page))
      .toEqual([
        ["Groceries", "Crème fraîche"],
        ["Party", "Cream crackers (ticked)", "CakeTop with whipped crème and berries"],
      ]);
    expect(await note(page)).toBe("3 results");
    const box = (await dialog(page).boundingBox())!;
    expect([box.width, box.height]).toEqual([PHONE_390.width, PHONE_390.height]);
    await keepScreenshot(page, "search-phone-results", false);

    await dialog(page).getByRole("option", { name: "Crème fraîche" }).tap();
    await page.waitForURL(`**/list/${groceries.id}#item-${cream.id}`);
    await expect.poll(() => foundInView(page, "Crème fraîche")).toBe("in view, marked");
    // Focus is on the found row on a phone too, where a screen reader carries on from it.
    await expect.poll(() => focused(page)).toBe('Mark "Crème fraîche" as completed');
    await keepScreenshot(page, "search-phone-found", false);
    expect(party.id).toBeGreaterThan(groceries.id);
  });

  it("says when nothing matches and when it is offline", async () => {
    const { page, context } = await signedInContext(env, "search_states", PHONE_390, { hasTouch: true, isMobile: true });
    await seedList(context.request, "Groceries", ["Milk"]);
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Search your lists" }).tap();
    await field(page).fill("xyz");
    await expect.poll(() => note(page)).toBe("No items or lists match “xyz”");
    await field(page).fill("mi");
    await expect.poll(() => shown(page)).toEqual([["Groceries", "Milk"]]);
    await context.setOffline(true);
    await field(page).fill("milk");
    await expect.poll(() => note(page)).toBe("You're offline. Search works again once you're back online.");
    await keepScreenshot(page, "search-phone-offline", false);
    await context.setOffline(false);
    await expect.poll(() => shown(page)).toEqual([["Groceries", "Milk"]]);
  });
});

describe("search by keyboard on a desktop", () => {
  it("opens with / on Home and s on a list, walks the results with the arrows and opens one with Enter", async () => {
    const { page, context } = await signedInContext(env, "search_keys", DESKTOP);
    const { list: trip, tasks } = await seedList(context.request, "Trip", ["Tickets", { title: "Packing", isParent: true }]);
    const packing = tasks.find((task) => task.title === "Packing")!;
    const socks = await (
      await context.request.post("/api/tasks", { data: { listId: trip.id, parentId: packing.id, title: "Sun cream" } })
    ).json();
    await seedList(context.request, "Sundays", ["Sunflower seeds"]);

    await gotoHydrated(page, "/");
    await page.keyboard.press("/");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("combobox");
    await field(page).fill("sun");
    await expect
      .poll(() => shown(page))
      .toEqual([
        ["Trip", "Sun cream"],
        ["Sundays", "Open the list", "Sunflower seeds"],
      ]);
    await keepScreenshot(page, "search-desktop-results", false);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    expect(await dialog(page).locator("[aria-selected=true]").textContent()).toBe("Sunflower seeds");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Enter");
    // A sub-item: its list opens in its parent's view, the item marked there.
    await page.waitForURL(`**/list/${trip.id}?parentId=${packing.id}#item-${socks.id}`);
    await expect.poll(() => foundInView(page, "Sun cream")).toBe("in view, marked");
    await keepScreenshot(page, "search-desktop-found", false);

    // On the list page `/` is the add field's, and `s` opens search; the ? dialog says so.
    await page.keyboard.press("Escape");
    await page.locator("body").click({ position: { x: 5, y: 300 } });
    await page.keyboard.press("?");
    await expect.poll(() => page.locator("dialog[open]").textContent()).toContain("Search your lists");
    await page.keyboard.press("Escape");
    await page.keyboard.press("s");
    await field(page).fill("tick");
    await expect.poll(() => shown(page)).toEqual([["Trip", "Tickets"]]);
    await page.keyboard.press("Enter");
    await page.waitForURL(`**/list/${trip.id}#item-${tasks[0]!.id}`);
    await expect.poll(() => foundInView(page, "Tickets")).toBe("in view, marked");
    // The keyboard carries on from the found row: its tick box has the focus, not the search button.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest("li.item")?.querySelector(".item__title")?.textContent))
      .toBe("Tickets");
  });

  it("opens a folded section and a folded Done group to show the item found there", async () => {
    const { page, context } = await signedInContext(env, "search_folds", DESKTOP);
    const { list, tasks } = await seedList(context.request, "Shop", ["Bread", { title: "Butter", completed: true }]);
    const dairy = await (await context.request.post(`/api/task-lists/${list.id}/sections`, { data: { name: "Dairy" } })).json();
    const milk = await (await context.request.post("/api/tasks", { data: { listId: list.id, title: "Milk", sectionId: dairy.id } })).json();
    const butter = tasks.find((task) => task.title === "Butter")!;
    // Done items last, their group folded, as the person left them; then the Dairy section folded by a tap.
    await page.addInitScript((listId) => {
      localStorage.setItem("completedLast", "true");
      localStorage.setItem(`doneCollapsed:${listId}`, "true");
    }, list.id);
    await gotoHydrated(page, `/list/${list.id}`);
    await page.getByRole("button", { name: "Dairy (1)" }).click();
    await expect.poll(() => page.locator("li.item", { hasText: "Milk" }).count()).toBe(0);
    await expect.poll(() => page.locator("li.item", { hasText: "Butter" }).count()).toBe(0);

    for (const [q, title, id] of [
      ["milk", "Milk", milk.id],
      ["butt", "Butter", butter.id],
    ] as const) {
      await page.keyboard.press("s");
      await field(page).fill(q);
      await expect.poll(() => shown(page)).toEqual([["Shop", q === "milk" ? "Milk" : "Butter (ticked)"]]);
      await page.keyboard.press("Enter");
      await page.waitForURL(`**/list/${list.id}#item-${id}`);
      await expect.poll(() => foundInView(page, title)).toBe("in view, marked");
    }
  });
});
