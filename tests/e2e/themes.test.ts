import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults, NodeResult } from "axe-core";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COLOR_MODE_COOKIE, THEME_IDS, type ThemeId } from "../../src/shared/themes";
import {
  anonymousContext,
  type BrowserEnv,
  DESKTOP,
  gotoHydrated,
  keepScreenshot,
  signedInContext,
  startBrowserEnv,
  TALL_PHONE,
} from "../helpers/browser";
import { seedList } from "./list-helpers";

/** Every page, in every theme, light and dark, keeps text at WCAG AA contrast as axe-core measures it. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const MODES = ["light", "dark"] as const;
type Mode = (typeof MODES)[number];
/** Every page of one theme is kept as a picture too, for people to look over both modes. */
const PICTURED_THEME: ThemeId = "ocean";
const pictureName = (mode: Mode, path: string) =>
  `theme-pages-${mode}-${path.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}`;
const htmlAttributes = (page: Page) => page.evaluate(() => [document.documentElement.dataset.theme, document.documentElement.dataset.mode]);

/** axe's colour-contrast rule alone, on the whole document as it is now. */
async function contrastViolations(page: Page): Promise<NodeResult[]> {
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(document, {
      runOnly: ["color-contrast"],
      resultTypes: ["violations"],
    }),
  );
  return results.violations.flatMap((violation) => violation.nodes);
}

/** One line per failing element: where it is, and axe's own numbers (colours, ratio, size). */
const describeNodes = (nodes: NodeResult[]) =>
  nodes.map((node) => `${node.target.join(" ")}: ${node.any.map((check) => check.message).join("; ")}\n    ${node.html}`).join("\n");

/** Pages answer with the mode the cookie names, as a browser that chose it in Settings would send it. */
async function chooseMode(context: BrowserContext, baseUrl: string, mode: Mode) {
  await context.addCookies([{ name: COLOR_MODE_COOKIE, value: mode, url: baseUrl, sameSite: "Lax" }]);
}

const otherMode = (mode: Mode): Mode => (mode === "light" ? "dark" : "light");

/**
 * Repaints the page in the other mode as Settings does (islands/settings/theme-storage.ts): every
 * page's stylesheet holds both modes, so this shows what a load in that mode shows, for a fraction
 * of a load's time (docs/decisions/041-suite-time.md). Buttons fade their background over 0.15 s
 * even with reduced motion; axe must see colours at rest, so each fade is taken to its end.
 */
async function switchMode(page: Page, mode: Mode) {
  await page.evaluate((next) => {
    document.documentElement.dataset.mode = next;
    document.querySelector('meta[name="color-scheme"]')?.setAttribute("content", next);
    for (const animation of document.getAnimations()) if (animation instanceof CSSTransition) animation.finish();
  }, mode);
}

/** Checks the page as the server rendered it in `loadedIn`, then switched in place to the other mode. */
async function inBothModes(page: Page, theme: ThemeId, loadedIn: Mode, check: (mode: Mode) => Promise<void>) {
  for (const mode of [loadedIn, otherMode(loadedIn)]) {
    if (mode !== loadedIn) await switchMode(page, mode);
    expect(await htmlAttributes(page)).toEqual([theme, mode]);
    await check(mode);
  }
}

describe("colour contrast in every theme and mode, in Chromium", () => {
  let env: BrowserEnv;
  let admin: Awaited<ReturnType<typeof signedInContext>>;
  let guest: Awaited<ReturnType<typeof anonymousContext>>;
  const pages: string[] = [];
  let sharedPath = "";

  beforeAll(async () => {
    env = await startBrowserEnv();
    // The first account is the administrator (docs/product-rules.md#access), so /admin and the Settings admin box are checked too.
    admin = await signedInContext(env, "ada_admin");
    const friend = await signedInContext(env, "friend");
    await admin.context.addInitScript({ content: AXE_SOURCE });
    const { list, tasks } = await seedList(admin.context.request, "Weekend errands", [
      "Buy coffee beans",
      { title: "Garden", isParent: true },
      { title: "Return library books", completed: true },
      "Call grandma",
      { title: "Pay the electricity bill", completed: true },
      "Book the dentist",
      "Fix the bike light",
      { title: "Plan Sunday lunch", description: "Ask everyone what they like" },
      "Water the plants",
      { title: "Send the birthday card", completed: true },
      "Back up the laptop",
    ]);
    const garden = tasks[1]!;
    for (const item of [{ title: "Mow the lawn" }, { title: "Trim the hedge", completed: true }]) {
      await admin.context.request.post("/api/tasks", { data: { listId: list.id, description: "", parentId: garden.id, ...item } });
    }
    // Due words in every theme: an overdue one in the warning colour, a repeating one with its mark (docs/decisions/056-due-dates-browser.md).
    for (const item of [
      { title: "Put the bins out", dueAt: "2020-01-07" },
      { title: "Water the tomatoes", dueAt: "2099-06-01", repeat: "FREQ=WEEKLY;BYDAY=MO" },
    ]) {
      expect((await admin.context.request.post("/api/tasks", { data: { listId: list.id, ...item } })).status()).toBe(201);
    }
    await seedList(admin.context.request, "Groceries", ["Milk"]);
    const theirs = await seedList(friend.context.request, "Book club", ["Pick the next book"]);
    const shared = await friend.context.request.post("/api/share-by-username", {
      data: { listId: theirs.list.id, username: "ada_admin", accessLevel: "read" },
    });
    expect(shared.status()).toBe(201);
    await friend.context.close();
    pages.push(
      "/",
      `/list/${list.id}`,
      `/list/${list.id}?parentId=${garden.id}`,
      "/settings?tab=theme",
      "/settings?tab=account",
      "/settings?tab=info",
      "/shared-lists",
      "/admin",
      "/no-such-page",
    );
    sharedPath = `/list/${list.id}?shareId=${list.shareId}`;
    guest = await anonymousContext(env);
    await guest.context.addInitScript({ content: AXE_SOURCE });
    // No entrance animations: axe must see colours at rest, not halfway through a fade.
    for (const { page } of [admin, guest]) await page.emulateMedia({ reducedMotion: "reduce" });
  });
  afterAll(async () => {
    await admin?.context.close();
    await guest?.context.close();
    await env?.close();
  });

  it("notices text made hard to read on purpose (the check below can fail)", async () => {
    const { page } = admin;
    await chooseMode(admin.context, env.baseUrl, "light");
    await gotoHydrated(page, "/");
    await page.evaluate(() => {
      const faint = document.createElement("p");
      faint.id = "faint-on-purpose";
      faint.textContent = "Grey on grey";
      faint.style.color = "#9a9a9a";
      faint.style.background = "#b0b0b0";
      document.querySelector("main")?.append(faint);
    });
    const targets = (await contrastViolations(page)).map((node) => node.target.join(" "));
    expect(targets).toContain("#faint-on-purpose");
  });

  /** Failures are gathered and reported together, with axe's numbers, so one run names every one. */
  const contrastCheck = (page: Page, failures: string[]) => async (label: string) => {
    const nodes = await contrastViolations(page);
    if (nodes.length > 0) failures.push(`${label} (${nodes.length}):\n  ${describeNodes(nodes)}`);
  };

  it("passes colour-contrast signed out, light and dark", async () => {
    const failures: string[] = [];
    const check = contrastCheck(guest.page, failures);
    // Signed out, every page shows the default theme: the mode alone changes them.
    for (const [path, loadedIn] of [
      ["/auth", "light"],
      [sharedPath, "dark"],
    ] as const) {
      await chooseMode(guest.context, env.baseUrl, loadedIn);
      await gotoHydrated(guest.page, path);
      await inBothModes(guest.page, "vibrant", loadedIn, async (mode) => {
        await check(`guest ${mode} ${path}`);
        await keepScreenshot(guest.page, pictureName(mode, path.startsWith("/list") ? "guest-list" : path), false);
      });
    }
    expect(failures, failures.join("\n\n")).toEqual([]);
  });

  for (const [index, theme] of THEME_IDS.entries()) {
    // Each page is loaded in one mode and switched in place to the other; themes alternate the
    // mode they load in, so the server's rendering of both is checked on every page too.
    const loadedIn: Mode = MODES[index % 2]!;
    it(`passes colour-contrast on every page in ${theme}, light and dark`, { timeout: 60_000 }, async () => {
      const failures: string[] = [];
      const { page } = admin;
      const check = contrastCheck(page, failures);
      await page.setViewportSize(DESKTOP);
      expect((await admin.context.request.post("/api/user/theme", { data: { theme } })).status()).toBe(200);
      await chooseMode(admin.context, env.baseUrl, loadedIn);
      for (const path of pages) {
        await gotoHydrated(page, path);
        await inBothModes(page, theme, loadedIn, async (mode) => {
          await check(`${theme} ${mode} ${path}`);
          if (theme === PICTURED_THEME) await keepScreenshot(page, pictureName(mode, path), false);
        });
        if (path === "/settings?tab=account") {
          // Opened on the page as it is now, in the other mode, and switched back.
          await openPasswordErrors(page);
          await inBothModes(page, theme, otherMode(loadedIn), async (mode) => {
            await check(`${theme} ${mode} password dialog with errors`);
            if (theme === PICTURED_THEME) await keepScreenshot(page, pictureName(mode, "password-dialog"), false);
          });
        }
      }
      // The theme tab's picker shows the mode chosen, so it is also loaded in the other one.
      await chooseMode(admin.context, env.baseUrl, otherMode(loadedIn));
      await gotoHydrated(page, "/settings?tab=theme");
      expect(await htmlAttributes(page)).toEqual([theme, otherMode(loadedIn)]);
      await check(`${theme} ${otherMode(loadedIn)} /settings?tab=theme, as loaded`);

      await chooseMode(admin.context, env.baseUrl, loadedIn);
      await page.setViewportSize(TALL_PHONE);
      await gotoHydrated(page, pages[1]!);
      await inBothModes(page, theme, loadedIn, async (mode) => {
        await check(`${theme} ${mode} ${pages[1]} at 375 px`);
        await keepScreenshot(page, `theme-${theme}-${mode}`, false);
      });
      expect(failures, failures.join("\n\n")).toEqual([]);
    });
  }
});

/** A dialog over the page, showing its field errors in the danger colour. */
async function openPasswordErrors(page: Page) {
  await page.getByRole("button", { name: "Change Password" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Current Password").fill("x");
  await dialog.getByLabel("New Password", { exact: true }).fill("short");
  await dialog.getByLabel("Confirm New Password").fill("other");
  await dialog.getByRole("button", { name: "Change Password" }).click();
  await dialog.getByText("Passwords don't match").waitFor();
}
