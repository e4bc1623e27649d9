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

  for (const mode of MODES) {
    it(`passes colour-contrast on every page in every theme, ${mode}`, { timeout: 180_000 }, async () => {
      const failures: string[] = [];
      const check = async (page: Page, label: string) => {
        const nodes = await contrastViolations(page);
        if (nodes.length > 0) failures.push(`${label} (${nodes.length}):\n  ${describeNodes(nodes)}`);
      };

      // Signed out, every page shows the default theme: the mode alone changes them.
      await chooseMode(guest.context, env.baseUrl, mode);
      for (const path of ["/auth", sharedPath]) {
        await gotoHydrated(guest.page, path);
        expect(await htmlAttributes(guest.page)).toEqual(["vibrant", mode]);
        await check(guest.page, `guest ${mode} ${path}`);
        await keepScreenshot(guest.page, pictureName(mode, path.startsWith("/list") ? "guest-list" : path), false);
      }

      await chooseMode(admin.context, env.baseUrl, mode);
      const { page } = admin;
      for (const theme of THEME_IDS) {
        expect((await admin.context.request.post("/api/user/theme", { data: { theme } })).status()).toBe(200);
        for (const path of pages) {
          await gotoHydrated(page, path);
          expect(await htmlAttributes(page)).toEqual([theme, mode]);
          await check(page, `${theme} ${mode} ${path}`);
          if (theme === PICTURED_THEME) await keepScreenshot(page, pictureName(mode, path), false);
        }
        await openPasswordErrors(page);
        await check(page, `${theme} ${mode} password dialog with errors`);
        if (theme === PICTURED_THEME) await keepScreenshot(page, pictureName(mode, "password-dialog"), false);
        await screenshotList(page, theme, mode, pages[1]!);
        await check(page, `${theme} ${mode} ${pages[1]} at 375 px`);
        await page.setViewportSize(DESKTOP);
      }
      expect(failures, failures.join("\n\n")).toEqual([]);
    });
  }
});

/** A dialog over the page, showing its field errors in the danger colour. */
async function openPasswordErrors(page: Page) {
  await gotoHydrated(page, "/settings?tab=account");
  await page.getByRole("button", { name: "Change Password" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Current Password").fill("x");
  await dialog.getByLabel("New Password", { exact: true }).fill("short");
  await dialog.getByLabel("Confirm New Password").fill("other");
  await dialog.getByRole("button", { name: "Change Password" }).click();
  await dialog.getByText("Passwords don't match").waitFor();
}

/** 14 pictures of the list page on a phone, as a person would look at it. */
async function screenshotList(page: Page, theme: ThemeId, mode: Mode, path: string) {
  await page.setViewportSize(TALL_PHONE);
  await gotoHydrated(page, path);
  await keepScreenshot(page, `theme-${theme}-${mode}`, false);
}
