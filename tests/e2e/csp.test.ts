import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TaskList } from "../../src/shared/types";
import { anonymousContext, gotoHydrated, signedInContext, startBrowserEnv, waitForHydration, type BrowserEnv } from "../helpers/browser";

/** What the browser said it refused: each `securitypolicyviolation` event and each CSP console error. */
interface Refusals {
  violations: string[];
  consoleErrors: string[];
}

/**
 * Hears every refusal in the context, across navigations: the listener is installed before any
 * page script runs and reports to the test through a binding.
 */
async function listenForRefusals(context: BrowserContext, page: Page): Promise<Refusals> {
  const refusals: Refusals = { violations: [], consoleErrors: [] };
  await context.exposeBinding("reportCspViolation", (_source, text: string) => refusals.violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      void report(
        `${event.effectiveDirective} blocked ${event.blockedURI} at ${event.documentURI} from ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} ${event.sample}`,
      );
    });
  });
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text()))
      refusals.consoleErrors.push(`${message.text()} at ${page.url()}`);
  });
  return refusals;
}

/**
 * The positive control, run after each page: an inline script the policy must refuse. Once its
 * violation has arrived, any violation the page itself caused has arrived before it.
 */
async function expectOnlyTheControlRefused(page: Page, refusals: Refusals) {
  const before = refusals.violations.length;
  const ran = await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.inlineScriptRan = true";
    document.head.append(script);
    return (window as unknown as { inlineScriptRan?: boolean }).inlineScriptRan === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => refusals.violations.length, { timeout: 5000 }).toBe(before + 1);
  expect(refusals.violations.at(-1)).toMatch(/^script-src-elem blocked inline/);
  const pageCaused = refusals.violations.filter((text) => !/^script-src-elem blocked inline/.test(text));
  expect(pageCaused).toEqual([]);
  // The control's own refusal is logged too; nothing else may be.
  await expect.poll(() => refusals.consoleErrors.filter((text) => /inline script/i.test(text)).length).toBeGreaterThan(0);
  expect(refusals.consoleErrors.filter((text) => !/inline script/i.test(text))).toEqual([]);
}

/** Waits until the page's websocket has opened and the server has answered on it. */
async function expectLiveSocket(page: Page, navigate: () => Promise<unknown>) {
  const answered = page
    .waitForEvent("websocket", { timeout: 10_000 })
    .then((socket) => new Promise<string>((resolve) => socket.on("framereceived", (frame) => resolve(String(frame.payload)))));
  await waitForHydration(page, navigate);
  const first = JSON.parse(await answered) as { type: string };
  // A page that shows who is here may hear presence first.
  expect(["connect", "subscribed", "pong", "presence"]).toContain(first.type);
}

describe("every page under the Content-Security-Policy in Chromium", () => {
  let env: BrowserEnv;
  let list: TaskList;
  let owner: { context: BrowserContext; page: Page };
  let refusals: Refusals;
  beforeAll(async () => {
    env = await startBrowserEnv();
    // The first user is the administrator, so /admin renders for them.
    owner = await signedInContext(env, "csp_owner");
    refusals = await listenForRefusals(owner.context, owner.page);
    list = await (await owner.context.request.post("/api/task-lists", { data: { name: "Policy list" } })).json();
    const parent = await owner.context.request.post("/api/tasks", { data: { listId: list.id, title: "Parent item", isParent: true } });
    await owner.context.request.post("/api/tasks", { data: { listId: list.id, title: "Child item", parentId: (await parent.json()).id } });
    await owner.context.request.post("/api/tasks", { data: { listId: list.id, title: "Done item" } });
  });
  afterAll(() => env.close());

  it("hears an inline script it refuses: the listener works", async () => {
    await gotoHydrated(owner.page, "/login-test");
    await expectOnlyTheControlRefused(owner.page, refusals);
  });

  it("renders and hydrates the owner's pages with no violation", async () => {
    const paths = [
      "/",
      "/settings",
      "/settings?tab=theme",
      "/settings?tab=account",
      "/settings?tab=info",
      "/shared-lists",
      "/admin",
      "/login-test",
      "/no-such-page",
    ];
    for (const path of paths) {
      await gotoHydrated(owner.page, path);
      // The 404 page has no island, so no script (decision 010); every other page hydrates some.
      expect([path, (await owner.page.locator("[data-island]").count()) > 0]).toEqual([path, path !== "/no-such-page"]);
      await expectOnlyTheControlRefused(owner.page, refusals);
    }
  });

  it("connects the list page's websocket under the policy, for the owner and for a parent's sub-items", async () => {
    await expectLiveSocket(owner.page, () => owner.page.goto(`/list/${list.id}`));
    await expectOnlyTheControlRefused(owner.page, refusals);
    const parentId = (await owner.page.locator(".item__title--parent").count()) > 0;
    expect(parentId).toBe(true);
    await owner.page.locator(".item__title--parent").first().click();
    await expect.poll(() => owner.page.getByText("Child item").isVisible()).toBe(true);
    await expectOnlyTheControlRefused(owner.page, refusals);
  });

  it("goes through /shared-access to the home page with no violation on either", async () => {
    await owner.page.goto(`/shared-access?shareId=${list.shareId}`);
    await owner.page.waitForURL((url) => url.pathname === "/");
    await waitForHydration(owner.page);
    await expectOnlyTheControlRefused(owner.page, refusals);
  });

  it("serves a signed-out visitor /auth, the shared list through its link, and the 404 page with no violation", async () => {
    const visitor = await anonymousContext(env);
    const heard = await listenForRefusals(visitor.context, visitor.page);
    for (const path of ["/auth", `/auth?shareId=${list.shareId}`, "/login-test", "/list/999999?shareId=nope"]) {
      await gotoHydrated(visitor.page, path);
      await expectOnlyTheControlRefused(visitor.page, heard);
    }
    await expectLiveSocket(visitor.page, () => visitor.page.goto(`/list/${list.id}?shareId=${list.shareId}`));
    await expect.poll(() => visitor.page.getByText("Parent item").isVisible()).toBe(true);
    await expectOnlyTheControlRefused(visitor.page, heard);
    await visitor.context.close();
  });
});
