import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { startServer, type RunningServer } from "../../src/serve";
import type { Dialect } from "./databases";
import { makeTestApp, TEST_INVITE_CODE, TEST_PASSWORD, type TestApp } from "./test-app";

export const ARTIFACTS_DIR = join(process.cwd(), "test-artifacts");
export const PHONE = { width: 375, height: 740 };
/** The phone the layout and touch-target checks are written for. */
export const TALL_PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 800 };

export interface BrowserEnv {
  testApp: TestApp;
  running: RunningServer;
  browser: Browser;
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * Debian's two builds of Chromium (docs/decisions/052-headless-shell.md). Its headless shell, the
 * same engine and version without the desktop browser around it (what Playwright itself runs
 * headless), takes a third less CPU and wall time: every browser file runs on it. The full browser
 * is for what only it has: notifications a person allows, and its back/forward cache.
 */
export const CHROMIUM = { headlessShell: "/usr/bin/chromium-headless-shell", full: "/usr/bin/chromium" } as const;
export type ChromiumBuild = keyof typeof CHROMIUM;

const launched = new Map<ChromiumBuild, Promise<Browser>>();

/**
 * One Chromium of each build per worker process, kept for every browser file it runs
 * (docs/decisions/035-test-lanes.md): files share nothing in it but the process, each person being a
 * context of their own. Launched again if it ever goes away.
 */
function sharedBrowser(build: ChromiumBuild): Promise<Browser> {
  const running =
    launched.get(build) ??
    chromium
      .launch({
        executablePath: CHROMIUM[build],
        args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"],
      })
      .then((browser) => {
        browser.on("disconnected", () => launched.delete(build));
        return browser;
      });
  launched.set(build, running);
  return running;
}

/** A real server on a free port over a fresh database, and Chromium to drive it. */
export async function startBrowserEnv(dialect: Dialect = "sqlite", build: ChromiumBuild = "headlessShell"): Promise<BrowserEnv> {
  const testApp = await makeTestApp(dialect);
  const running = startServer(
    { store: testApp.store, config: testApp.config, bus: testApp.bus, assets: testApp.assets },
    { port: 0, hostname: "127.0.0.1" },
  );
  const browser = await sharedBrowser(build);
  const before = new Set(browser.contexts());
  return {
    testApp,
    running,
    browser,
    baseUrl: running.url,
    async close() {
      // Every context this environment's tests opened, so the next file starts on a clean browser.
      const opened = browser.contexts().filter((context) => !before.has(context));
      await Promise.all(opened.map((context) => context.close()));
      await running.stop();
      await testApp.close();
    },
  };
}

/** Fail within seconds, not at the test's timeout, when an element never shows up. */
const ACTION_TIMEOUT_MS = 10_000;

/** Registers a user through the API and answers a browser context signed in as them (no typing). */
export async function signedInContext(
  env: BrowserEnv,
  username: string,
  viewport = DESKTOP,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; user: { id: number; username: string } }> {
  const context = await env.browser.newContext({ viewport, baseURL: env.baseUrl, ...options });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  const response = await context.request.post("/api/register", {
    data: { username, password: TEST_PASSWORD, inviteCode: TEST_INVITE_CODE },
  });
  if (response.status() !== 201) throw new Error(`register ${username}: ${response.status()} ${await response.text()}`);
  const page = await context.newPage();
  return { context, page, user: await response.json() };
}

/** An anonymous visitor's context (no session). */
export async function anonymousContext(env: BrowserEnv, viewport = DESKTOP) {
  const context = await env.browser.newContext({ viewport, baseURL: env.baseUrl });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  return { context, page: await context.newPage() };
}

/** Waits until every island on the page has hydrated, so clicks reach React. */
export async function gotoHydrated(page: Page, path: string) {
  await waitForHydration(page, () => page.goto(path));
}

/** Waits for every island after `navigate` (by default: whatever the page is already doing). */
export async function waitForHydration(page: Page, navigate?: () => Promise<unknown>) {
  const errors: string[] = [];
  const onError = (error: Error) => errors.push(error.message);
  page.on("pageerror", onError);
  try {
    await navigate?.();
    await page
      .waitForFunction(() =>
        [...document.querySelectorAll<HTMLElement>("[data-island]")].every((island) => island.dataset.hydrated === "true"),
      )
      .catch(async (error: Error) => {
        // Say which islands stayed dead and why, so a failure in CI can be understood from its log.
        const dead = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>("[data-island]")]
            .filter((island) => island.dataset.hydrated !== "true")
            .map((island) => island.dataset.island),
        );
        throw new Error(`Islands not hydrated on ${page.url()}: ${dead.join(", ")}; page errors: ${errors.join(" | ") || "none"}`, {
          cause: error,
        });
      });
  } finally {
    page.off("pageerror", onError);
  }
}

/** Keeps a screenshot in test-artifacts/ for people to look at. */
export async function keepScreenshot(page: Page, name: string, fullPage = true) {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`), fullPage });
}
