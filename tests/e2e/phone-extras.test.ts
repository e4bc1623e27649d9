/**
 * The smaller phone points at 390×844 touch (docs/decisions/049-every-list-offline.md): one
 * back control per level, the paste preview's numbers whole from 10 up, New List waiting at 25/25
 * with the reason shown, What's New kept off a list page, and who is here at the top of a long list.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { publishVersion } from "../../src/domain/versions";
import { gotoHydrated, keepScreenshot, signedInContext, startBrowserEnv, type BrowserEnv } from "../helpers/browser";
import { seedList, visible } from "./list-helpers";

const PHONE_390 = { width: 390, height: 844 };

let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(() => env.close());

/** A signed-in phone: touch screen and mobile viewport. */
async function phone(username: string): Promise<{ context: BrowserContext; page: Page; userId: number }> {
  const signedIn = await signedInContext(env, username);
  const storageState = await signedIn.context.storageState();
  await signedIn.context.close();
  const context = await env.browser.newContext({ viewport: PHONE_390, hasTouch: true, isMobile: true, baseURL: env.baseUrl, storageState });
  context.setDefaultTimeout(15_000);
  return { context, page: await context.newPage(), userId: signedIn.user.id };
}

/** The back controls a person can see, by name, with where they are drawn. */
const backControls = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[aria-label="Back"], [aria-label="Back to list"]')]
      .filter((control) => control.getClientRects().length > 0)
      .map((control) => ({ name: control.getAttribute("aria-label"), top: Math.round(control.getBoundingClientRect().top) })),
  );

/** Two frames: anything a state change would draw is drawn. */
const painted = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

const versionDialog = (page: Page) => page.getByRole("dialog", { name: "App Updated!" });

it("shows one back control at each level, and each goes up one: sub-items → list → Home", async () => {
  const { context, page } = await phone("climber");
  const { list, tasks } = await seedList(context.request, "Party", ["Balloons", { title: "Baking", isParent: true }]);
  await context.request.post("/api/tasks", { data: { listId: list.id, parentId: tasks[1]!.id, title: "Flour" } });

  await gotoHydrated(page, `/list/${list.id}?parentId=${tasks[1]!.id}`);
  await visible(page, "Flour");
  const inSubItems = await backControls(page);
  expect(inSubItems.map((control) => control.name)).toEqual(["Back to list"]);
  expect(inSubItems[0]!.top).toBeLessThan(200);
  await keepScreenshot(page, "extras-sub-items-back-phone", false);

  await page.getByRole("button", { name: "Back to list" }).tap();
  await visible(page, "Balloons");
  expect(new URL(page.url()).search).toBe("");
  expect((await backControls(page)).map((control) => control.name)).toEqual(["Back"]);

  await page.getByRole("link", { name: "Back" }).tap();
  await expect.poll(() => new URL(page.url()).pathname).toBe("/");
  await context.close();
});

it("draws every number of a 12-line paste preview whole inside its box", async () => {
  const { context, page } = await phone("paster");
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const { list } = await seedList(context.request, "Hardware");
  await gotoHydrated(page, `/list/${list.id}`);
  await page.getByLabel("Add an item", { exact: true }).tap();
  const lines = Array.from({ length: 12 }, (_, index) => `- Screw size ${index + 1}`).join("\n");
  await page.evaluate((text) => navigator.clipboard.writeText(text), lines);
  await page.keyboard.press("Control+V");
  await visible(page, "Add 12 items");
  // Each number ("12. ") is drawn in the gap left of its line; the box scrolls, so it clips what is wider.
  const clipped = await page.evaluate(() => {
    const box = document.querySelector<HTMLElement>(".paste-preview")!;
    return [...box.children].flatMap((line, index) => {
      const probe = document.createElement("span");
      probe.style.whiteSpace = "pre";
      probe.textContent = `${index + 1}. `;
      line.append(probe);
      const needed = probe.getBoundingClientRect().width;
      probe.remove();
      const room = line.getBoundingClientRect().left - box.getBoundingClientRect().left;
      return needed > room ? [`${index + 1}: ${needed.toFixed(1)} > ${room.toFixed(1)}`] : [];
    });
  });
  expect(clipped).toEqual([]);
  await page.locator(".paste-preview").evaluate((box) => box.scrollTo(0, box.scrollHeight));
  await painted(page);
  await keepScreenshot(page, "extras-paste-preview-phone", false);
  await context.close();
});

it("says why beside New List at 25 of 25 lists, and New List opens the limit dialog", async () => {
  const { context, page } = await phone("collector");
  for (let i = 1; i <= 24; i++) await context.request.post("/api/task-lists", { data: { name: `List ${i}` } });
  await gotoHydrated(page, "/");
  const newList = page.getByRole("button", { name: "New List" });
  expect(await newList.isEnabled()).toBe(true);
  await visible(page, "24 of 25 lists");

  await context.request.post("/api/task-lists", { data: { name: "List 25" } });
  await gotoHydrated(page, "/");
  const reason = page.getByText("25 of 25 lists — delete one to make a new list", { exact: true });
  await expect.poll(() => reason.isVisible()).toBe(true);
  expect(await newList.getAttribute("aria-describedby")).toBe(await reason.getAttribute("id"));
  // The reason is on the first screen, beside the button it explains.
  const [reasonBox, buttonBox] = [(await reason.boundingBox())!, (await newList.boundingBox())!];
  expect(reasonBox.y + reasonBox.height).toBeLessThan(PHONE_390.height);
  expect(Math.abs(reasonBox.y - buttonBox.y)).toBeLessThan(100);
  await keepScreenshot(page, "extras-home-full-phone", false);
  await newList.tap();
  await expect.poll(() => page.getByRole("dialog", { name: "List Limit Reached (25)" }).count()).toBe(1);
  await context.close();
});

it("keeps What's New off an open list, published or announced live, and shows it on Home", async () => {
  const { context, page } = await phone("shopper");
  const { list } = await seedList(context.request, "Weekly shop", ["Milk"]);
  await publishVersion(env.testApp.store, env.testApp.bus, ["feat: Lists open faster"]);

  const asked: string[] = [];
  page.on("request", (request) => asked.push(new URL(request.url()).pathname));
  await gotoHydrated(page, `/list/${list.id}`);
  await visible(page, "Milk");
  await page.evaluate(() => {
    window.dispatchEvent(new CustomEvent("listwell:version_update", { detail: { versionId: "live-1", changes: ["Announced live"] } }));
  });
  await painted(page);
  expect(await versionDialog(page).count()).toBe(0);
  expect(asked).not.toContain("/api/version/check-updates");
  // The tick lands: nothing modal took it.
  await page.getByRole("checkbox", { name: /Milk/ }).tap();
  await expect.poll(() => page.getByRole("checkbox", { name: /Milk/ }).isChecked()).toBe(true);

  // Positive control: on Home the published version opens, and so does one announced live.
  await gotoHydrated(page, "/");
  await expect.poll(() => versionDialog(page).getByText("Lists open faster", { exact: true }).isVisible()).toBe(true);
  await keepScreenshot(page, "extras-whats-new-home-phone", false);
  await page.keyboard.press("Escape");
  await expect.poll(() => versionDialog(page).isVisible()).toBe(false);
  await page.evaluate(() => {
    window.dispatchEvent(new CustomEvent("listwell:version_update", { detail: { versionId: "live-1", changes: ["Announced live"] } }));
  });
  await expect.poll(() => versionDialog(page).getByText("Announced live", { exact: true }).isVisible()).toBe(true);
  await context.close();
});

it("shows who is here at the top of a long list on a phone once someone else has it open, and nothing when alone", async () => {
  const owner = await phone("host");
  const titles = Array.from({ length: 20 }, (_, index) => `Item ${index + 1}`);
  const { list } = await seedList(owner.context.request, "Long list", titles);
  const guestOne = await phone("visitor");
  await owner.context.request.post("/api/share-by-username", { data: { listId: list.id, username: "visitor", accessLevel: "write" } });
  const { page } = owner;
  await gotoHydrated(page, `/list/${list.id}`);
  await visible(page, "Item 1");
  const here = page.getByRole("group", { name: "Here now" });

  await gotoHydrated(guestOne.page, `/list/${list.id}`);
  await expect
    .poll(() => here.getByRole("img").evaluateAll((avatars) => avatars.map((a) => a.getAttribute("aria-label"))))
    .toEqual(["host", "visitor"]);
  const row = (await here.boundingBox())!;
  const firstItem = (await page.locator(".items .item").first().boundingBox())!;
  // On the first screen, above the list, without scrolling.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(row.y + row.height).toBeLessThanOrEqual(firstItem.y);
  expect(row.y).toBeLessThan(250);
  await keepScreenshot(page, "extras-presence-top-phone", false);

  // The partner leaves: alone, the phone spends no room on the row, and the list moves up into it.
  await guestOne.page.close();
  await expect.poll(() => here.count(), { timeout: 10_000 }).toBe(0);
  expect((await page.locator(".items .item").first().boundingBox())!.y).toBeLessThan(firstItem.y);
  // The list's activity has one way in, the header's More actions menu.
  expect(await page.getByRole("button", { name: "Activity" }).count()).toBe(0);
  await page.getByRole("button", { name: "More actions" }).tap();
  await page.getByRole("menuitem", { name: "Activity" }).tap();
  await expect.poll(() => page.getByRole("dialog", { name: "Activity" }).isVisible()).toBe(true);
  await owner.context.close();
  await guestOne.context.close();
}, 60_000);
