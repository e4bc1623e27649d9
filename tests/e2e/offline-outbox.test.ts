/**
 * The offline outbox (docs/decisions/020-outbox.md) in Chromium. The merge, on SQLite and PostgreSQL: one browser goes offline and keeps
 * working while another edits the same list online; after reconnecting both show the same list,
 * every offline change is there once, and the merge rules hold. The queue is the real IndexedDB.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SharedListResponse, Task } from "../../src/shared/types";
import { gotoHydrated, keepScreenshot, PHONE, signedInContext, startBrowserEnv, type BrowserEnv } from "../helpers/browser";
import { describeItem, expectBanner, gotoReadyForOffline, quickAdd, rename, rowsOnScreen, tick } from "./offline-helpers";
import { seedList, visible } from "./list-helpers";
import { untilControlled } from "./offline-cache-helpers";
import { describeEachDialect } from "../helpers/databases";

const pad = (n: number) => String(n).padStart(2, "0");

describeEachDialect("offline merge in Chromium", (dialect) => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv(dialect);
  });
  afterAll(() => env.close());

  const rowsInDb = (listId: number): Promise<Task[]> => env.testApp.store.tasks.listByList(listId);

  it("merges 20 ticks, 5 adds, 3 edits and a reorder made offline with another person's online edits, each once", async () => {
    const olive = await signedInContext(env, `olive_${dialect}`);
    const frank = await signedInContext(env, `frank_${dialect}`);
    const titles = Array.from({ length: 24 }, (_, i) => `Item ${pad(i + 1)}`);
    const { list } = await seedList(olive.context.request, "Big shop", titles);
    const shared = await olive.context.request.post("/api/share-by-username", {
      data: { listId: list.id, username: `frank_${dialect}`, accessLevel: "write" },
    });
    expect(shared.status()).toBe(201);
    const page = olive.page;
    await gotoReadyForOffline(page, `/list/${list.id}`);
    await gotoHydrated(frank.page, `/list/${list.id}`);

    await olive.context.setOffline(true);
    await expectBanner(page, "Offline — changes will be saved when you are back online");
    expect(await page.getByRole("button", { name: "Reset" }).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Clear completed items" }).isDisabled()).toBe(true);

    for (const title of titles.slice(0, 20)) await tick(page, title);
    await expectBanner(page, "Offline — 20 changes will be saved");
    for (const n of [1, 2, 3, 4, 5]) await quickAdd(page, `New ${n}`);
    await expectBanner(page, "Offline — 25 changes will be saved");
    await rename(page, "Item 21", "Item 21 edited");
    await describeItem(page, "Item 22", "Offline note");
    // An item added offline is edited before the server has given it an id.
    await rename(page, "New 1", "New 1 edited");
    // ...and moved: the queued order names it by its temporary id.
    await page.getByRole("button", { name: "Reorder New 2", exact: true }).focus();
    await page.keyboard.press("ArrowUp");
    await expectBanner(page, "Offline — 29 changes will be saved");
    expect(await page.locator('.items [aria-label="Waiting to be saved"]').count()).toBe(
      // Every item but Item 23 and Item 24 has a change waiting.
      27,
    );
    await keepScreenshot(page, "offline-outbox-waiting", false);

    // Meanwhile, online: another field of an item changed offline, a title of a ticked one, and a delete.
    await describeItem(frank.page, "Item 21", "From Frank");
    await rename(frank.page, "Item 03", "Item 03 (Frank)");
    await frank.page.getByRole("button", { name: "Delete Item 22", exact: true }).click();
    await frank.page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => frank.page.getByText("Item 22", { exact: true }).count()).toBe(0);

    await olive.context.setOffline(false);
    // The refusal comes when the replay of 29 changes reaches Item 22: seconds, beside a loaded suite.
    await visible(page, "A change was not saved", 15_000);
    await visible(page, '"Item 22" was deleted by someone else, so your change to it was not saved.');
    await expectBanner(page, null);

    const expected = [
      ...titles.slice(0, 20).map((title) => `[x] ${title === "Item 03" ? "Item 03 (Frank)" : title}`),
      "[ ] Item 21 edited",
      "[ ] Item 23",
      "[ ] Item 24",
      "[ ] New 2",
      "[ ] New 1 edited",
      "[ ] New 3",
      "[ ] New 4",
      "[ ] New 5",
    ];
    await expect.poll(() => rowsOnScreen(page), { timeout: 15_000 }).toEqual(expected);
    await expect.poll(() => rowsOnScreen(frank.page), { timeout: 15_000 }).toEqual(expected);
    const served = (await (await frank.context.request.get(`/api/list/${list.id}`)).json()) as SharedListResponse;
    const byPosition = served.tasks.slice().sort((a, b) => a.position - b.position);
    expect(byPosition.map((task) => `${task.completed ? "[x]" : "[ ]"} ${task.title}`)).toEqual(expected);
    // Each offline change once: no added item twice, one row per title, the field merge kept both edits.
    const rows = await rowsInDb(list.id);
    expect(rows).toHaveLength(28);
    expect(new Set(rows.map((row) => row.title)).size).toBe(28);
    expect(rows.find((row) => row.title === "Item 21 edited")?.description).toBe("From Frank");
    await keepScreenshot(page, "offline-outbox-merged", false);
    // Live updates resumed: Frank's next change shows on Olive's page without a reload.
    await tick(frank.page, "Item 23");
    await expect
      .poll(() => page.getByRole("checkbox", { name: 'Mark "Item 23" as not completed', exact: true }).count(), { timeout: 15_000 })
      .toBe(1);
    await olive.context.close();
    await frank.context.close();
  }, 90_000);
});

/** The rest on SQLite: what they send is held on both databases by tests/api/idempotency*.test.ts. */
describe("offline outbox in Chromium", () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env.close());

  const rowsInDb = (listId: number): Promise<Task[]> => env.testApp.store.tasks.listByList(listId);

  it("applies a change whose answer was lost in flight once, and a lost tick does not flip back", async () => {
    const { page, context } = await signedInContext(env, "lost", PHONE);
    const { list } = await seedList(context.request, "Lost answers", ["Milk"]);
    await gotoHydrated(page, `/list/${list.id}`);
    // The request reaches the server and is applied; its answer never comes back.
    await loseNextAnswer(page, "**/api/tasks?*", "POST");
    await quickAdd(page, "Bread");
    await loseNextAnswer(page, "**/api/tasks/*", "PATCH");
    await page.getByRole("checkbox", { name: 'Mark "Milk" as completed', exact: true }).click();
    await expectBanner(page, null);
    await expect
      .poll(async () => (await rowsInDb(list.id)).map((row) => `${row.completed ? "[x]" : "[ ]"} ${row.title}`))
      .toEqual(["[x] Milk", "[ ] Bread"]);
    await page.reload();
    await expect.poll(() => rowsOnScreen(page)).toEqual(["[x] Milk", "[ ] Bread"]);
    await context.close();
  });

  it("deletes offline behind its confirmation, and Undo takes the queued delete back", async () => {
    const { page, context } = await signedInContext(env, "undo", PHONE);
    const { list } = await seedList(context.request, "Bathroom", ["Soap", "Sponge"]);
    await gotoReadyForOffline(page, `/list/${list.id}`);
    await context.setOffline(true);
    for (const title of ["Soap", "Sponge"]) {
      await page.getByRole("button", { name: `Delete ${title}`, exact: true }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
      await expect.poll(() => rowsOnScreen(page)).not.toContain(`[ ] ${title}`);
    }
    await expectBanner(page, "Offline — 2 changes will be saved");
    await page.getByRole("button", { name: "Undo" }).click();
    await expect.poll(() => rowsOnScreen(page)).toEqual(["[ ] Sponge"]);
    await expectBanner(page, "Offline — 1 change will be saved");
    await context.setOffline(false);
    await expectBanner(page, null);
    await expect.poll(async () => (await rowsInDb(list.id)).map((row) => row.title)).toEqual(["Sponge"]);
    await context.close();
  });

  it("sends the changes of two tabs offline on one list once each, one tab replaying at a time", async () => {
    const { page, context } = await signedInContext(env, "tabs");
    const { list } = await seedList(context.request, "Two tabs", ["Rice", "Beans"]);
    const second = await context.newPage();
    await gotoReadyForOffline(page, `/list/${list.id}`);
    await gotoReadyForOffline(second, `/list/${list.id}`);
    await context.setOffline(true);
    await tick(page, "Rice");
    await quickAdd(second, "Lentils");
    await tick(second, "Lentils");
    await expectBanner(second, "Offline — 3 changes will be saved");
    await context.setOffline(false);
    await expectBanner(page, null);
    await expectBanner(second, null);
    await expect
      .poll(async () => (await rowsInDb(list.id)).map((row) => `${row.completed ? "[x]" : "[ ]"} ${row.title}`))
      .toEqual(["[x] Rice", "[ ] Beans", "[x] Lentils"]);
    for (const tab of [page, second]) await expect.poll(() => rowsOnScreen(tab)).toEqual(["[x] Rice", "[ ] Beans", "[x] Lentils"]);
    await context.close();
  });

  it("reloaded offline from the service worker's copy, shows the changes waiting and saves them once back", async () => {
    const { page, context } = await signedInContext(env, "cached", PHONE);
    const { list } = await seedList(context.request, "Kept copy", ["Salt", "Pepper"]);
    await gotoHydrated(page, "/");
    await untilControlled(page);
    await gotoReadyForOffline(page, `/list/${list.id}`);
    await context.setOffline(true);
    await tick(page, "Pepper");
    await quickAdd(page, "Oil");
    // The row shows at once and is put in the queue a moment later; the banner counts what is stored.
    await expectBanner(page, "Offline — 2 changes will be saved");
    // The copy the worker kept is the list as it was loaded: the queue is laid over it.
    await gotoHydrated(page, `/list/${list.id}`);
    await expect.poll(() => rowsOnScreen(page)).toEqual(["[ ] Salt", "[x] Pepper", "[ ] Oil"]);
    await expectBanner(page, "Offline — 2 changes will be saved");
    expect(await page.locator('.items [aria-label="Waiting to be saved"]').count()).toBe(2);
    await context.setOffline(false);
    await expectBanner(page, null);
    // A try the moment the network comes back may still fail; the outbox tries again, 0.5 s later, then 1 s, 2 s…
    await expect
      .poll(async () => (await rowsInDb(list.id)).map((row) => `${row.completed ? "[x]" : "[ ]"} ${row.title}`), { timeout: 15_000 })
      .toEqual(["[ ] Salt", "[x] Pepper", "[ ] Oil"]);
    await context.close();
  });

  it("replays on load what waited when the page was closed offline", async () => {
    const { page, context } = await signedInContext(env, "reload");
    const { list } = await seedList(context.request, "Closed offline", ["Soap"]);
    await gotoReadyForOffline(page, `/list/${list.id}`);
    await context.setOffline(true);
    await quickAdd(page, "Towels");
    await expectBanner(page, "Offline — 1 change will be saved");
    await page.close();
    await context.setOffline(false);
    expect((await rowsInDb(list.id)).map((row) => row.title)).toEqual(["Soap"]);
    const again = await context.newPage();
    await gotoHydrated(again, `/list/${list.id}`);
    await expect.poll(async () => (await rowsInDb(list.id)).map((row) => row.title)).toEqual(["Soap", "Towels"]);
    await expectBanner(again, null);
    await expect.poll(() => rowsOnScreen(again)).toEqual(["[ ] Soap", "[ ] Towels"]);
    await context.close();
  });
});

/** Lets the next matching request reach the server, then drops its answer as a cut network would. */
async function loseNextAnswer(page: Page, url: string, method: string) {
  await page.route(
    url,
    async (route) => {
      if (route.request().method() !== method) return route.fallback();
      await route.fetch();
      await route.abort("internetdisconnected");
    },
    { times: 1 },
  );
}
