import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, gotoHydrated, keepScreenshot, PHONE, signedInContext, startBrowserEnv, type BrowserEnv } from "../helpers/browser";
import { dragRow, rowTitles, seedList, visible } from "./list-helpers";

describe("list page in Chromium", () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env.close());

  it("adds, views, edits and deletes items through the details sheet and dialogs", async () => {
    const { page, context } = await signedInContext(env, "amy");
    const { list } = await seedList(context.request, "Groceries");
    await gotoHydrated(page, `/list/${list.id}`);
    await visible(page, "Groceries");
    await visible(page, "Add your first item to get started.");

    await page.getByRole("button", { name: "Add Item", exact: true }).click();
    // The sheet opens on its first field, so a keyboard user types straight away.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("item-title");
    const save = page.getByRole("button", { name: "Save" });
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel("Title").fill("   ");
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel("Title").fill("Milk");
    await visible(page, "4/80");
    await page.getByLabel(/Description/).fill("Oat, two cartons");
    await visible(page, "16/256");
    await visible(page, "Make this a parent item (can contain sub-items)");
    await save.click();
    await expect.poll(() => rowTitles(page)).toEqual(["Milk"]);

    await page.getByRole("button", { name: "Add Item", exact: true }).click();
    await page.getByLabel("Title").fill("Bread");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => rowTitles(page)).toEqual(["Milk", "Bread"]);
    expect(await page.getByRole("button", { name: "View description of Bread" }).count()).toBe(0);

    await page.getByRole("button", { name: "View description of Milk" }).click();
    await visible(page, "Oat, two cartons");
    await page.getByRole("button", { name: "Close", exact: true }).click();
    await expect.poll(() => page.locator("dialog[open]").count()).toBe(0);

    await page.getByRole("button", { name: "Edit Bread" }).click();
    expect(await page.getByLabel("Title").inputValue()).toBe("Bread");
    await page.getByLabel("Title").fill("Sourdough bread");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => rowTitles(page)).toEqual(["Milk", "Sourdough bread"]);

    await page.getByRole("button", { name: "Delete Milk" }).click();
    await visible(page, 'Delete "Milk" task?');
    await visible(page, "This will permanently delete this task and its subtasks.");
    // A destructive confirmation starts on Cancel: Enter right away keeps the item.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("alertdialog").count()).toBe(0);
    expect(await rowTitles(page)).toEqual(["Milk", "Sourdough bread"]);
    await page.getByRole("button", { name: "Delete Milk" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => rowTitles(page)).toEqual(["Sourdough bread"]);
    await visible(page, "Item deleted");
    await page.reload();
    await expect.poll(() => rowTitles(page)).toEqual(["Sourdough bread"]);
    await context.close();
  });

  it("completes with a toast and Undo, and rolls a failed toggle back", async () => {
    const { page, context } = await signedInContext(env, "ben");
    const long = "A very long item title that goes on and on past fifty characters";
    const { list } = await seedList(context.request, "Chores", ["Dishes", long]);
    await gotoHydrated(page, `/list/${list.id}`);

    await page.getByRole("checkbox", { name: `Mark "${long}" as completed` }).click();
    await visible(page, "Task completed");
    await visible(page, `"${long.slice(0, 50)}..." marked as complete`);
    // The toast leaves the add field free to use, on desktop and phone.
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      // Measured and hit-tested in one step: the page may still be settling into the new size.
      const field = page.getByLabel("Add an item", { exact: true });
      await expect
        .poll(() =>
          field.evaluate((input) => {
            const box = input.getBoundingClientRect();
            return input.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
          }),
        )
        .toBe(true);
    }
    await page.setViewportSize(DESKTOP);
    await page.getByRole("button", { name: "Undo" }).click();
    await expect.poll(() => page.getByRole("checkbox", { name: `Mark "${long}" as completed` }).getAttribute("aria-checked")).toBe("false");
    expect(await page.getByText("Task completed", { exact: true }).count()).toBe(0);

    // A tick is PATCH {completed}, online and queued alike.
    await page.route("**/api/tasks/*", (route) =>
      route.request().method() === "PATCH"
        ? route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "boom" }) })
        : route.continue(),
    );
    const dishes = page.getByRole("checkbox", { name: /Dishes/ });
    await dishes.click();
    await visible(page, "Toggle Failed");
    await visible(page, "Could not update task status. Please try again.");
    await expect.poll(() => dishes.getAttribute("aria-checked")).toBe("false");
    await page.unroute("**/api/tasks/*");
    await page.reload();
    await expect.poll(() => page.getByRole("checkbox", { name: /Dishes/ }).getAttribute("aria-checked")).toBe("false");
    await context.close();
  });

  it("hides completed items (remembered), resets completions and clears completed items", async () => {
    const { page, context } = await signedInContext(env, "cleo");
    const { list, tasks } = await seedList(context.request, "Packing", ["Socks", "Shirts", "Charger"]);
    await context.request.post(`/api/tasks/${tasks[0]!.id}/toggle`);
    await gotoHydrated(page, `/list/${list.id}`);

    await page.getByRole("button", { name: "Hide completed" }).click();
    await expect.poll(() => rowTitles(page)).toEqual(["Shirts", "Charger"]);
    // The progress counts the hidden item too.
    await visible(page, "1 of 3 completed");
    await page.reload();
    await expect.poll(() => rowTitles(page)).toEqual(["Shirts", "Charger"]);
    await page.getByRole("checkbox", { name: /Shirts/ }).click();
    await page.getByRole("checkbox", { name: /Charger/ }).click();
    await visible(page, "All items are completed. Add a new item or show completed items.");

    await page.getByRole("button", { name: "Reset" }).click();
    await visible(page, "Reset all items to uncompleted?");
    await visible(page, "This will mark all completed tasks as uncompleted. This action cannot be undone.");
    await page.getByRole("alertdialog").getByRole("button", { name: "Reset" }).click();
    await expect.poll(() => rowTitles(page)).toEqual(["Socks", "Shirts", "Charger"]);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("showCompleted"))).toBe("true");
    expect(await page.getByRole("button", { name: /(Hide|Show) completed/ }).count()).toBe(0);

    await page.getByRole("checkbox", { name: /Socks/ }).click();
    await visible(page, "Task completed");
    await page.getByRole("button", { name: "Clear completed items" }).click();
    await expect.poll(() => rowTitles(page)).toEqual(["Shirts", "Charger"]);
    // Its item is gone, so is the toast offering to undo its completion: Undo now restores the cleared items.
    await visible(page, "Completed items cleared");
    expect(await page.getByText("Task completed", { exact: true }).count()).toBe(0);
    await page.reload();
    await expect.poll(() => rowTitles(page)).toEqual(["Shirts", "Charger"]);
    await context.close();
  });

  it("drags items into a new order that survives a reload, by mouse and keyboard, and sorts alphabetically", async () => {
    const { page, context } = await signedInContext(env, "dora");
    const { list } = await seedList(context.request, "Order", ["banana", "Cherry", "apple"]);
    await gotoHydrated(page, `/list/${list.id}`);
    await dragRow(page, "banana", "apple", "below");
    await expect.poll(() => rowTitles(page)).toEqual(["Cherry", "apple", "banana"]);
    await gotoHydrated(page, `/list/${list.id}`);
    await expect.poll(() => rowTitles(page)).toEqual(["Cherry", "apple", "banana"]);

    await page.getByRole("button", { name: "Reorder Cherry" }).focus();
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => rowTitles(page)).toEqual(["apple", "Cherry", "banana"]);

    await page.getByRole("button", { name: "Alphabetical" }).click();
    await expect.poll(() => rowTitles(page)).toEqual(["apple", "banana", "Cherry"]);
    expect(await page.locator(".items .drag-handle").count()).toBe(0);
    await page.getByRole("button", { name: "Manual order" }).click();
    await expect.poll(() => rowTitles(page)).toEqual(["apple", "Cherry", "banana"]);
    await gotoHydrated(page, `/list/${list.id}`);
    await expect.poll(() => rowTitles(page)).toEqual(["apple", "Cherry", "banana"]);
    await context.close();
  });

  it("opens a parent's sub-items with breadcrumb and back, and keeps sub-items below their parent", async () => {
    const { page, context } = await signedInContext(env, "eli");
    const { list, tasks } = await seedList(context.request, "Trip", [{ title: "Book flights" }, { title: "Packing", isParent: true }]);
    const packing = tasks[1]!;
    await gotoHydrated(page, `/list/${list.id}`);
    await page.getByRole("button", { name: "Open sub-items of Packing" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("parentId")).toBe(String(packing.id));
    await visible(page, "No tasks yet. Add your first task to get started!");
    await expect.poll(() => page.getByRole("navigation", { name: "Breadcrumb" }).textContent()).toBe("Trip / Packing");
    expect(await page.getByRole("button", { name: "Clear completed items" }).count()).toBe(0);

    await page.getByRole("button", { name: "Add Item", exact: true }).click();
    expect(await page.getByText("Make this a parent item (can contain sub-items)").count()).toBe(0);
    await page.getByLabel("Title").fill("Passport");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => rowTitles(page)).toContain("Passport");
    // The row shows at once; the sheet closes once the server has it, and then the page is free again.
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    // The quick-add field of a parent's view adds sub-items.
    await page.getByLabel("Add an item", { exact: true }).fill("Tickets");
    await page.keyboard.press("Enter");
    await expect.poll(() => rowTitles(page)).toEqual(["Packing", "Passport", "Tickets"]);
    await dragRow(page, "Tickets", "Packing", "above");
    await page.waitForTimeout(300);
    expect((await rowTitles(page))[0]).toBe("Packing");
    await keepScreenshot(page, "list-parent-view", false);

    await page.reload();
    await expect.poll(() => page.getByRole("navigation", { name: "Breadcrumb" }).textContent()).toBe("Trip / Packing");
    await page.getByRole("button", { name: "Back to list" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("parentId")).toBe(null);
    await expect.poll(() => rowTitles(page)).toEqual(["Book flights", "Packing"]);
    await visible(page, "0/2");
    await page.goBack();
    await expect.poll(() => page.getByRole("navigation", { name: "Breadcrumb" }).isVisible()).toBe(true);
    await context.close();
  });

  it("keeps keyboard focus through a toggle and into and out of a parent's sub-items", async () => {
    const { page, context } = await signedInContext(env, "kai");
    const { list } = await seedList(context.request, "Errands", [{ title: "Post office" }, { title: "Market", isParent: true }]);
    await gotoHydrated(page, `/list/${list.id}`);
    const focused = () =>
      page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent ?? "");

    const post = page.getByRole("checkbox", { name: /Post office/ });
    await post.focus();
    await page.keyboard.press("Space");
    await expect.poll(() => post.getAttribute("aria-busy")).toBe(null);
    expect(await post.getAttribute("aria-checked")).toBe("true");
    expect(await focused()).toBe('Mark "Post office" as not completed');
    await page.keyboard.press("Space");
    await expect.poll(() => post.getAttribute("aria-checked")).toBe("false");
    expect(await focused()).toBe('Mark "Post office" as completed');

    await page.getByRole("button", { name: "Market", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("navigation", { name: "Breadcrumb" }).isVisible()).toBe(true);
    await expect.poll(focused).toBe("Back to list");
    await page.keyboard.press("Enter");
    await expect.poll(() => new URL(page.url()).searchParams.get("parentId")).toBe(null);
    await expect.poll(focused).toBe("Market");
    await context.close();
  });

  it("shows 'Item Limit Reached (100)' and looks right on desktop and phone", async () => {
    const { page, context } = await signedInContext(env, "fay");
    const titles = [
      "Call the plumber",
      "Buy birthday present for Sam",
      "Renew passport",
      "Water the plants",
      "Book dentist appointment",
      "Pay the electricity bill",
      "Clean the garage",
      "Return library books",
      "Plan weekend hike",
      "Fix bike tyre",
      "Order new glasses",
    ];
    const { list, tasks } = await seedList(context.request, "Weekend errands", [
      ...titles.slice(0, 3),
      { title: "Groceries", isParent: true, description: "From the market" },
      ...titles.slice(3),
    ]);
    await context.request.post(`/api/tasks/${tasks[1]!.id}/toggle`);
    await context.request.post("/api/tasks", { data: { listId: list.id, title: "Apples", parentId: tasks[3]!.id } });
    await gotoHydrated(page, `/list/${list.id}`);
    await keepScreenshot(page, "list-desktop", false);
    await page.setViewportSize(PHONE);
    await keepScreenshot(page, "list-phone", false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.getByRole("button", { name: "Edit Groceries" }).click();
    await page.waitForTimeout(400); // the sheet's slide-in animation
    await keepScreenshot(page, "list-edit-sheet-phone", false);
    await page.keyboard.press("Escape");

    for (let i = tasks.length + 1; i < 100; i++)
      await context.request.post("/api/tasks", { data: { listId: list.id, title: `Item ${i}` } });
    await page.setViewportSize(DESKTOP);
    await gotoHydrated(page, `/list/${list.id}`);
    await page.getByRole("button", { name: "Add Item", exact: true }).click();
    await visible(page, "Item Limit Reached (100)");
    await page.getByRole("button", { name: "OK", exact: true }).click();
    await page.getByLabel("Add an item", { exact: true }).fill("One more");
    await page.keyboard.press("Enter");
    await visible(page, "Item Limit Reached (100)");
    await context.close();
  });
});
