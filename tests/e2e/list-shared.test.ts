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
import { rowTitles, seedList, visible } from "./list-helpers";

describe("shared list page in Chromium", () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env.close());

  it("lets an anonymous visitor with the share link add, complete and edit items", async () => {
    const owner = await signedInContext(env, "owen");
    const { list } = await seedList(owner.context.request, "Party", ["Balloons"]);
    const guest = await anonymousContext(env, PHONE);
    const page = guest.page;

    expect((await page.goto(`/list/${list.id}`))?.url()).toMatch(/\/auth$/);
    await gotoHydrated(page, `/list/${list.id}?shareId=${list.shareId}`);
    await visible(page, "Shared by owen");
    await expect.poll(() => page.locator(".guest-notice").textContent()).toContain("You are using a shared list as a guest.");
    expect(await page.getByRole("link", { name: "Log in or register" }).getAttribute("href")).toBe(`/auth?shareId=${list.shareId}`);
    expect(await page.getByRole("button", { name: "Clear completed items" }).count()).toBe(0);

    await page.getByLabel("Add an item", { exact: true }).fill("Cake");
    await page.keyboard.press("Enter");
    await expect.poll(() => rowTitles(page)).toEqual(["Balloons", "Cake"]);
    await page.getByRole("checkbox", { name: /Balloons/ }).click();
    await visible(page, "Task completed");
    await page.getByRole("button", { name: "Edit Cake" }).click();
    await page.getByLabel("Title").fill("Chocolate cake");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => rowTitles(page)).toEqual(["Balloons", "Chocolate cake"]);
    await keepScreenshot(page, "list-shared-guest-phone", false);

    // A pasted list and an Undo work through the link too.
    await guest.context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByLabel("Add an item", { exact: true }).click();
    await page.evaluate(() => navigator.clipboard.writeText("- Cups\n- Plates"));
    await page.keyboard.press("Control+V");
    await page.getByRole("dialog", { name: "Add 2 items" }).getByRole("button", { name: "Add 2 items" }).click();
    await expect.poll(() => rowTitles(page)).toEqual(["Balloons", "Chocolate cake", "Cups", "Plates"]);
    await page.getByRole("button", { name: "Delete Cups" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => rowTitles(page)).toEqual(["Balloons", "Chocolate cake", "Plates"]);
    await page.getByRole("button", { name: "Undo" }).click();
    await expect.poll(() => rowTitles(page)).toEqual(["Balloons", "Chocolate cake", "Cups", "Plates"]);

    // The owner sees the guest's changes.
    await gotoHydrated(owner.page, `/list/${list.id}`);
    await expect.poll(() => rowTitles(owner.page)).toEqual(["Balloons", "Chocolate cake", "Cups", "Plates"]);
    expect(await owner.page.getByRole("checkbox", { name: /Balloons/ }).getAttribute("aria-checked")).toBe("true");

    // A wrong or rotated link is a 404, as if the list did not exist.
    expect((await page.goto(`/list/${list.id}?shareId=not-the-link`))?.status()).toBe(404);
    await owner.context.close();
    await guest.context.close();
  });

  it("tells a visitor whose link was reset before the page went live that the shared list is gone", async () => {
    const owner = await signedInContext(env, "early_rotor");
    const { list } = await seedList(owner.context.request, "Poems", ["Pick a poet"]);
    const guest = await anonymousContext(env);
    const page = guest.page;
    // Hold the island script: the page is on screen, but its live connection has not subscribed yet.
    let releaseScript!: () => void;
    const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
    await page.route("**/build/*.js", async (route) => {
      await scriptHeld;
      await route.continue();
    });
    await page.goto(`/list/${list.id}?shareId=${list.shareId}`, { waitUntil: "commit" });
    await expect.poll(() => rowTitles(page)).toEqual(["Pick a poet"]);
    expect((await owner.context.request.post(`/api/task-lists/${list.id}/rotate-share-id`)).status()).toBe(200);
    releaseScript();
    // Its subscription is refused, so it checks the list and reloads into the page that says why.
    await visible(page, "This link no longer works", 10_000);
    await visible(page, "Failed to access the shared list");
    await owner.context.close();
    await guest.context.close();
  });

  it("tells a link visitor whose link was reset, live and on the next visit, that the shared list is gone", async () => {
    const owner = await signedInContext(env, "rotating_rita");
    const { list } = await seedList(owner.context.request, "Book club", ["Pick a novel"]);
    const guest = await anonymousContext(env);
    const page = guest.page;
    await gotoHydrated(page, `/list/${list.id}?shareId=${list.shareId}`);
    await expect.poll(() => rowTitles(page)).toEqual(["Pick a novel"]);

    expect((await owner.context.request.post(`/api/task-lists/${list.id}/rotate-share-id`)).status()).toBe(200);
    // The open page learns it live and reloads into the page that says why (tests/e2e/lost-access.test.ts).
    await visible(page, "This link no longer works", 10_000);
    await visible(page, "Failed to access the shared list");

    const again = await page.goto(`/list/${list.id}?shareId=${list.shareId}`);
    expect(again?.status()).toBe(404);
    await visible(page, "This link no longer works");
    await visible(page, "Failed to access the shared list");
    await owner.context.close();
    await guest.context.close();
  });

  it("shows a read-only link visitor no edit controls", async () => {
    const owner = await signedInContext(env, "rhea");
    const { list } = await seedList(owner.context.request, "Reading list", [
      "Dune",
      { title: "Series", isParent: true, description: "Long ones" },
    ]);
    const { list: empty } = await seedList(owner.context.request, "Empty one");
    for (const id of [list.id, empty.id]) await owner.context.request.patch(`/api/task-lists/${id}`, { data: { linkAccess: "read" } });

    const guest = await anonymousContext(env);
    const page = guest.page;
    await gotoHydrated(page, `/list/${list.id}?shareId=${list.shareId}`);
    await expect.poll(() => rowTitles(page)).toEqual(["Dune", "Series"]);
    for (const name of ["Add Item", "Reset", "Clear completed items", "Edit Dune", "Delete Dune", "Reorder Dune"]) {
      expect(await page.getByRole("button", { name, exact: true }).count()).toBe(0);
    }
    expect(await page.getByRole("checkbox", { name: /Dune/ }).isDisabled()).toBe(true);
    // No add control at all, and titles are text, not buttons that edit.
    expect(await page.getByLabel("Add an item").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Dune", exact: true }).count()).toBe(0);
    // A guest has no settings, and Back keeps the link: it offers to sign in and keep the list.
    expect(await page.getByRole("button", { name: "Settings" }).isDisabled()).toBe(true);
    expect(await page.getByRole("link", { name: "Back", exact: true }).getAttribute("href")).toBe(`/auth?shareId=${list.shareId}`);
    await page.getByRole("button", { name: "View description of Series" }).click();
    await visible(page, "Long ones");
    await page.getByRole("button", { name: "Close", exact: true }).click();
    await page.getByRole("button", { name: "Open sub-items of Series" }).click();
    await visible(page, "No items in this list.");
    await keepScreenshot(page, "list-read-only", false);

    await gotoHydrated(page, `/list/${empty.id}?shareId=${empty.shareId}`);
    await visible(page, "No items in this list.");
    expect((await page.request.post(`/api/tasks?shareId=${list.shareId}`, { data: { title: "Sneaky" } })).status()).toBe(403);
    await owner.context.close();
    await guest.context.close();
  });

  it("gives a signed-in stranger a 404 and a named recipient the list", async () => {
    const owner = await signedInContext(env, "sara");
    const stranger = await signedInContext(env, "stan");
    const { list } = await seedList(owner.context.request, "Private", ["Secret"]);
    expect((await stranger.page.goto(`/list/${list.id}`))?.status()).toBe(404);
    await visible(stranger.page, "This list isn't available");

    await owner.context.request.post("/api/share-by-username", { data: { listId: list.id, username: "stan", accessLevel: "write" } });
    await gotoHydrated(stranger.page, `/list/${list.id}?shareId=${list.shareId}`);
    await visible(stranger.page, "Shared by sara");
    await stranger.page.getByRole("checkbox", { name: /Secret/ }).click();
    await visible(stranger.page, '"Secret" marked as complete');
    await owner.context.close();
    await stranger.context.close();
  });
});
