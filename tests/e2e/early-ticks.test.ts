import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHONE, signedInContext, startBrowserEnv, type BrowserEnv } from "../helpers/browser";
import { seedList } from "./list-helpers";

/**
 * islands/early-ticks.ts: on a slow phone the items are on screen a second before React answers.
 * Here the island loader is held back until the test lets it go, so every tap lands before
 * hydration: the tick must show at once, be marked as saving, and be saved once the list hydrates.
 */
describe("ticks tapped before the list has hydrated", () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env.close());

  /** Opens the list with the loader's chunk held until `release()`; the entry itself runs at once. */
  async function openHeld(page: Page, listId: number) {
    const { promise: released, resolve: release } = Promise.withResolvers<void>();
    await page.route(/\/build\/hydrate-[^/]+\.js/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`/list/${listId}`);
    return release;
  }

  const box = (page: Page, title: string) => page.getByRole("checkbox", { name: `Mark "${title}" as completed` });
  const rowsOf = (listId: number) => env.testApp.store.tasks.listByList(listId);

  it("shows a tick at once, saves it after hydration, and takes a double tap back", async () => {
    const { context, page } = await signedInContext(env, "early_ticker", PHONE);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    const { list, tasks } = await seedList(context.request, "Groceries", ["Milk", "Bread", "Eggs"]);
    const release = await openHeld(page, list.id);

    await box(page, "Milk").click();
    await box(page, "Bread").click();
    await page.getByRole("checkbox", { name: 'Mark "Bread" as completed' }).click();
    // Before hydration: Milk shows ticked and saving; Bread's second tap took its first back.
    expect(await page.locator("[data-island='ListScreen']").getAttribute("data-hydrated")).toBeNull();
    const milk = page.locator(`[data-task-id="${tasks[0]!.id}"]`);
    expect(await milk.locator(".item__check").getAttribute("aria-checked")).toBe("true");
    expect(await milk.locator(".item__check").getAttribute("aria-busy")).toBe("true");
    expect(await milk.getAttribute("class")).toContain("item--done");
    const bread = page.locator(`[data-task-id="${tasks[1]!.id}"] .item__check`);
    expect([await bread.getAttribute("aria-checked"), await bread.getAttribute("aria-busy")]).toEqual(["false", null]);
    expect((await rowsOf(list.id)).map((task) => task.completed)).toEqual([false, false, false]);

    release();
    await page.locator("[data-island='ListScreen'][data-hydrated='true']").waitFor();
    await expect.poll(async () => (await rowsOf(list.id)).map((task) => task.completed)).toEqual([true, false, false]);
    await expect.poll(() => milk.locator(".item__check").getAttribute("aria-busy")).toBeNull();
    expect(await milk.locator(".item__check").getAttribute("aria-checked")).toBe("true");
    await expect.poll(() => page.getByText("Task completed").first().isVisible()).toBe(true);

    // After hydration a tap is React's own: exactly one flip, saved.
    await box(page, "Eggs").click();
    await expect.poll(async () => (await rowsOf(list.id)).map((task) => task.completed)).toEqual([true, false, true]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("unticks a completed item before hydration and saves that too", async () => {
    const { context, page } = await signedInContext(env, "early_unticker", PHONE);
    const { list, tasks } = await seedList(context.request, "Chores", [{ title: "Sweep", completed: true }, "Dust"]);
    expect((await rowsOf(list.id)).map((task) => task.completed)).toEqual([true, false]);
    const release = await openHeld(page, list.id);
    await page.getByRole("checkbox", { name: 'Mark "Sweep" as not completed' }).click();
    expect(await page.locator(`[data-task-id="${tasks[0]!.id}"] .item__check`).getAttribute("aria-checked")).toBe("false");
    release();
    await expect.poll(async () => (await rowsOf(list.id)).map((task) => task.completed)).toEqual([false, false]);
    await context.close();
  });
});
