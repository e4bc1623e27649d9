import type { Task } from "../../src/shared/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gotoHydrated, keepScreenshot, signedInContext, startBrowserEnv, type BrowserEnv } from "../helpers/browser";
import { seedList, visible } from "./list-helpers";

/**
 * The sub-item tick rule on the list page (docs/decisions/043-sub-item-ticks.md): ticking a parent
 * shows its sub-items done with it, the toast's Undo reopens those the tick closed and not one
 * ticked before, and Home's card counts what the page's count line counts.
 */
describe("sub-item ticks in Chromium", () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env.close());

  it("ticking a parent shows its sub-items all done, Undo reopens them, and Home counts as the list does", async () => {
    const { page, context } = await signedInContext(env, "subby");
    const { list, tasks } = await seedList(context.request, "Party", [{ title: "Party food", isParent: true }, "Napkins"]);
    const parent = tasks[0]!;
    await seedList(context.request, "Unused");
    for (const child of [{ title: "Cake" }, { title: "Balloons", completed: true }, { title: "Candles" }]) {
      const response = await context.request.post("/api/tasks", { data: { listId: list.id, parentId: parent.id, ...child } });
      expect(response.status()).toBe(201);
    }
    await gotoHydrated(page, `/list/${list.id}`);
    const counter = page.getByRole("button", { name: "Open sub-items of Party food" });
    const box = page.getByRole("checkbox", { name: /"Party food"/ });
    expect(await counter.textContent()).toBe("1/3");
    await visible(page, "0 of 2 completed");

    await box.click();
    await visible(page, "Task completed");
    await visible(page, '"Party food" marked as complete');
    await expect.poll(() => counter.textContent()).toBe("3/3");
    await expect.poll(() => box.getAttribute("aria-checked")).toBe("true");
    await visible(page, "1 of 2 completed");
    await keepScreenshot(page, "sub-item-ticks-parent-ticked");

    // Undo reopens the parent and the two sub-items its tick closed; Balloons, ticked before, stays.
    await page.getByRole("button", { name: "Undo" }).click();
    await expect.poll(() => box.getAttribute("aria-checked")).toBe("false");
    await expect.poll(() => counter.textContent()).toBe("1/3");
    // The server has it so once the Undo's three saves are answered.
    const marks = async () => {
      const items = (await (await context.request.get(`/api/tasks?listId=${list.id}`)).json()) as Task[];
      return items.filter((task) => task.id === parent.id || task.parentId === parent.id).map((task) => [task.title, task.completed]);
    };
    await expect.poll(marks).toEqual([
      ["Party food", false],
      ["Cake", false],
      ["Balloons", true],
      ["Candles", false],
    ]);
    await page.reload();
    await expect.poll(() => page.getByRole("button", { name: "Open sub-items of Party food" }).textContent()).toBe("1/3");

    // Home's card and the page's count line count the same items: the top-level ones.
    await page.getByRole("checkbox", { name: 'Mark "Party food" as completed' }).click();
    await visible(page, "1 of 2 completed");
    await gotoHydrated(page, "/");
    const card = page.locator(".list-card", { has: page.locator(".list-card__title", { hasText: /^Party$/ }) });
    await expect.poll(() => card.locator(".list-card__progress").textContent()).toBe("1 of 2 done");
    await context.close();
  });
});
