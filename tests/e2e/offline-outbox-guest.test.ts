/**
 * The offline outbox for a share-link guest, a parent's sub-items, per account, and the item limit reached
 * meanwhile, in Chromium (on SQLite: the calls it replays are held on both databases by
 * tests/api/idempotency*.test.ts, docs/decisions/069-browser-files-on-one-database.md).
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
import { TEST_INVITE_CODE, TEST_PASSWORD } from "../helpers/test-app";
import { seedList, visible } from "./list-helpers";
import { expectBanner, gotoReadyForOffline, quickAdd, rowsOnScreen, tick } from "./offline-helpers";

describe("offline outbox for guests and at the limit", () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env.close());

  const titlesInDb = async (listId: number) =>
    (await env.testApp.store.tasks.listByList(listId)).map((row) => `${row.completed ? "[x]" : "[ ]"} ${row.title}`);

  it("gives a share-link guest with write access the same outbox, in a parent's sub-items too", async () => {
    const owner = await signedInContext(env, "gwen");
    const { list } = await seedList(owner.context.request, "Camping", ["Tent", { title: "Kitchen", isParent: true }]);
    const guest = await anonymousContext(env, PHONE);
    const page = guest.page;
    await gotoReadyForOffline(page, `/list/${list.id}?shareId=${list.shareId}`);

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

  it("moves a parent's view added offline to the id it is saved as, so a reload opens it", async () => {
    const owner = await signedInContext(env, "pia");
    const { list } = await seedList(owner.context.request, "Picnic", ["Blanket"]);
    const page = owner.page;
    await gotoReadyForOffline(page, `/list/${list.id}`);
    await owner.context.setOffline(true);
    await page.getByRole("button", { name: "Add Item", exact: true }).click();
    await page.getByLabel("Title").fill("Basket");
    await page.getByLabel("Make this a parent item (can contain sub-items)").check();
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("button", { name: "Open sub-items of Basket" }).click();
    await quickAdd(page, "Plates");
    const parentInUrl = () => Number(new URL(page.url()).searchParams.get("parentId"));
    // Not saved yet: the view is addressed by the item's temporary id.
    expect(parentInUrl()).toBeLessThan(0);

    await owner.context.setOffline(false);
    await expectBanner(page, null);
    const basket = (await env.testApp.store.tasks.listByList(list.id)).find((row) => row.title === "Basket");
    expect(basket?.isParent).toBe(true);
    await expect.poll(parentInUrl).toBe(basket?.id);
    await page.reload();
    await expect.poll(() => rowsOnScreen(page)).toEqual(["[ ] Basket", "[ ] Plates"]);
    await owner.context.close();
  });

  it("keeps each account's changes for that account: another one signed in on the browser never sends them", async () => {
    const ann = await signedInContext(env, "ann");
    const { context } = ann;
    const { list } = await seedList(context.request, "Ann's", ["Bread"]);
    const page = ann.page;
    await gotoReadyForOffline(page, `/list/${list.id}`);
    await context.setOffline(true);
    await tick(page, "Bread");
    await expectBanner(page, "Offline — 1 change will be saved");
    await page.close();
    await context.setOffline(false);

    // Ann signs out and Bob signs in on the same browser: his list page leaves Ann's queue alone.
    expect((await context.request.post("/api/logout")).status()).toBe(200);
    const bob = await context.request.post("/api/register", {
      data: { username: "bob", password: TEST_PASSWORD, inviteCode: TEST_INVITE_CODE },
    });
    expect(bob.status()).toBe(201);
    const { list: bobs } = await seedList(context.request, "Bob's", ["Eggs"]);
    const bobPage = await context.newPage();
    // The outbox's code is fetched ahead only once the start found nothing waiting in Bob's queue.
    await gotoReadyForOffline(bobPage, `/list/${bobs.id}`);
    await expectBanner(bobPage, null);
    expect(await titlesInDb(list.id)).toEqual(["[ ] Bread"]);

    // Back as Ann, any of her list pages sends it.
    await bobPage.close();
    expect((await context.request.post("/api/logout")).status()).toBe(200);
    const login = await context.request.post("/api/login", { data: { username: "ann", password: TEST_PASSWORD } });
    expect(login.status()).toBe(200);
    const { list: other } = await seedList(context.request, "Ann's other", []);
    await gotoHydrated(await context.newPage(), `/list/${other.id}`);
    await expect.poll(() => titlesInDb(list.id)).toEqual(["[x] Bread"]);
    await context.close();
  });

  it("at the item limit reached meanwhile keeps the other changes and names the refused item", async () => {
    const owner = await signedInContext(env, "lena");
    const { list } = await seedList(
      owner.context.request,
      "Almost full",
      Array.from({ length: 98 }, (_, i) => `Item ${i + 1}`),
    );
    const page = owner.page;
    await gotoReadyForOffline(page, `/list/${list.id}`);
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
