/**
 * The list page: titles edited in place, Undo after a delete or a clear (seen live in
 * another browser too), and completed items at the bottom; each checked against the stored rows.
 */
import type { APIRequestContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SharedListResponse } from "../../src/shared/types";
import { DESKTOP, gotoHydrated, signedInContext, startBrowserEnv, type BrowserEnv, TALL_PHONE } from "../helpers/browser";
import { closeToast, rowTitles, seedList, visible } from "./list-helpers";

const storedTitles = async (request: APIRequestContext, listId: number) =>
  ((await (await request.get(`/api/list/${listId}`)).json()) as SharedListResponse).tasks
    .sort((a, b) => a.position - b.position)
    .map((task) => task.title);

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? "");

describe.each([
  ["desktop", DESKTOP],
  ["phone", TALL_PHONE],
] as const)("edit in place, Undo and completed at the bottom at %s size", (size, viewport) => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env.close());

  it("edits a title in place: Enter saves, Escape cancels, leaving the field saves, a refusal rolls back", async () => {
    const { page, context } = await signedInContext(env, `edit_${size}`, viewport);
    const { list } = await seedList(context.request, "Typos", ["Mlik", "Bread"]);
    await gotoHydrated(page, `/list/${list.id}`);

    await page.getByRole("button", { name: "Mlik", exact: true }).click();
    const field = page.getByRole("textbox", { name: "Edit title of Mlik" });
    await field.fill("Milk");
    await field.press("Enter");
    await expect.poll(() => rowTitles(page)).toEqual(["Milk", "Bread"]);
    await expect.poll(() => storedTitles(context.request, list.id)).toEqual(["Milk", "Bread"]);
    expect(await focusedText(page)).toBe("Milk");

    // By keyboard: Enter on the focused title opens the field; Escape leaves the title as it was.
    await page.keyboard.press("Enter");
    await page.keyboard.type(" and honey");
    await page.keyboard.press("Escape");
    await expect.poll(() => rowTitles(page)).toEqual(["Milk", "Bread"]);
    expect(await focusedText(page)).toBe("Milk");

    await page.getByRole("button", { name: "Bread", exact: true }).click();
    await page.getByRole("textbox", { name: "Edit title of Bread" }).fill("Rye bread");
    await page.getByRole("heading", { name: "Typos" }).click();
    await expect.poll(() => storedTitles(context.request, list.id)).toEqual(["Milk", "Rye bread"]);

    await page.route("**/api/tasks/*", (route) =>
      route.request().method() === "PATCH"
        ? route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "boom" }) })
        : route.fallback(),
    );
    await page.getByRole("button", { name: "Milk", exact: true }).click();
    await page.getByRole("textbox", { name: "Edit title of Milk" }).fill("Oat milk");
    await page.keyboard.press("Enter");
    await visible(page, "Failed to update item");
    await expect.poll(() => rowTitles(page)).toEqual(["Milk", "Rye bread"]);
    expect(await storedTitles(context.request, list.id)).toEqual(["Milk", "Rye bread"]);
    await context.close();
  });

  it("undoes a delete, and another browser on the list sees the item go and come back", async () => {
    const { page, context } = await signedInContext(env, `undo_${size}`, viewport);
    const { list } = await seedList(context.request, "Trip", ["Passport", { title: "Bags", isParent: true }, "Tickets"]);
    const bags = (await context.request.get(`/api/list/${list.id}`).then((r) => r.json())) as SharedListResponse;
    const bagsId = bags.tasks.find((task) => task.title === "Bags")!.id;
    await context.request.post("/api/tasks", { data: { listId: list.id, parentId: bagsId, title: "Socks" } });
    // A second browser signed in as the same person, as on a second device.
    const otherContext = await env.browser.newContext({ viewport, baseURL: env.baseUrl, storageState: await context.storageState() });
    const other = await otherContext.newPage();
    await gotoHydrated(page, `/list/${list.id}`);
    await gotoHydrated(other, `/list/${list.id}`);
    await expect.poll(() => other.evaluate(() => document.documentElement.dataset.live ?? "")).toBe("websocket");

    await page.getByRole("button", { name: "Delete Bags" }).click();
    await visible(page, 'Delete "Bags" task?');
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await visible(page, "Item deleted");
    await expect.poll(() => rowTitles(page)).toEqual(["Passport", "Tickets"]);
    // Focus goes on to the item that took its place, so a keyboard user carries on there.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe('Mark "Tickets" as completed');
    await expect.poll(() => rowTitles(other)).toEqual(["Passport", "Tickets"]);
    expect(await storedTitles(context.request, list.id)).toEqual(["Passport", "Tickets"]);

    await page.getByRole("button", { name: "Undo" }).click();
    await expect.poll(() => rowTitles(page)).toEqual(["Passport", "Bags", "Tickets"]);
    await expect.poll(() => rowTitles(other)).toEqual(["Passport", "Bags", "Tickets"]);
    // The sub-item came back with its parent, each where it was.
    expect(await storedTitles(context.request, list.id)).toEqual(["Passport", "Bags", "Tickets", "Socks"]);
    await visible(page, "0/1");

    // An Undo the server refuses says so.
    await page.getByRole("button", { name: "Delete Tickets" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await visible(page, "Item deleted");
    await page.route("**/api/tasks/restore*", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "boom" }) }),
    );
    await page.getByRole("button", { name: "Undo" }).click();
    await visible(page, "Undo failed");
    expect(await rowTitles(page)).toEqual(["Passport", "Bags"]);
    await otherContext.close();
    await context.close();
  });

  it("undoes 'Clear completed items', parents' sub-items included", async () => {
    const { page, context } = await signedInContext(env, `clear_${size}`, viewport);
    const { list, tasks } = await seedList(context.request, "Chores", ["Dishes", "Laundry", { title: "Garden", isParent: true }]);
    await context.request.post("/api/tasks", { data: { listId: list.id, parentId: tasks[2]!.id, title: "Mow" } });
    for (const task of [tasks[0]!, tasks[2]!]) await context.request.post(`/api/tasks/${task.id}/toggle`);
    await gotoHydrated(page, `/list/${list.id}`);

    await page.getByRole("button", { name: "Clear completed items" }).click();
    await visible(page, "Completed items cleared");
    await visible(page, "3 items removed");
    await expect.poll(() => rowTitles(page)).toEqual(["Laundry"]);
    expect(await storedTitles(context.request, list.id)).toEqual(["Laundry"]);
    await page.getByRole("button", { name: "Undo" }).click();
    await expect.poll(() => rowTitles(page)).toEqual(["Dishes", "Laundry", "Garden"]);
    expect(await storedTitles(context.request, list.id)).toEqual(["Dishes", "Laundry", "Garden", "Mow"]);
    await context.close();
  });

  it("shows completed items at the bottom on request, in manual order within each group, and remembers it", async () => {
    const { page, context } = await signedInContext(env, `bottom_${size}`, viewport);
    const { list, tasks } = await seedList(context.request, "Week", ["Mon", "Tue", "Wed", "Thu"]);
    for (const task of [tasks[0]!, tasks[2]!]) await context.request.post(`/api/tasks/${task.id}/toggle`);
    await gotoHydrated(page, `/list/${list.id}`);
    expect(await rowTitles(page)).toEqual(["Mon", "Tue", "Wed", "Thu"]);

    // An entry of the header's More actions menu, checked while it holds (docs/decisions/047-list-header.md).
    const more = () => page.getByRole("button", { name: "More actions" }).click();
    const option = page.getByRole("menuitemcheckbox", { name: "Completed at bottom" });
    await more();
    expect(await option.getAttribute("aria-checked")).toBe("false");
    await option.click();
    await expect.poll(() => rowTitles(page)).toEqual(["Tue", "Thu", "Mon", "Wed"]);
    await more();
    expect(await option.getAttribute("aria-checked")).toBe("true");
    await page.keyboard.press("Escape");
    await page.reload();
    await expect.poll(() => rowTitles(page)).toEqual(["Tue", "Thu", "Mon", "Wed"]);

    // Ticking one moves it down among the completed ones, by manual order.
    await page.getByRole("checkbox", { name: /"Tue"/ }).click();
    await expect.poll(() => rowTitles(page)).toEqual(["Thu", "Mon", "Tue", "Wed"]);
    await closeToast(page, '"Tue" marked as complete');
    await more();
    await option.click();
    await expect.poll(() => rowTitles(page)).toEqual(["Mon", "Tue", "Wed", "Thu"]);
    await context.close();
  });
});
