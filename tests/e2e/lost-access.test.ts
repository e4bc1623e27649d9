/**
 * Dead links and lost access on a 390×844 touch phone (docs/decisions/048-dead-links.md): every way a
 * list stops opening ends on a page that says what happened and whom to ask, still with 404, and
 * the product's 404 page stays for paths that name nothing. Screenshots go to test-artifacts/.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY_MS } from "../../src/shared/rules/links";
import type { TaskList } from "../../src/shared/types";
import { gotoHydrated, keepScreenshot, startBrowserEnv, type BrowserEnv } from "../helpers/browser";
import { TEST_INVITE_CODE, TEST_PASSWORD } from "../helpers/test-app";
import { rowTitles, seedList, visible } from "./list-helpers";
import { expectBanner, gotoReadyForOffline } from "./offline-helpers";

const PHONE_390 = { width: 390, height: 844 };
/** Two or three people and a live connection each: more than the default 30 s on a loaded 2-core machine. */
const LIVE_TEST_MS = 60_000;
const DEAD_LINK = "This link no longer works";
const ASK_WHOEVER = "Ask the person who shared it with you for a new link.";
const UNSAVED = "The changes you made here while offline could not be saved.";

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => {
  await env?.close();
});

/** A touch phone, signed in as `username` when given. */
async function phone(username?: string, timezoneId?: string): Promise<{ context: BrowserContext; page: Page; userId: number }> {
  const context = await env.browser.newContext({ viewport: PHONE_390, hasTouch: true, isMobile: true, baseURL: env.baseUrl, timezoneId });
  context.setDefaultTimeout(15_000);
  let userId = 0;
  if (username) {
    const response = await context.request.post("/api/register", {
      data: { username, password: TEST_PASSWORD, inviteCode: TEST_INVITE_CODE },
    });
    expect(response.status()).toBe(201);
    userId = ((await response.json()) as { id: number }).id;
  }
  return { context, page: await context.newPage(), userId };
}

const linkOf = (list: TaskList, shareId = list.shareId) => `/list/${list.id}?shareId=${shareId}`;
const heading = (page: Page) => page.getByRole("heading", { level: 1 }).textContent();

/** The page an open list reloads into once it has lost the list: the answer to that navigation. */
const reloadInto = (page: Page, list: TaskList) =>
  page.waitForResponse((response) => response.request().isNavigationRequest() && new URL(response.url()).pathname === `/list/${list.id}`, {
    timeout: 15_000,
  });

describe("a list that no longer opens, on a phone", () => {
  it("tells a guest with an unknown link it no longer works, the same for a list that never existed", async () => {
    const owner = await phone("owner_una");
    const { list } = await seedList(owner.context.request, "Allotment", ["Seeds"]);
    const guest = await phone();
    const answer = await guest.page.goto(linkOf(list, "not-the-link"));
    expect(answer?.status()).toBe(404);
    await visible(guest.page, DEAD_LINK);
    await visible(guest.page, "It may have been reset or have expired, or it was copied incompletely.");
    await visible(guest.page, ASK_WHOEVER);
    await visible(guest.page, "Failed to access the shared list");
    expect(await guest.page.getByText("Allotment").count()).toBe(0);
    await keepScreenshot(guest.page, "lost-access-unknown-link", false);
    const body = async (path: string) => (await guest.context.request.get(path)).text();
    // Nothing tells a made-up link for a real list from one for no list at all.
    const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    const real = text(await body(linkOf(list, "not-the-link"))).replace(String(list.id), "ID");
    const none = text(await body("/list/999999?shareId=not-the-link")).replace("999999", "ID");
    expect(real).toBe(none);
    await owner.context.close();
    await guest.context.close();
  });

  it("tells a guest whose link the owner reset that the owner made a new link", async () => {
    const owner = await phone("owner_rex");
    const { list } = await seedList(owner.context.request, "Camping", ["Tent"]);
    expect((await owner.context.request.post(`/api/task-lists/${list.id}/rotate-share-id`)).status()).toBe(200);
    const guest = await phone();
    const answer = await guest.page.goto(linkOf(list));
    expect(answer?.status()).toBe(404);
    await visible(guest.page, DEAD_LINK);
    await visible(guest.page, "The owner made a new link, so this one stopped working.");
    await visible(guest.page, ASK_WHOEVER);
    await visible(guest.page, "Failed to access the shared list");
    await keepScreenshot(guest.page, "lost-access-reset-link", false);
    await owner.context.close();
    await guest.context.close();
  });

  it("tells a guest whose link expired on which day, in their own time zone once the page runs", async () => {
    const owner = await phone("owner_eve");
    const { list } = await seedList(owner.context.request, "Holiday", ["Passport"]);
    const patched = await owner.context.request.patch(`/api/task-lists/${list.id}`, { data: { linkExpiresInDays: 1 } });
    const expiresAt = ((await patched.json()) as TaskList).linkExpiresAt!;
    const day = (timeZone: string) =>
      new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone }).format(new Date(expiresAt));
    env.testApp.clock.advance(DAY_MS + 60_000);
    const guest = await phone(undefined, "Pacific/Kiritimati");
    // Before the page runs: the day as the server can say it, in UTC.
    const served = await guest.context.request.get(linkOf(list));
    expect(served.status()).toBe(404);
    expect(await served.text()).toContain(`This link expired on ${day("UTC")}.`);
    const answer = await guest.page.goto(linkOf(list));
    expect(answer?.status()).toBe(404);
    await visible(guest.page, DEAD_LINK);
    await visible(guest.page, `This link expired on ${day("Pacific/Kiritimati")}.`);
    await visible(guest.page, ASK_WHOEVER);
    await keepScreenshot(guest.page, "lost-access-expired-link", false);
    await owner.context.close();
    await guest.context.close();
  });

  it(
    "tells a guest who has the list open that its link was reset, naming the owner this phone saw",
    async () => {
      const owner = await phone("owner_rio");
      const { list } = await seedList(owner.context.request, "Book club", ["Pick a novel"]);
      const guest = await phone();
      await gotoHydrated(guest.page, linkOf(list));
      await expect.poll(() => rowTitles(guest.page)).toEqual(["Pick a novel"]);
      const reloaded = reloadInto(guest.page, list);
      expect((await owner.context.request.post(`/api/task-lists/${list.id}/rotate-share-id`)).status()).toBe(200);
      expect((await reloaded).status()).toBe(404);
      await expect.poll(() => heading(guest.page)).toBe(DEAD_LINK);
      await visible(guest.page, "owner_rio made a new link, so this one stopped working.");
      await visible(guest.page, "Ask owner_rio for a new link.");
      await visible(guest.page, "Failed to access the shared list");
      // Nothing was waiting: nothing is said to be lost (the next test is where it is).
      expect(await guest.page.getByText(UNSAVED).count()).toBe(0);
      expect(new URL(guest.page.url()).pathname).toBe(`/list/${list.id}`);
      await guest.page.locator(".toast").first().waitFor();
      await keepScreenshot(guest.page, "lost-access-reset-live", false);
      await owner.context.close();
      await guest.context.close();
    },
    LIVE_TEST_MS,
  );

  it(
    "tells a guest whose link was reset while they were offline that the changes they made meanwhile could not be saved",
    async () => {
      const owner = await phone("owner_ivy");
      const { list } = await seedList(owner.context.request, "Camping", ["Tent", "Torch"]);
      await owner.context.request.patch(`/api/task-lists/${list.id}`, { data: { linkAccess: "write" } });
      const guest = await phone();
      await gotoReadyForOffline(guest.page, linkOf(list));
      await guest.context.setOffline(true);
      await guest.page.getByRole("checkbox", { name: 'Mark "Tent" as completed', exact: true }).tap();
      await guest.page.getByLabel("Add an item", { exact: true }).fill("Matches");
      await guest.page.keyboard.press("Enter");
      await expectBanner(guest.page, "Offline — 2 changes will be saved");
      expect((await owner.context.request.post(`/api/task-lists/${list.id}/rotate-share-id`)).status()).toBe(200);
      const reloaded = reloadInto(guest.page, list);
      await guest.context.setOffline(false);
      expect((await reloaded).status()).toBe(404);
      await expect.poll(() => heading(guest.page)).toBe(DEAD_LINK);
      await visible(guest.page, UNSAVED);
      await visible(guest.page, "Ask owner_ivy for a new link.");
      await keepScreenshot(guest.page, "lost-access-unsaved", false);
      const rows = await owner.context.request.get(`/api/tasks?listId=${list.id}`);
      expect(((await rows.json()) as { title: string; completed: boolean }[]).map((row) => [row.title, row.completed])).toEqual([
        ["Tent", false],
        ["Torch", false],
      ]);
      await owner.context.close();
      await guest.context.close();
    },
    LIVE_TEST_MS,
  );

  it(
    "tells a guest who has the list open that the owner deleted it",
    async () => {
      const owner = await phone("owner_dot");
      const { list } = await seedList(owner.context.request, "Party", ["Balloons"]);
      const guest = await phone();
      await gotoHydrated(guest.page, linkOf(list));
      await expect.poll(() => rowTitles(guest.page)).toEqual(["Balloons"]);
      const reloaded = reloadInto(guest.page, list);
      expect((await owner.context.request.delete(`/api/task-lists/${list.id}`)).ok()).toBe(true);
      expect((await reloaded).status()).toBe(404);
      await expect.poll(() => heading(guest.page)).toBe("This list was deleted");
      await visible(guest.page, 'owner_dot deleted "Party".');
      await visible(guest.page, "Ask owner_dot if you still need it.");
      await visible(guest.page, "Failed to access the shared list");
      // A later visit through the same link, in a browser that never had it open, names no one.
      const stranger = await phone();
      expect((await stranger.page.goto(linkOf(list)))?.status()).toBe(404);
      await visible(stranger.page, "Its owner deleted it.");
      await visible(stranger.page, "Ask the person who shared it with you if you still need it.");
      expect(await stranger.page.getByText("owner_dot").count()).toBe(0);
      await owner.context.close();
      await guest.context.close();
      await stranger.context.close();
    },
    LIVE_TEST_MS,
  );

  it(
    "tells a partner who has the list open that the owner stopped sharing it",
    async () => {
      const owner = await phone("owner_pam");
      const { list } = await seedList(owner.context.request, "Groceries", ["Milk"]);
      const partner = await phone("partner_pat");
      const shared = await owner.context.request.post("/api/share-by-username", {
        data: { listId: list.id, username: "partner_pat", accessLevel: "write" },
      });
      expect(shared.status()).toBe(201);
      await gotoHydrated(partner.page, `/list/${list.id}`);
      await expect.poll(() => rowTitles(partner.page)).toEqual(["Milk"]);
      const reloaded = reloadInto(partner.page, list);
      expect((await owner.context.request.delete(`/api/unshare/${list.id}/${partner.userId}`)).ok()).toBe(true);
      expect((await reloaded).status()).toBe(404);
      await expect.poll(() => heading(partner.page)).toBe("This list isn't available");
      await visible(partner.page, 'owner_pam stopped sharing "Groceries" with you.');
      await visible(partner.page, "Ask owner_pam if you need it again.");
      await visible(partner.page, "Failed to access the shared list");
      await keepScreenshot(partner.page, "lost-access-unshared-live", false);
      await owner.context.close();
      await partner.context.close();
    },
    LIVE_TEST_MS,
  );

  it("tells a signed-in stranger the same for someone's list as for one that never existed", async () => {
    const owner = await phone("owner_sue");
    const { list } = await seedList(owner.context.request, "Diary", ["Secret"]);
    const stranger = await phone("stranger_sid");
    for (const path of [`/list/${list.id}`, "/list/999999"]) {
      expect((await stranger.page.goto(path))?.status()).toBe(404);
      await expect.poll(() => heading(stranger.page)).toBe("This list isn't available");
      await visible(stranger.page, "It may have been deleted, or it isn't shared with you.");
      await visible(stranger.page, "Ask the person who shared it with you.");
      expect(await stranger.page.getByText("Diary").count()).toBe(0);
    }
    await owner.context.close();
    await stranger.context.close();
  });

  it("tells a named recipient opening a deleted list who deleted it", async () => {
    const owner = await phone("owner_del");
    const { list } = await seedList(owner.context.request, "Chores", ["Bins"]);
    const partner = await phone("partner_dan");
    await owner.context.request.post("/api/share-by-username", { data: { listId: list.id, username: "partner_dan", accessLevel: "read" } });
    expect((await owner.context.request.delete(`/api/task-lists/${list.id}`)).ok()).toBe(true);
    expect((await partner.page.goto(`/list/${list.id}`))?.status()).toBe(404);
    await expect.poll(() => heading(partner.page)).toBe("This list was deleted");
    await visible(partner.page, "owner_del deleted it.");
    await visible(partner.page, "Ask owner_del if you still need it.");
    await owner.context.close();
    await partner.context.close();
  });

  it("keeps the product's 404 page for a path that names nothing", async () => {
    const visitor = await phone();
    const answer = await visitor.page.goto("/no-such-page");
    expect(answer?.status()).toBe(404);
    await visible(visitor.page, "404 Page Not Found");
    await visible(visitor.page, "Did you forget to add the page to the router?");
    expect(await visitor.page.getByText(DEAD_LINK).count()).toBe(0);
    await visitor.context.close();
  });
});
