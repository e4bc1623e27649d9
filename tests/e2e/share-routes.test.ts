import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TaskList } from "../../src/shared/types";
import { anonymousContext, gotoHydrated, keepScreenshot, signedInContext, startBrowserEnv, type BrowserEnv } from "../helpers/browser";
import { TEST_INVITE_CODE, TEST_PASSWORD } from "../helpers/test-app";

const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 5000 });
const visible = (page: Page, text: string) => poll(() => page.getByText(text, { exact: true }).first().isVisible()).toBe(true);
/** Registers on the open auth page of a share link, and waits to land on Home with that link. */
async function registerLanding(page: Page, username: string, shareId: string) {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel("Confirm Password").fill(TEST_PASSWORD);
  await page.getByLabel("Invite Code").fill(TEST_INVITE_CODE);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL((url) => url.pathname === "/" && url.searchParams.get("shareId") === shareId);
}
const pathAndQuery = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

describe("share-link routes and session recovery in Chromium", () => {
  let env: BrowserEnv;
  let list: TaskList;
  beforeAll(async () => {
    env = await startBrowserEnv();
    const owner = await signedInContext(env, "owner_ola");
    const response = await owner.context.request.post("/api/task-lists", { data: { name: "Team picnic" } });
    list = await response.json();
    await owner.context.close();
  });
  afterAll(() => env.close());

  it("redirects the legacy /shared/{shareId} to the list, an unknown id to /?shareId, and a bare /shared/ to /", async () => {
    const { page, context } = await signedInContext(env, "legacy_lee");
    const known = await page.request.get(`/shared/${list.shareId}`, { maxRedirects: 0 });
    expect(known.status()).toBe(302);
    expect(known.headers().location).toBe(`/list/${list.id}?shareId=${list.shareId}`);
    const unknown = await page.request.get("/shared/no-such-share", { maxRedirects: 0 });
    expect(unknown.headers().location).toBe("/?shareId=no-such-share");
    for (const bare of ["/shared/", "/shared"]) {
      expect((await page.request.get(bare, { maxRedirects: 0 })).headers().location).toBe("/");
    }
    await page.goto("/shared/no-such-share");
    expect(pathAndQuery(page)).toBe("/?shareId=no-such-share");
    await visible(page, "Failed to access the shared list");
    await context.close();
  });

  it("stores the shareId from /shared-access in session storage and goes home", async () => {
    const { page, context } = await signedInContext(env, "access_ann");
    await page.goto(`/shared-access?shareId=${list.shareId}`);
    await page.waitForURL((url) => url.pathname === "/");
    expect(await page.evaluate(() => sessionStorage.getItem("pendingShareId"))).toBe(list.shareId);
    await context.close();
  });

  it("renders /shared-access as a spinner page, and sends a signed-out visitor to /auth keeping the share", async () => {
    const { page, context } = await signedInContext(env, "spinner_sue");
    const html = await (await page.request.get(`/shared-access?shareId=${list.shareId}`)).text();
    expect(html).toContain("Opening the shared list");
    expect(html).toContain('role="status"');
    await context.clearCookies();
    await page.goto(`/shared-access?shareId=${list.shareId}`);
    expect(pathAndQuery(page)).toBe(`/auth?shareId=${list.shareId}`);
    await context.close();
  });

  it("lands a visitor who registers from a share link on the shared list, with the access toast", async () => {
    const { page, context } = await anonymousContext(env);
    await page.goto(`/?shareId=${list.shareId}`);
    expect(pathAndQuery(page)).toBe(`/auth?shareId=${list.shareId}`);
    await gotoHydrated(page, `/auth?shareId=${list.shareId}`);
    await visible(page, "Shared List Access");
    await registerLanding(page, "guest_gus", list.shareId);
    await visible(page, 'You now have access to the shared list "Team picnic"');
    expect(await page.getByText("Failed to access the shared list").count()).toBe(0);
    expect(await page.evaluate(() => sessionStorage.getItem("pendingShareId"))).toBeNull();
    const shared = await (await context.request.get("/api/shared-with-me")).json();
    expect(shared.map((item: { list: { id: number } }) => item.list.id)).toEqual([list.id]);
    const landed = page.locator('.list-card[aria-current="true"]');
    await poll(() => landed.textContent()).toContain("Team picnic");
    await page.getByRole("link", { name: "Manage sharing" }).click();
    await page.waitForURL((url) => url.pathname === "/shared-lists");
    await page.goBack();
    await keepScreenshot(page, "share-link-landed");
    await context.close();
  });

  it("highlights the joined list's card after signing in through a view-only link too, whose card carries no link", async () => {
    const owner = await signedInContext(env, "owner_vi");
    const made = await owner.context.request.post("/api/task-lists", { data: { name: "Reading list" } });
    const viewOnly = (await made.json()) as TaskList;
    await owner.context.request.patch(`/api/task-lists/${viewOnly.id}`, { data: { linkAccess: "read" } });
    await owner.context.close();
    const { page, context } = await anonymousContext(env);
    await gotoHydrated(page, `/auth?shareId=${viewOnly.shareId}`);
    await registerLanding(page, "reader_rae", viewOnly.shareId);
    await visible(page, 'You now have access to the shared list "Reading list"');
    await poll(() => page.locator('.list-card[aria-current="true"]').textContent()).toContain("Reading list");
    await context.close();
  });

  it("recovers from an expired session: toast, then the relogin page with the username filled in", async () => {
    const { page, context } = await signedInContext(env, "expired_eli");
    await gotoHydrated(page, "/shared-lists");
    await context.clearCookies();
    await page.evaluate(() => window.dispatchEvent(new Event("listwell:refresh")));
    await visible(page, "Session expired: Reconnecting to server...");
    await keepScreenshot(page, "session-expired");
    await page.waitForURL((url) => url.pathname === "/auth");
    expect(pathAndQuery(page)).toBe("/auth?action=relogin&username=expired_eli");
    await gotoHydrated(page, pathAndQuery(page));
    await visible(page, "Session Expired");
    expect(await page.getByLabel("Username").inputValue()).toBe("expired_eli");
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await visible(page, "Session Restored");
    await visible(page, "Welcome back, expired_eli!");
    await keepScreenshot(page, "session-restored");
    await context.close();
  });
});
