/**
 * The list header on a 390×844 touch phone (docs/decisions/047-list-header.md): Share through the
 * phone's share sheet or the clipboard, every control named, the More actions menu's entries, the
 * access line of whoever is not the owner, the plain level beside the share badge, and Reset's Undo.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TaskList } from "../../src/shared/types";
import { gotoHydrated, keepScreenshot, signedInContext, startBrowserEnv, type BrowserEnv } from "../helpers/browser";
import { seedList, visible } from "./list-helpers";

const PHONE_390 = { width: 390, height: 844 };

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => {
  await env?.close();
});

/** A phone's touch context: signed in as `username`, or a guest when null. */
async function phone(username: string | null): Promise<{ context: BrowserContext; page: Page }> {
  let storageState: Awaited<ReturnType<BrowserContext["storageState"]>> | undefined;
  if (username) {
    const signedIn = await signedInContext(env, username);
    storageState = await signedIn.context.storageState();
    await signedIn.context.close();
  }
  const context = await env.browser.newContext({ viewport: PHONE_390, hasTouch: true, isMobile: true, baseURL: env.baseUrl, storageState });
  context.setDefaultTimeout(15_000);
  return { context, page: await context.newPage() };
}

const accessLine = async (page: Page) => (await page.locator(".access-line").textContent())?.trim();
const more = (page: Page) => page.getByRole("button", { name: "More actions", exact: true });

describe("the list header on a 390×844 touch phone", { timeout: 120_000 }, () => {
  it("keeps the header's controls whole on a 375 px phone: Share is its icon, 44 px, never squeezed", async () => {
    const { page, context } = await phone("share_narrow");
    await page.setViewportSize({ width: 375, height: 812 });
    const { list } = await seedList(context.request, "Weekly shop", ["Milk"]);
    await gotoHydrated(page, `/list/${list.id}`);
    const share = page.getByRole("button", { name: "Share", exact: true });
    const icon = await share.locator("svg").boundingBox();
    expect(icon!.width).toBeGreaterThanOrEqual(16);
    const box = await share.boundingBox();
    expect(Math.min(box!.width, box!.height)).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await context.close();
  });

  it("shares the list's link through the share sheet where the browser has one", async () => {
    const { page, context } = await phone("share_sheet");
    const { list } = await seedList(context.request, "Weekly shop", ["Milk"]);
    // The platform's share sheet is the boundary: the stub keeps what the page asked it to share.
    await page.addInitScript(() => {
      const shared: unknown[] = [];
      Object.assign(window, { shared });
      Object.defineProperty(navigator, "share", { value: async (data: unknown) => void shared.push(data), configurable: true });
    });
    await gotoHydrated(page, `/list/${list.id}`);
    await page.getByRole("button", { name: "Share", exact: true }).tap();
    await page.getByRole("button", { name: "Share link", exact: true }).tap();
    const link = `${env.baseUrl}/list/${list.id}?shareId=${list.shareId}`;
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared))
      .toEqual([{ title: "Weekly shop", text: 'The list "Weekly shop"', url: link }]);
    await keepScreenshot(page, "header-share-dialog", false);
    await context.close();
  });

  it("copies the link where there is no share sheet, and says so", async () => {
    const { page, context } = await phone("share_copy");
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const { list } = await seedList(context.request, "Weekly shop", ["Milk"]);
    await page.addInitScript(() => Object.defineProperty(navigator, "share", { value: undefined, configurable: true }));
    await gotoHydrated(page, `/list/${list.id}`);
    await page.getByRole("button", { name: "Share", exact: true }).tap();
    expect(await page.getByRole("button", { name: "Share link" }).count()).toBe(0);
    await page.getByRole("button", { name: "Copy", exact: true }).tap();
    await visible(page, "Link copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${env.baseUrl}/list/${list.id}?shareId=${list.shareId}`);
    await context.close();
  });

  it("names every header control, keeps the list's actions in words, and lists More actions' entries by name", async () => {
    const { page, context } = await phone("header_names");
    const { list, tasks } = await seedList(context.request, "Weekly shop", ["Milk", "Eggs", "Bread"]);
    await context.request.patch(`/api/tasks/${tasks[0]!.id}`, { data: { completed: true } });
    await gotoHydrated(page, `/list/${list.id}`);
    const controls = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>(".app-header a, .app-header button")]
        .filter((control) => control.offsetParent !== null)
        .map((control) => {
          // The name a screen reader gives it: its label, else its words without the hidden marks.
          const words = control.cloneNode(true) as HTMLElement;
          for (const hidden of words.querySelectorAll("[aria-hidden]")) hidden.remove();
          // biome-ignore lint/performance/useDomNodeTextContent: the words drawn on screen are what is asked
          return { name: control.getAttribute("aria-label") ?? words.textContent?.trim() ?? "", text: control.innerText.trim() };
        }),
    );
    // Every control has a name; the list's own say it in words, and the icons that had none are in the menu.
    expect(controls.filter((control) => control.name === "")).toEqual([]);
    const named = (name: string) => controls.find((control) => control.name === name);
    expect([named("Back"), named("Listwell"), named("Share")?.text, named("More actions")?.text]).toEqual([
      expect.anything(),
      expect.anything(),
      "Share",
      "More",
    ]);
    for (const gone of ["Help & Info", "Settings", "Hide completed", "Completed at bottom", "Export"]) expect(named(gone)).toBeUndefined();

    await more(page).tap();
    const menu = page.getByRole("menu", { name: "More actions" });
    await menu.waitFor();
    const entries = await menu
      .locator('[role^="menuitem"]')
      .evaluateAll((items) =>
        items.map(
          (item) =>
            `${item.getAttribute("role")}:${item.textContent?.trim()}${item.getAttribute("aria-checked") ? `=${item.getAttribute("aria-checked")}` : ""}`,
        ),
      );
    expect(entries).toEqual([
      "menuitem:Export",
      "menuitemcheckbox:Completed at bottom=false",
      "menuitem:Hide completed",
      "menuitem:Sections…",
      "menuitem:Activity",
      "menuitem:Repeats…",
      "menuitem:Mute notifications",
      "menuitem:Going shopping",
      "menuitem:Help & Info",
      "menuitem:Settings",
    ]);
    await keepScreenshot(page, "header-menu", false);

    await page.getByRole("menuitemcheckbox", { name: "Completed at bottom" }).tap();
    await more(page).tap();
    expect(await page.getByRole("menuitemcheckbox", { name: "Completed at bottom" }).getAttribute("aria-checked")).toBe("true");
    await page.getByRole("menuitem", { name: "Export" }).tap();
    await expect
      .poll(() => page.getByRole("menu", { name: "Export list" }).getByRole("menuitem").allTextContents())
      .toEqual(["Download Markdown", "Download JSON", "Copy as Markdown", "Copy as text"]);
    await page.keyboard.press("Escape");
    await more(page).tap();
    await page.getByRole("menuitem", { name: "Activity" }).tap();
    await expect.poll(() => page.getByRole("dialog", { name: "Activity" }).isVisible()).toBe(true);

    // On a desktop the header has room for the product's header buttons: the menu holds only what is not there.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    await more(page).click();
    await expect
      .poll(() => page.getByRole("menu", { name: "More actions" }).getByRole("menuitem").allTextContents())
      .toEqual(["Export", "Sections…", "Activity", "Repeats…", "Mute notifications", "Going shopping"]);
    for (const name of ["Hide completed", "Help & Info", "Settings"]) {
      expect(
        await page
          .locator(".app-header")
          .getByRole(name === "Hide completed" ? "button" : "link", { name })
          .isVisible(),
      ).toBe(true);
    }
    await context.close();
  });

  it("tells a view-only recipient, a tick-only link guest with the link's expiry, and an editor what they may do", async () => {
    const owner = await phone("alex_owner");
    const { list } = await seedList(owner.context.request, "Weekly shop", ["Milk"]);
    for (const [username, accessLevel] of [
      ["sam_view", "read"],
      ["kim_edit", "write"],
    ] as const) {
      await (await phone(username)).context.close();
      const shared = await owner.context.request.post("/api/share-by-username", { data: { listId: list.id, username, accessLevel } });
      expect(shared.status()).toBe(201);
    }
    await owner.context.request.patch(`/api/task-lists/${list.id}`, { data: { linkAccess: "check" } });
    const linked = (await (
      await owner.context.request.patch(`/api/task-lists/${list.id}`, { data: { linkExpiresInDays: 7 } })
    ).json()) as TaskList;

    await gotoHydrated(owner.page, `/list/${list.id}`);
    expect(await owner.page.locator(".access-line").count()).toBe(0);

    const sam = await signedInPhone("sam_view");
    await gotoHydrated(sam.page, `/list/${list.id}`);
    expect(await accessLine(sam.page)).toBe("View only — ask alex_owner to edit.");
    expect(await sam.page.getByRole("button", { name: "Share", exact: true }).count()).toBe(0);
    await keepScreenshot(sam.page, "header-view-only", false);

    const guest = await phone(null);
    await gotoHydrated(guest.page, `/list/${list.id}?shareId=${linked.shareId}`);
    expect(await accessLine(guest.page)).toBe("You can tick items — ask alex_owner to make other changes. Your link expires in 7 days.");
    await keepScreenshot(guest.page, "header-tick-guest", false);

    const kim = await signedInPhone("kim_edit");
    await gotoHydrated(kim.page, `/list/${list.id}`);
    expect(await accessLine(kim.page)).toBe("You can edit this list.");
    for (const person of [owner, sam, guest, kim]) await person.context.close();
  });

  it("drops Sections… from a guest's menu once the owner makes the link view only, and offers it again at edit, without a reload", async () => {
    const owner = await phone("sol_owner");
    const { list } = await seedList(owner.context.request, "Picnic", ["Bread"]);
    const setLevel = (linkAccess: string) => owner.context.request.patch(`/api/task-lists/${list.id}`, { data: { linkAccess } });
    const linked = (await (await setLevel("write")).json()) as TaskList;
    await owner.context.request.patch(`/api/task-lists/${list.id}`, { data: { linkExpiresInDays: 7 } });
    const guest = await phone(null);
    await gotoHydrated(guest.page, `/list/${list.id}?shareId=${linked.shareId}`);
    const entries = async () => {
      await guest.page.getByRole("button", { name: "More actions", exact: true }).tap();
      const menu = guest.page.getByRole("menu", { name: "More actions" });
      await menu.getByRole("menuitem", { name: "Export" }).waitFor();
      const names = await menu.getByRole("menuitem").allTextContents();
      await guest.page.keyboard.press("Escape");
      return names;
    };
    expect(await entries()).toContain("Sections…");
    expect(await accessLine(guest.page)).toBe("You can edit this list. Your link expires in 7 days.");
    await setLevel("read");
    await expect.poll(() => guest.page.getByLabel("Add an item", { exact: true }).count()).toBe(0);
    expect(await entries()).not.toContain("Sections…");
    await expect.poll(() => guest.page.locator(".guest-notice").textContent()).toContain("You are using a shared list as a guest.");
    await setLevel("write");
    await expect.poll(() => guest.page.getByLabel("Add an item", { exact: true }).count()).toBe(1);
    expect(await entries()).toContain("Sections…");
    for (const person of [owner, guest]) await person.context.close();
  });

  it("shows a share's level in words beside its badge in Manage sharing", async () => {
    const owner = await phone("robin_owner");
    const { list } = await seedList(owner.context.request, "Weekly shop", ["Milk"]);
    const { list: other } = await seedList(owner.context.request, "Party", ["Cake"]);
    await (await phone("lee_view")).context.close();
    await owner.context.request.post("/api/share-by-username", { data: { listId: list.id, username: "lee_view", accessLevel: "read" } });
    await owner.context.request.post("/api/share-by-username", { data: { listId: other.id, username: "lee_view", accessLevel: "write" } });
    await gotoHydrated(owner.page, "/shared-lists");
    await owner.page.getByRole("tab", { name: "My Shared Lists" }).tap();
    const level = (name: string) => owner.page.getByRole("article", { name }).locator(".access-level").textContent();
    await expect.poll(() => level("Weekly shop")).toBe("Read & Write View only");
    expect(await level("Party")).toBe("Read & Write View and edit");
    await keepScreenshot(owner.page, "header-manage-sharing", false);
    await owner.context.close();
  });

  it("offers Undo after Reset, which ticks the same items again in the database", async () => {
    const { page, context } = await phone("reset_undo");
    const { list, tasks } = await seedList(context.request, "Weekly shop", ["Milk", "Eggs", "Bread"]);
    for (const task of tasks.slice(0, 2)) await context.request.patch(`/api/tasks/${task.id}`, { data: { completed: true } });
    const ticked = () =>
      env.testApp.store.db
        .all<{ id: number | string }>("SELECT id FROM tasks WHERE list_id = ? AND completed = 1 ORDER BY id", [list.id])
        .then((rows) => rows.map((row) => Number(row.id)));
    expect(await ticked()).toEqual([tasks[0]!.id, tasks[1]!.id]);

    await gotoHydrated(page, `/list/${list.id}`);
    await page.getByRole("button", { name: "Reset", exact: true }).tap();
    await visible(page, "This will mark all completed tasks as uncompleted. This action cannot be undone.", 5000);
    await page.getByRole("alertdialog").getByRole("button", { name: "Reset", exact: true }).tap();
    // The toast follows the server's answer, so the reset is stored by then; Undo is tapped at once,
    // well inside its 10 s even on a loaded machine.
    await visible(page, "List items have been reset", 10_000);
    expect(await ticked()).toEqual([]);
    await page.getByRole("button", { name: "Undo", exact: true }).tap();
    await expect.poll(ticked).toEqual([tasks[0]!.id, tasks[1]!.id]);
    await expect.poll(() => page.locator('.items .item__check[aria-checked="true"]').count()).toBe(2);
    await context.close();
  });
});

/** A phone signed in as a user who is already registered. */
async function signedInPhone(username: string) {
  const context = await env.browser.newContext({ viewport: PHONE_390, hasTouch: true, isMobile: true, baseURL: env.baseUrl });
  context.setDefaultTimeout(15_000);
  const login = await context.request.post("/api/login", { data: { username, password: "password123" } });
  expect(login.status()).toBe(200);
  return { context, page: await context.newPage() };
}
