import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishVersion } from "../../src/domain/versions";
import { TEST_PASSWORD } from "../helpers/test-app";
import { gotoHydrated, keepScreenshot, PHONE, signedInContext, startBrowserEnv, type BrowserEnv } from "../helpers/browser";

const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 5000 });
const dialog = (page: Page) => page.getByRole("dialog", { name: "App Updated!" });

describe("version dialog in Chromium", () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env.close());

  it("shows an unseen version with at most five changes, prefixes stripped, and reloads once seen", async () => {
    const { page, context } = await signedInContext(env, "vera");
    await publishVersion(env.testApp.store, env.testApp.bus, [
      "feat: Lists load twice as fast",
      "fix(tasks): Drag handles work on phones",
      "perf!: Smaller downloads",
      "Clearer share dialog",
      "docs: Guide on the Info tab",
      "chore: A sixth change nobody sees",
    ]);
    await gotoHydrated(page, "/settings");
    await poll(() => dialog(page).isVisible()).toBe(true);
    expect(await dialog(page).getByText("A new version of the app is available with these improvements:").isVisible()).toBe(true);
    expect(await dialog(page).locator("li").allTextContents()).toEqual([
      "Lists load twice as fast",
      "Drag handles work on phones",
      "Smaller downloads",
      "Clearer share dialog",
      "Guide on the Info tab",
    ]);
    await page.waitForTimeout(400); // let the dialog finish its entrance animation
    await keepScreenshot(page, "version-dialog", false);

    // Hold mark-seen to see the pending text, then let the reload happen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/version/mark-seen", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Get Latest Updates" }).click();
    await poll(() => page.getByRole("button", { name: "Refreshing..." }).isVisible()).toBe(true);
    const reloaded = page.waitForEvent("load");
    release();
    await reloaded;
    await gotoHydrated(page, "/shared-lists");
    await page.waitForTimeout(300);
    expect(await dialog(page).isVisible()).toBe(false);
    expect((await (await context.request.get("/api/version/check-updates")).json()).hasUpdate).toBe(false);
    await context.close();
  });

  it("opens on a published version and on a listwell:version_update event, with the fallback text when no change is given", async () => {
    const { page, context } = await signedInContext(env, "liam", PHONE);
    await gotoHydrated(page, "/shared-lists");
    expect(await dialog(page).isVisible()).toBe(false);
    // Published while the page is open: the realtime client raises the dialog.
    await publishVersion(env.testApp.store, env.testApp.bus, ["feat: Live notice"]);
    await poll(() => dialog(page).getByText("Live notice", { exact: true }).isVisible()).toBe(true);
    // Dismissing with Escape also counts as seen; nothing had the focus before it, so the page's main takes it.
    await page.keyboard.press("Escape");
    await poll(() => dialog(page).isVisible()).toBe(false);
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main");
    await poll(async () => (await (await context.request.get("/api/version/check-updates")).json()).hasUpdate).toBe(false);

    // The event the realtime client dispatches, here without any change listed.
    await page.evaluate(() => {
      window.dispatchEvent(new CustomEvent("listwell:version_update", { detail: { versionId: "2026-01-01-manual", changes: [] } }));
    });
    await poll(() => dialog(page).isVisible()).toBe(true);
    expect(await dialog(page).getByText("Latest improvements and bug fixes").isVisible()).toBe(true);
    await page.waitForTimeout(400); // let the dialog finish its entrance animation
    await keepScreenshot(page, "version-dialog-phone", false);

    // Five long changes: the dialog still opens at its top, its title and introduction in sight.
    await page.keyboard.press("Escape");
    await poll(() => dialog(page).isVisible()).toBe(false);
    const long = "feat: a change described at length, the way a changelog line runs on and on past a phone's width ".repeat(3);
    await publishVersion(
      env.testApp.store,
      env.testApp.bus,
      Array.from({ length: 5 }, (_, i) => `${long}${i}`),
    );
    await poll(() => dialog(page).locator("li").count()).toBe(5);
    await page.waitForTimeout(400); // the entrance animation
    const inSight = (text: string) =>
      dialog(page)
        .getByText(text, { exact: true })
        .evaluate((element) => {
          const box = element.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        });
    expect(await inSight("App Updated!")).toBe(true);
    expect(await inSight("A new version of the app is available with these improvements:")).toBe(true);
    await context.close();
  });

  it("pops up live on another user's open page when the administrator sends the notification", async () => {
    const admin = await env.browser.newContext({ baseURL: env.baseUrl });
    await admin.request.post("/api/login", { data: { username: "vera", password: TEST_PASSWORD } });
    admin.setDefaultTimeout(10_000);
    // The administrator has an unseen version from the test before: see it, so no dialog is in the way.
    const pending = await (await admin.request.get("/api/version/check-updates")).json();
    if (pending.hasUpdate) await admin.request.post("/api/version/mark-seen", { data: { versionId: pending.update.versionId } });
    const adminPage = await admin.newPage();
    const { page, context } = await signedInContext(env, "olga");
    await gotoHydrated(page, "/shared-lists");
    await page.waitForTimeout(500);
    expect(await dialog(page).isVisible()).toBe(false);

    await gotoHydrated(adminPage, "/admin");
    await adminPage.getByRole("button", { name: "Send Update Notification" }).click();
    await poll(() =>
      adminPage.getByText(/^Version update sent to [1-9]\d* connected devices and stored for future users$/).isVisible(),
    ).toBe(true);
    await poll(() => dialog(page).isVisible()).toBe(true);
    expect(await dialog(page).locator("li").count()).toBeGreaterThan(0);
    await admin.close();
    await context.close();
  });
});
