import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY_MS } from "../../src/shared/rules/links";
import type { Task, TaskList } from "../../src/shared/types";
import {
  anonymousContext,
  DESKTOP,
  gotoHydrated,
  keepScreenshot,
  signedInContext,
  startBrowserEnv,
  type BrowserEnv,
  TALL_PHONE,
} from "../helpers/browser";
import { seedList, visible } from "./list-helpers";

/** The text the expiry choice shows: the selected option's. */
const shownExpiry = (page: Page) =>
  page.getByLabel("Link expiry").evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? "");

/**
 * Share levels in Chromium: the owner gives a link level `check` and a 7-day expiry in the share
 * dialog; a guest with the link ticks items and sees no other control; past the expiry the link
 * is dead and the owner's dialog says so.
 */
describe("share levels and link expiry in Chromium", () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env.close());

  it("lets a check-link guest tick and nothing else, until the link expires", async () => {
    const owner = await signedInContext(env, "olive");
    const sam = await signedInContext(env, "sam");
    const { list, tasks } = await seedList(owner.context.request, "Weekend", ["Milk", "Bread", "Feed the cat"]);
    const page = owner.page;
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Share Weekend" }).click();

    // A named share at 'Tick items only' shows as such among the people with access.
    await page.getByLabel("Username").fill("sam");
    await page.getByLabel("They can").selectOption("check");
    await page.getByRole("button", { name: "Share", exact: true }).click();
    await visible(page, "List shared with sam successfully");
    await expect.poll(() => page.locator(".share__people li").first().textContent()).toContain("Tick only");

    await page.getByLabel("Anyone with the link can").selectOption("check");
    await visible(page, "They can tick and untick items, nothing else.");
    await page.getByLabel("Link expiry").selectOption("7");
    await expect.poll(() => shownExpiry(page)).toBe("Expires in 7 days");
    const stored = async () => ((await (await owner.context.request.get("/api/task-lists")).json()) as TaskList[])[0]!;
    await expect.poll(async () => (await stored()).linkAccess).toBe("check");
    const expiresAt = Date.parse((await stored()).linkExpiresAt!);
    expect(Math.abs(expiresAt - (Date.now() + 7 * DAY_MS))).toBeLessThan(60_000);
    await keepScreenshot(page, "share-levels-dialog", false);
    await page.setViewportSize(TALL_PHONE);
    await keepScreenshot(page, "share-levels-dialog-phone", false);
    await page.setViewportSize(DESKTOP);
    const link = await page.getByLabel("Share link").inputValue();

    // The guest: boxes work; no add field, no edit, delete, drag handle or reset.
    const guest = await anonymousContext(env);
    await gotoHydrated(guest.page, link.replace(env.baseUrl, ""));
    await visible(guest.page, "Feed the cat");
    const rows = guest.page.locator(".items .item");
    await expect.poll(() => rows.count()).toBe(3);
    expect(await guest.page.getByLabel("Add an item").count()).toBe(0);
    expect(await guest.page.getByRole("button", { name: /^(Edit|Delete) / }).count()).toBe(0);
    expect(await guest.page.locator(".drag-handle").count()).toBe(0);
    expect(await guest.page.getByRole("button", { name: "Reset" }).count()).toBe(0);
    expect(await guest.page.getByRole("button", { name: "Add Item" }).count()).toBe(0);
    await guest.page.getByRole("checkbox", { name: 'Mark "Milk" as completed' }).click();
    await expect.poll(() => guest.page.getByRole("checkbox", { name: 'Mark "Milk" as not completed' }).isVisible()).toBe(true);
    const milk = async () =>
      ((await (await owner.context.request.get(`/api/tasks?listId=${list.id}`)).json()) as Task[]).find((t) => t.id === tasks[0]!.id)!;
    await expect.poll(async () => (await milk()).completed).toBe(true);
    await keepScreenshot(guest.page, "share-levels-guest-list");
    await guest.page.setViewportSize(TALL_PHONE);
    await keepScreenshot(guest.page, "share-levels-guest-list-phone");
    // Unticking works too.
    await guest.page.getByRole("checkbox", { name: 'Mark "Milk" as not completed' }).click();
    await expect.poll(async () => (await milk()).completed).toBe(false);

    // Past the expiry the link opens nothing, and the owner sees it expired. The guest's page is
    // closed first: left open, its refetch after the untick could meet the expired link and leave
    // for / in the middle of the visit below.
    await guest.page.goto("about:blank");
    env.testApp.clock.advance(7 * DAY_MS + 60_000);
    const dead = await guest.page.goto(link);
    expect(dead?.status()).toBe(404);
    expect(await guest.page.getByText("Feed the cat").count()).toBe(0);
    // The owner's browser lives at the server's time too, which says how long is left.
    await page.clock.install({ time: env.testApp.clock.now() });
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Share Weekend" }).click();
    await expect.poll(() => shownExpiry(page)).toBe("Expired");
    await visible(page, "This link has expired: it no longer opens the list. Choose a new expiry or reset the link.");
    // The dialog fades in: photographed once it has.
    await page.locator("dialog[open]").evaluate((dialog) => Promise.all(dialog.getAnimations({ subtree: true }).map((a) => a.finished)));
    await keepScreenshot(page, "share-levels-dialog-expired", false);
    await page.getByLabel("Link expiry").selectOption("1");
    await expect.poll(() => shownExpiry(page)).not.toBe("Expired");
    expect((await guest.page.goto(link))?.status()).toBe(200);

    // The named recipient at check: 'Tick only' on Shared Lists, and the same tick-only list page.
    await gotoHydrated(sam.page, "/shared-lists");
    await expect.poll(() => sam.page.locator(".share-card").first().textContent()).toContain("Tick only");
    await keepScreenshot(sam.page, "share-levels-shared-lists", false);
    await gotoHydrated(sam.page, `/list/${list.id}`);
    await visible(sam.page, "Feed the cat");
    expect(await sam.page.getByRole("button", { name: /^(Edit|Delete) / }).count()).toBe(0);
    await sam.page.getByRole("checkbox", { name: 'Mark "Bread" as completed' }).click();
    await expect
      .poll(async () => ((await (await owner.context.request.get(`/api/tasks?listId=${list.id}`)).json()) as Task[])[1]!.completed)
      .toBe(true);

    await sam.context.close();
    await guest.context.close();
    await owner.context.close();
  });
});
