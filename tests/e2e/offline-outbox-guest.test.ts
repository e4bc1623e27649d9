/**
 * Issue 14's outbox for a share-link guest, a parent's sub-items, and the item limit reached
 * meanwhile, in Chromium on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  anonymousContext,
  gotoHydrated,
  keepScreenshot,
  PHONE,
  signedInContext,
  startBrowserEnv,
  type BrowserEnv,
} from "../helpers/browser";
import { seedList, visible } from "./list-helpers";
import { expectBanner, quickAdd, rowsOnScreen, tick } from "./offline-helpers";

describe.each(["sqlite", "postgres"] as const)("offline outbox for guests and at the limit (%s)", (dialect) => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv(dialect);
  });
  afterAll(() => env.close());

  const titlesInDb = async (listId: number) =>
    (await env.testApp.store.tasks.listByList(listId)).map((row) => `${row.completed ? "[x]" : "[ ]"} ${row.title}`);

  it("gives a share-link guest with write access the same outbox, in a parent's sub-items too", async () => {
    const owner = await signedInContext(env, `gwen_${dialect}`);
    const { list } = await seedList(owner.context.request, "Camping", ["Tent", { title: "Kitchen", isParent: true }]);
    const guest = await anonymousContext(env, PHONE);
    const page = guest.page;
    await gotoHydrated(page, `/list/${list.id}?shareId=${list.shareId}`);

    await guest.context.setOffline(true);
    await tick(page, "Tent");
    await quickAdd(page, "Torch");
    await page.getByRole("button", { name: "Open sub-items of Kitchen" }).click();
    await quickAdd(page, "Stove");
    await expectBanner(page, "Offline — 3 changes will be saved");
    await keepScreenshot(page, "offline-outbox-guest-phone", false);
    // Nothing reached the server.
    expect(await titlesInDb(list.id)).toEqual(["[ ] Tent", "[ ] Kitchen"]);

    await guest.context.setOffline(false);
    await expectBanner(page, null);
    await expect.poll(() => titlesInDb(list.id)).toEqual(["[x] Tent", "[ ] Kitchen", "[ ] Torch", "[ ] Stove"]);
    const stove = (await env.testApp.store.tasks.listByList(list.id)).find((row) => row.title === "Stove");
    const kitchen = (await env.testApp.store.tasks.listByList(list.id)).find((row) => row.title === "Kitchen");
    expect(stove?.parentId).toBe(kitchen?.id);
    await expect.poll(() => rowsOnScreen(page)).toEqual(["[ ] Kitchen", "[ ] Stove"]);
    await owner.context.close();
    await guest.context.close();
  });

  it("at the item limit reached meanwhile keeps the other changes and names the refused item", async () => {
    const owner = await signedInContext(env, `lena_${dialect}`);
    const { list } = await seedList(
      owner.context.request,
      "Almost full",
      Array.from({ length: 98 }, (_, i) => `Item ${i + 1}`),
    );
    const page = owner.page;
    await gotoHydrated(page, `/list/${list.id}`);
    await owner.context.setOffline(true);
    await quickAdd(page, "Cups");
    await tick(page, "Item 1");
    await quickAdd(page, "Plates");
    await expectBanner(page, "Offline — 3 changes will be saved");
    await page.evaluate(() => window.scrollTo(0, 0));
    await keepScreenshot(page, "offline-outbox-banner-desktop", false);
    // Someone else takes one of the two places left.
    const other = await owner.context.request.post("/api/tasks", { data: { listId: list.id, title: "Napkins" } });
    expect(other.status()).toBe(201);

    await owner.context.setOffline(false);
    await visible(page, "A change was not saved");
    await visible(page, '"Plates" was not saved: This list has reached its limit of 100 items');
    await expectBanner(page, null);
    const rows = await titlesInDb(list.id);
    expect(rows).toHaveLength(100);
    expect(rows[0]).toBe("[x] Item 1");
    expect(rows.slice(-2)).toEqual(["[ ] Napkins", "[ ] Cups"]);
    await expect.poll(async () => (await rowsOnScreen(page)).includes("[ ] Plates")).toBe(false);
    await owner.context.close();
  });
});
