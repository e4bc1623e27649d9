/**
 * A list's routine, Reset now and Home's new lists made offline (docs/decisions/067-offline-routines-and-copies.md),
 * in Chromium: each waits in the outbox, says so, and reaches the database
 * once when the browser is back; a copy the server refuses meanwhile is named and its card goes.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wallTime } from "../../src/shared/wall-time";
import { gotoHydrated, keepScreenshot, signedInContext, startBrowserEnv, type BrowserEnv } from "../helpers/browser";
import { expectBanner, gotoReadyForOffline, rowsOnScreen, tick } from "./offline-helpers";
import { addItem, newList, seedList, visible } from "./list-helpers";

async function openMenuEntry(page: Page, entry: string) {
  await page.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("menuitem", { name: entry }).click();
}

describe("routines and new lists made offline in Chromium", () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env.close());

  const runRows = (listId: number) => env.testApp.store.routines.listSince(listId, 0);
  const rowsInDb = async (listId: number) =>
    (await env.testApp.store.tasks.listByList(listId)).map((row) => `${row.completed ? "[x]" : "[ ]"} ${row.title}`);

  it("sets a routine and resets now offline: both wait, in order with a tick after them, and are saved once", async () => {
    const { page, context } = await signedInContext(env, "rota", undefined, { timezoneId: "Europe/Berlin" });
    const { list, tasks } = await seedList(context.request, "Cleaning rota", ["Bathroom", "Kitchen", "Hoover"]);
    for (const task of tasks.slice(0, 2)) await context.request.patch(`/api/tasks/${task.id}`, { data: { completed: true } });
    await gotoReadyForOffline(page, `/list/${list.id}`);

    await context.setOffline(true);
    await expectBanner(page, "Offline — changes will be saved when you are back online");
    await openMenuEntry(page, "Repeats…");
    const dialog = page.getByRole("dialog", { name: "Repeats" });
    await dialog.getByLabel("Repeats", { exact: true }).selectOption("weekly");
    await dialog.getByLabel("On", { exact: true }).selectOption("SU");
    await dialog.getByLabel("At", { exact: true }).fill("18:00");
    await dialog.getByRole("button", { name: "Save" }).click();
    await visible(page, "Repeats will be saved");
    await visible(page, "Resets every Sunday at 18:00 · waiting to be saved");
    await expectBanner(page, "Offline — 1 change will be saved");

    // The history cannot be read offline; Reset now still works, and unticks at once.
    await openMenuEntry(page, "Reset history");
    const history = page.getByRole("dialog", { name: "Reset history" });
    await history.getByRole("button", { name: "Reset now" }).click();
    await visible(page, "The reset is recorded once you are back online.");
    await expect.poll(() => rowsOnScreen(page)).toEqual(["[ ] Bathroom", "[ ] Kitchen", "[ ] Hoover"]);
    await page.keyboard.press("Escape");
    // Made after the reset, so the reset, replayed later, must not untick it.
    await tick(page, "Hoover");
    await expectBanner(page, "Offline — 3 changes will be saved");
    await keepScreenshot(page, "offline-routine-waiting", false);

    // Reloaded offline from the kept copy, the rule and the reset still wait, laid over it.
    await gotoHydrated(page, `/list/${list.id}`);
    await visible(page, "Resets every Sunday at 18:00 · waiting to be saved");
    await expect.poll(() => rowsOnScreen(page)).toEqual(["[ ] Bathroom", "[ ] Kitchen", "[x] Hoover"]);
    await expectBanner(page, "Offline — 3 changes will be saved");
    expect(await runRows(list.id)).toEqual([]);

    await context.setOffline(false);
    await expectBanner(page, null);
    const stored = await env.testApp.store.lists.findById(list.id);
    expect(stored?.routine).toMatchObject({ rrule: "FREQ=WEEKLY;BYDAY=SU;BYHOUR=18;BYMINUTE=0", tz: "Europe/Berlin" });
    await visible(page, `Resets every Sunday at 18:00 · next ${wallTime(stored!.routine!.nextRunAt, "Europe/Berlin")}`);
    // One run, of the list as it stood when the reset reached the server: the tick came after it.
    const runs = await runRows(list.id);
    expect(runs.map((run) => `${run.done} of ${run.total}`)).toEqual(["2 of 3"]);
    expect(await rowsInDb(list.id)).toEqual(["[ ] Bathroom", "[ ] Kitchen", "[x] Hoover"]);
    await expect.poll(() => rowsOnScreen(page)).toEqual(["[ ] Bathroom", "[ ] Kitchen", "[x] Hoover"]);
    await context.close();
  }, 60_000);

  it("duplicates and makes a list from a template offline as waiting cards; saved once, or named and gone when the limit was reached meanwhile", async () => {
    const { page, context, user } = await signedInContext(env, "trips");
    const packing = await newList(context.request, "Packing");
    await addItem(context.request, packing.id, "Passport", { completed: true });
    const clothes = await addItem(context.request, packing.id, "Clothes", { isParent: true });
    await addItem(context.request, packing.id, "Socks", { parentId: clothes.id, completed: true });
    for (let n = 1; n <= 22; n++) await newList(context.request, `List ${n}`);
    await gotoReadyForOffline(page, "/");
    await visible(page, "23 of 25 lists");

    await context.setOffline(true);
    await page.getByRole("button", { name: "Duplicate Packing" }).click();
    await page.getByRole("dialog", { name: "Duplicate List" }).getByRole("button", { name: "Duplicate" }).click();
    await page.getByRole("button", { name: "New List" }).click();
    const create = page.getByRole("dialog", { name: "New List" });
    await create.getByLabel("New from template").selectOption({ label: "Packing" });
    await create.getByLabel("List name").fill("Trip");
    await create.getByRole("button", { name: "Create List" }).click();
    const waiting = page.getByRole("list", { name: "Waiting to be saved" });
    await expect
      .poll(() => waiting.locator(".list-card").allTextContents())
      .toEqual(["Packing (copy)Waiting to be saved", "TripWaiting to be saved"]);
    await visible(page, "25 of 25 lists — delete one to make a new list");
    await visible(page, "Renaming, sharing and deleting lists need a connection; a new list or a copy waits to be saved.");
    await waiting.scrollIntoViewIfNeeded();
    await keepScreenshot(page, "offline-new-lists-waiting", false);

    // Meanwhile another device makes a list: one of the two waiting no longer fits.
    expect((await context.request.post("/api/task-lists", { data: { name: "Elsewhere" } })).status()).toBe(201);
    await context.setOffline(false);
    await visible(page, "A change was not saved", 15_000);
    await visible(page, '"Trip" was not made: You can have at most 25 lists');
    await expect.poll(() => waiting.count()).toBe(0);
    await expect.poll(() => page.getByRole("link", { name: /^Packing \(copy\)/ }).count()).toBe(1);

    const owned = await env.testApp.store.lists.listOwnedBy(user.id);
    expect(owned.filter((list) => list.name === "Packing (copy)")).toHaveLength(1);
    expect(owned.filter((list) => list.name === "Trip")).toHaveLength(0);
    expect(owned).toHaveLength(25);
    const copy = owned.find((list) => list.name === "Packing (copy)")!;
    expect(await rowsInDb(copy.id)).toEqual(["[ ] Passport", "[ ] Clothes", "[ ] Socks"]);
    await context.close();
  }, 60_000);
});
