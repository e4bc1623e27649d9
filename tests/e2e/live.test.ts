import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gotoHydrated, keepScreenshot, signedInContext, startBrowserEnv, type BrowserEnv } from "../helpers/browser";
import { dragRow, focused, rowTitles, seedList, visible } from "./list-helpers";

/**
 * Live updates in Chromium: two people on one list see each other's create, toggle,
 * edit, delete, reorder and reset without reloading, over the websocket and, with websockets
 * blocked, over long polling after the connection gives up on them.
 */
const checkbox = (page: Page, title: string) => page.getByRole("checkbox", { name: new RegExp(`^Mark "${title}" as`) });
const checked = (page: Page, title: string) => checkbox(page, title).getAttribute("aria-checked");
const liveVia = (page: Page) => page.evaluate(() => document.documentElement.dataset.live ?? "");

async function openList(page: Page, listId: number, transport: "websocket" | "polling") {
  await gotoHydrated(page, `/list/${listId}`);
  // Polling starts only after five failed websocket attempts (docs/product-rules.md#live-updates),
  // ~8 s of backoff: the page's clock is moved on through the waits, a second at a time.
  await expect
    .poll(
      async () => {
        if (transport === "polling") await page.clock.fastForward(1_000);
        return liveVia(page);
      },
      { timeout: 25_000 },
    )
    .toBe(transport);
}

async function addItem(page: Page, title: string) {
  await page.getByRole("button", { name: "Add Item" }).click();
  await page.getByLabel("Title").fill(title);
  await page.getByRole("button", { name: "Save" }).click();
}

/** Both directions: each change is made in one browser and must show up in the other. */
async function bothSeeEachOther(amy: Page, ben: Page, names: { list: string; screenshot: string }) {
  await addItem(amy, "Milk");
  await expect.poll(() => rowTitles(ben)).toEqual(["Eggs", "Flour", "Milk"]);

  await checkbox(ben, "Eggs").click();
  await expect.poll(() => checked(amy, "Eggs")).toBe("true");

  await amy.getByRole("button", { name: "Edit Flour" }).click();
  await amy.getByLabel("Title").fill("Rye flour");
  await amy.getByRole("button", { name: "Save" }).click();
  await expect.poll(() => rowTitles(ben)).toEqual(["Eggs", "Rye flour", "Milk"]);

  await ben.getByRole("button", { name: "Delete Milk" }).click();
  await ben.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect.poll(() => rowTitles(amy)).toEqual(["Eggs", "Rye flour"]);

  await dragRow(amy, "Rye flour", "Eggs", "above");
  await expect.poll(() => rowTitles(amy)).toEqual(["Rye flour", "Eggs"]);
  await expect.poll(() => rowTitles(ben)).toEqual(["Rye flour", "Eggs"]);

  await ben.getByRole("button", { name: "Reset" }).click();
  await ben.getByRole("alertdialog").getByRole("button", { name: "Reset" }).click();
  await expect.poll(() => checked(amy, "Eggs")).toBe("false");
  await visible(amy, "List items have been reset");
  await visible(amy, names.list);
  await keepScreenshot(amy, names.screenshot);
}

describe("live updates between two browsers", () => {
  let env: BrowserEnv;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await env.close();
  });

  async function pair(suffix: string, listName: string) {
    const amy = await signedInContext(env, `amy_${suffix}`);
    const ben = await signedInContext(env, `ben_${suffix}`);
    contexts.push(amy.context, ben.context);
    const { list } = await seedList(amy.context.request, listName, ["Eggs", "Flour"]);
    const shared = await amy.context.request.post("/api/share-by-username", {
      data: { listId: list.id, username: `ben_${suffix}`, accessLevel: "write" },
    });
    expect(shared.ok()).toBe(true);
    return { amy, ben, list };
  }

  it("shows each other's changes over the websocket", async () => {
    const { amy, ben, list } = await pair("ws", "Baking");
    await openList(amy.page, list.id, "websocket");
    await openList(ben.page, list.id, "websocket");
    await bothSeeEachOther(amy.page, ben.page, { list: "Baking", screenshot: "live-websocket" });
  }, 90_000);

  it("shows each other's changes by long polling when websockets are blocked", async () => {
    const { amy, ben, list } = await pair("poll", "Baking by polling");
    for (const context of [amy.context, ben.context]) {
      // A proxy that refuses websockets: every attempt closes at once.
      await context.routeWebSocket(/\/ws$/, (ws) => ws.close());
      // Time runs as usual in the page, except where openList moves it on.
      await context.clock.install();
    }
    await Promise.all([openList(amy.page, list.id, "polling"), openList(ben.page, list.id, "polling")]);
    await visible(amy.page, "Unable to maintain connection to server. Falling back to long polling.");
    await bothSeeEachOther(amy.page, ben.page, { list: "Baking by polling", screenshot: "live-long-poll" });
  }, 120_000);

  it("refreshes the home page when a list is shared with the user, renamed, or unshared, keeping the keyboard's place", async () => {
    const amy = await signedInContext(env, "amy_home");
    const ben = await signedInContext(env, "ben_home");
    contexts.push(amy.context, ben.context);
    const { list } = await seedList(amy.context.request, "Surprise list");
    const { list: holiday } = await seedList(amy.context.request, "Holiday");
    await gotoHydrated(ben.page, "/");
    await expect.poll(() => liveVia(ben.page)).toBe("websocket");
    for (const listId of [list.id, holiday.id]) {
      await amy.context.request.post("/api/share-by-username", { data: { listId, username: "ben_home", accessLevel: "write" } });
    }
    const shownOnHome = () => ben.page.locator("main").textContent();
    await expect.poll(shownOnHome).toContain("Surprise list");
    await expect.poll(shownOnHome).toContain("Holiday");
    await amy.context.request.patch(`/api/task-lists/${list.id}`, { data: { name: "Birthday plans" } });
    await expect.poll(shownOnHome).toContain("Birthday plans");

    // Unshared while the keyboard is on its card: the focus goes to the card left, then to Manage sharing.
    const card = (name: string) => ben.page.locator(".list-card--shared a", { hasText: name });
    await card("Birthday plans").focus();
    expect(await focused(ben.page)).toContain("Birthday plans");
    await amy.context.request.delete(`/api/unshare/${list.id}/${ben.user.id}`);
    await expect.poll(shownOnHome).not.toContain("Birthday plans");
    await expect.poll(() => focused(ben.page)).toContain("Holiday");
    await amy.context.request.delete(`/api/unshare/${holiday.id}/${ben.user.id}`);
    await expect.poll(shownOnHome).not.toContain("Holiday");
    await expect.poll(() => focused(ben.page)).toBe("Manage sharing");
  });
});
