import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setInviteCode } from "../../src/domain/invites";
import { gotoHydrated, keepScreenshot, signedInContext, startBrowserEnv, type BrowserEnv } from "../helpers/browser";
import { TEST_INVITE_CODE, TEST_PASSWORD } from "../helpers/test-app";

const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 5000 });
const visible = (page: Page, text: string | RegExp) =>
  poll(() =>
    page
      .getByText(text, { exact: typeof text === "string" })
      .first()
      .isVisible(),
  ).toBe(true);

describe("admin panel in Chromium", () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env.close());

  it("lets the administrator replace the invite code, with its rules, states and toasts", async () => {
    const { page, context } = await signedInContext(env, "root_admin");
    await gotoHydrated(page, "/admin");
    await visible(page, "Invite Code Management");
    await visible(page, "Users need this invite code to register for a new account");
    expect(await page.getByTestId("current-invite-code").textContent()).toBe(TEST_INVITE_CODE);
    const input = page.getByLabel("New Invite Code");
    const update = page.getByRole("button", { name: "Update", exact: true });
    expect(await input.inputValue()).toBe(TEST_INVITE_CODE);
    expect(await update.isDisabled()).toBe(true);
    await keepScreenshot(page, "admin-panel");

    await input.fill("   ");
    await update.click();
    await visible(page, "Invite code cannot be empty");

    // Hold the save to see its pending state.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/admin/invite-code", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await input.fill("spring-2026");
    // Pressed by key: the button disables itself while saving, and stays so with the code saved.
    await update.focus();
    await page.keyboard.press("Enter");
    await poll(() => page.getByRole("button", { name: "Updating..." }).isDisabled()).toBe(true);
    release();
    await visible(page, "Invite code updated successfully");
    expect(await page.getByTestId("current-invite-code").textContent()).toBe("spring-2026");
    expect(await update.isDisabled()).toBe(true);
    // So the focus goes to the form's field, not the page's body.
    await poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("INPUT");
    await page.unroute("**/api/admin/invite-code");

    const newcomer = await env.browser.newContext({ baseURL: env.baseUrl });
    const registered = await newcomer.request.post("/api/register", {
      data: { username: "newcomer", password: TEST_PASSWORD, inviteCode: "spring-2026" },
    });
    expect(registered.status()).toBe(201);
    await newcomer.close();

    await page.route("**/api/admin/invite-code", (route) => route.fulfill({ status: 500, json: { message: "Database unavailable" } }));
    await input.fill("summer-2026");
    await update.click();
    await visible(page, "Failed to update invite code");
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await visible(page, "Failed to fetch invite code");
    await context.close();
    // The other tests register their users with the usual code.
    await setInviteCode(env.testApp.store, TEST_INVITE_CODE);
  });

  it("sends the What's New notification and says to how many devices", async () => {
    const { page, context } = await signedInContext(env, "someone_else");
    await context.request.post("/api/logout");
    await context.request.post("/api/login", { data: { username: "root_admin", password: TEST_PASSWORD } });
    await gotoHydrated(page, "/admin");
    await visible(page, "Deployment Notifications");
    await visible(page, /What's New/);
    await page.getByRole("button", { name: "Send Update Notification" }).click();
    await visible(page, /^Version update sent to \d+ connected devices and stored for future users$/);
    await keepScreenshot(page, "admin-update-sent");
    const check = await (await context.request.get("/api/version/check-updates")).json();
    expect(check.hasUpdate).toBe(true);
    await context.close();
  });

  it("redirects everyone else: other users to /, signed-out visitors to /auth", async () => {
    const { page, context } = await signedInContext(env, "plain_user");
    await page.goto("/admin");
    expect(new URL(page.url()).pathname).toBe("/");
    await gotoHydrated(page, "/settings?tab=account");
    expect(await page.getByText("Administrator Access").count()).toBe(0);
    await context.clearCookies();
    await page.goto("/admin");
    expect(new URL(page.url()).pathname).toBe("/auth");
    expect((await context.request.get("/api/admin/invite-code")).status()).toBe(401);
    await context.close();
  });
});
