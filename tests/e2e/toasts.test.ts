import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gotoHydrated, keepScreenshot, signedInContext, startBrowserEnv, type BrowserEnv } from "../helpers/browser";
import { registerUser } from "../helpers/test-app";

describe("toasts in Chromium", () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env.close());

  it("rise above an open modal dialog, where they can be read and dismissed", async () => {
    const { page, context } = await signedInContext(env, "owner");
    await registerUser(env.testApp, "friend");
    await context.request.post("/api/task-lists", { data: { name: "Camping" } });
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Share Camping" }).click();
    await page.getByLabel("Username").fill("friend");
    await page.getByRole("button", { name: "Share", exact: true }).click();
    const toast = page.getByRole("status").filter({ hasText: "List shared with friend successfully" });
    await toast.waitFor();
    expect(await page.locator("dialog[open]").count()).toBe(1);
    const onTop = await toast.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return element.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
    });
    expect(onTop).toBe(true);
    await page.waitForTimeout(300);
    await keepScreenshot(page, "toast-over-dialog", false);
    await toast.getByRole("button", { name: "Close" }).click();
    await expect.poll(() => toast.count()).toBe(0);
    expect(await page.locator("dialog[open]").count()).toBe(1);

    await page.getByRole("button", { name: "Unshare with friend" }).click();
    const unshared = page.getByRole("status").filter({ hasText: "The user no longer has access to this list" });
    await unshared.waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.locator("dialog[open]").count()).toBe(0);
    await expect.poll(() => unshared.isVisible()).toBe(true);
    await context.close();
  });
});
