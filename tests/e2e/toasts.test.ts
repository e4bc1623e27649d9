import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, gotoHydrated, keepScreenshot, PHONE, signedInContext, startBrowserEnv, type BrowserEnv } from "../helpers/browser";
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

  it("give a finger 44 px for Undo and Close on a phone, and stay compact on a desktop", async () => {
    const sizes = async (viewport: { width: number; height: number }, name: string) => {
      const { page, context } = await signedInContext(env, name, viewport);
      const list = (await (await context.request.post("/api/task-lists", { data: { name: "Picnic" } })).json()) as { id: number };
      await context.request.post("/api/tasks", { data: { listId: list.id, title: "Plates", description: "" } });
      await gotoHydrated(page, `/list/${list.id}`);
      await page.getByRole("checkbox", { name: 'Mark "Plates" as completed' }).click();
      const toast = page.getByRole("status").filter({ hasText: "Task completed" });
      await toast.waitFor();
      const measured = await Promise.all(
        ["Undo", "Close"].map(async (label) => {
          const box = (await toast.getByRole("button", { name: label }).boundingBox())!;
          return [label, Math.round(box.width) >= 44 && Math.round(box.height) >= 44] as const;
        }),
      );
      await context.close();
      return measured;
    };
    expect(await sizes(PHONE, "toast_phone")).toEqual([
      ["Undo", true],
      ["Close", true],
    ]);
    // The control: on a desktop with a mouse the same buttons keep their compact size.
    expect(await sizes(DESKTOP, "toast_desktop")).toEqual([
      ["Undo", false],
      ["Close", false],
    ]);
  });
});
