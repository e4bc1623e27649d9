import type { ConsoleMessage, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IslandName } from "../../islands/registry";
import { anonymousContext, signedInContext, startBrowserEnv, waitForHydration, type BrowserEnv } from "../helpers/browser";
import { TEST_PASSWORD } from "../helpers/test-app";
import { dragRow, rowTitles, seedList } from "./list-helpers";

/** Long enough for the websocket to subscribe and a refresh it caused (300 ms debounce) to start. */
const QUIET_MS = 800;

/** The scripts the page downloads, by URL path, from now on. */
function recordScripts(page: Page) {
  const paths = new Set<string>();
  page.on("request", (request) => {
    if (request.resourceType() === "script") paths.add(new URL(request.url()).pathname);
  });
  return paths;
}

/** Opens `path`, waits for every island, and answers which islands the page holds, by name. */
async function openHydrated(page: Page, path: string): Promise<string[]> {
  // React reports a server/browser markup mismatch as an uncaught error, or on the console.
  const errors: string[] = [];
  const onPageError = (error: Error) => errors.push(error.message);
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) errors.push(message.text());
  };
  page.on("pageerror", onPageError);
  page.on("console", onConsole);
  await waitForHydration(page, () => page.goto(path));
  const names = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("[data-island]")].map((island) => island.dataset.island!),
  );
  const hydrated = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("[data-island]")].every((island) => island.dataset.hydrated === "true"),
  );
  page.off("pageerror", onPageError);
  page.off("console", onConsole);
  expect([path, errors]).toEqual([path, []]);
  expect([path, hydrated]).toEqual([path, true]);
  return names.sort();
}

describe("islands load per page in Chromium", () => {
  let env: BrowserEnv;
  let admin: Awaited<ReturnType<typeof signedInContext>>;
  beforeAll(async () => {
    env = await startBrowserEnv();
    // The first account is the administrator's, who alone has /admin.
    admin = await signedInContext(env, "hydra_admin");
  });
  afterAll(async () => {
    await admin.context.close();
    await env.close();
  });

  const chunksOf = (names: IslandName[]) => {
    const { assets } = env.testApp;
    return new Set([...assets.afterIslands, assets.script, ...assets.scriptImports, ...names.flatMap((name) => assets.islands[name]!)]);
  };

  it("downloads on /auth only the loader and the chunks of its own islands, no list-page code", async () => {
    const { context, page } = await anonymousContext(env);
    const scripts = recordScripts(page);
    expect(await openHydrated(page, "/auth")).toEqual(["AuthPanel", "Toaster"]);
    expect(scripts).toEqual(chunksOf(["AuthPanel", "Toaster"]));
    const listChunk = env.testApp.assets.islands.ListScreen![0]!;
    expect(scripts.has(listChunk)).toBe(false);

    // The same recorder does see the list page's chunk where the list page asks for it.
    const owner = await signedInContext(env, "chunk_owner");
    const { list } = await seedList(owner.context.request, "Errands", ["Post office"]);
    const onList = recordScripts(owner.page);
    await openHydrated(owner.page, `/list/${list.id}`);
    expect(onList.has(listChunk)).toBe(true);
    await owner.context.close();
    await context.close();
  });

  it("fetches the drag library only once a pointer comes to the list's rows, and then lets a row be dragged", async () => {
    const owner = await signedInContext(env, "drag_loader");
    const { list } = await seedList(owner.context.request, "Chores", ["Sweep", "Dust", "Mop"]);
    const scripts = recordScripts(owner.page);
    await openHydrated(owner.page, `/list/${list.id}`);
    await owner.page.waitForTimeout(500);
    const sortable = () => [...scripts].some((url) => url.includes("/sortable"));
    expect(sortable()).toBe(false);
    expect(await owner.page.locator(".items").getAttribute("data-sortable")).toBeNull();
    await owner.page.getByRole("button", { name: "Reorder Dust", exact: true }).hover();
    await owner.page.locator(".items[data-sortable='ready']").waitFor();
    expect(sortable()).toBe(true);
    await dragRow(owner.page, "Mop", "Sweep", "above");
    await expect.poll(() => rowTitles(owner.page)).toEqual(["Mop", "Sweep", "Dust"]);
    await owner.context.close();
  });

  it("hydrates every island of every page, and gives a page without islands no script", async () => {
    const owner = await signedInContext(env, "hydra_owner");
    const { list } = await seedList(owner.context.request, "Trip", [
      "Tickets",
      { title: "Packing", isParent: true, description: "Bags" },
      { title: "Passport", completed: true },
    ]);
    const parent = (await (await owner.context.request.get(`/api/list/${list.id}`)).json()).tasks.find(
      (task: { title: string; id: number }) => task.title === "Packing",
    );
    await owner.context.request.post("/api/tasks", { data: { listId: list.id, parentId: parent.id, title: "Socks", description: "" } });
    await owner.context.request.post("/api/share-by-username", {
      data: { listId: list.id, username: "hydra_admin", accessLevel: "write" },
    });
    const header = ["VersionDialog", "SessionRecovery", "LiveUpdates", "Bell", "SearchButton"];
    // A list page is someone mid-task: What's New waits for another page (views/Header.tsx).
    const listHeader = header.filter((island) => island !== "VersionDialog");
    const listIslands = [
      ...listHeader,
      "CompletedToggle",
      "ShareButton",
      "ListMenu",
      "RoutineLine",
      "ListActivity",
      "ListScreen",
      "Toaster",
    ];
    const signedIn: Array<[Page, string, string[]]> = [
      [owner.page, "/", [...header, "HomeScreen", "Toaster"]],
      [owner.page, `/list/${list.id}`, listIslands],
      [owner.page, `/list/${list.id}?parentId=${parent.id}`, listIslands],
      [owner.page, "/settings?tab=theme", [...header, "ThemePicker", "Toaster"]],
      [owner.page, "/settings?tab=account", [...header, "AccountSettings", "ImportButton", "Webhooks", "Toaster"]],
      [owner.page, "/settings?tab=info", [...header, "Toaster"]],
      [admin.page, "/shared-lists", [...header, "SharedLists", "Toaster"]],
      [admin.page, "/admin", [...header, "InviteCodeForm", "DeploymentNotice", "WebhookAddresses", "Toaster"]],
      [owner.page, `/list/${list.id}?shareId=${list.shareId}`, listIslands],
    ];
    for (const [page, path, islands] of signedIn) expect([path, await openHydrated(page, path)]).toEqual([path, islands.sort()]);

    const guest = await anonymousContext(env);
    expect(await openHydrated(guest.page, "/auth?action=login")).toEqual(["AuthPanel", "Toaster"]);
    expect(await openHydrated(guest.page, `/list/${list.id}?shareId=${list.shareId}`)).toEqual([
      "CompletedToggle",
      "ListActivity",
      "ListMenu",
      "ListScreen",
      "LiveUpdates",
      "RoutineLine",
      "Toaster",
    ]);
    // A dead link's 404 says why on its page and still shows the shared-access toast.
    expect(await openHydrated(guest.page, `/list/${list.id}?shareId=not-the-link`)).toEqual(["LostAccess", "Toaster"]);

    const scripts = recordScripts(guest.page);
    expect(await openHydrated(guest.page, "/no-such-page")).toEqual([]);
    expect(await guest.page.locator("script").count()).toBe(0);
    expect(scripts.size).toBe(0);
    await Promise.all([owner.context.close(), guest.context.close()]);
  });

  it("uses the server's data as is: no refetch after the page loads, nor when a live event brings a change", async () => {
    const reader = await signedInContext(env, "still_reader");
    const writer = await reader.context.browser()!.newContext({ baseURL: env.baseUrl });
    const login = await writer.request.post("/api/login", { data: { username: "still_reader", password: TEST_PASSWORD } });
    expect(login.status()).toBe(200);
    const { list } = await seedList(reader.context.request, "Quiet list", ["One", "Two"]);
    await reader.context.request.post("/api/task-lists", { data: { name: "Second list" } });
    const page = reader.page;

    const reads: string[] = [];
    let recording = false;
    const onRequest = (request: Request) => {
      const url = new URL(request.url());
      if (recording && url.pathname.startsWith("/api/") && request.method() === "GET") reads.push(url.pathname);
    };
    page.on("request", onRequest);
    for (const path of [`/list/${list.id}`, "/", "/shared-lists"]) {
      recording = false;
      await waitForHydration(page, () => page.goto(path, { waitUntil: "load" }));
      recording = true;
      // The page is live (its websocket subscribed), and whatever that subscription would set off has had time to start.
      await page.waitForFunction(() => document.documentElement.dataset.live === "websocket");
      await page.waitForTimeout(QUIET_MS);
      expect([path, reads]).toEqual([path, []]);
    }

    // A change made elsewhere arrives live and is applied from the event itself, still without a read.
    recording = false;
    await waitForHydration(page, () => page.goto(`/list/${list.id}`, { waitUntil: "load" }));
    await page.waitForFunction(() => document.documentElement.dataset.live === "websocket");
    recording = true;
    const added = await writer.request.post("/api/tasks", { data: { listId: list.id, title: "Three", description: "" } });
    expect(added.status()).toBe(201);
    await expect.poll(() => rowTitles(page)).toEqual(["One", "Two", "Three"]);
    expect(reads).toEqual([]);
    // Positive control: the recorder hears a read the page does make.
    await page.evaluate((id) => fetch(`/api/list/${id}`).then((response) => response.status), list.id);
    expect(reads).toEqual([`/api/list/${list.id}`]);
    page.off("request", onRequest);
    await writer.close();
    await reader.context.close();
  });

  it("still shows a change made while the page was loading, before its live connection began", async () => {
    const owner = await signedInContext(env, "late_reader");
    const { list } = await seedList(owner.context.request, "Moving list", ["First"]);
    const page = owner.page;
    // Hold the scripts: the page is on screen with the server's items, but not live yet.
    let releaseScripts!: () => void;
    const held = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route("**/build/*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/list/${list.id}`, { waitUntil: "commit" });
    await expect.poll(() => rowTitles(page)).toEqual(["First"]);
    const added = await owner.context.request.post("/api/tasks", { data: { listId: list.id, title: "Second", description: "" } });
    expect(added.status()).toBe(201);
    releaseScripts();
    // No event will tell it (it subscribes after the change): its first connect says the list moved on.
    await waitForHydration(page);
    await expect.poll(() => rowTitles(page)).toEqual(["First", "Second"]);
    await owner.context.close();
  });

  it("connects the live updates only once the list's own island listens, and still shows a change made while it loaded", async () => {
    const owner = await signedInContext(env, "slow_island");
    const { list } = await seedList(owner.context.request, "Slow island", ["First"]);
    const page = owner.page;
    // Only the list's island is held back. The live connection is a deferred island
    // (islands/deferred.ts): it must wait for the list rather than connect with nobody listening.
    let releaseList!: () => void;
    const held = new Promise<void>((resolve) => (releaseList = resolve));
    await page.route("**/build/list-page-*.js", async (route) => {
      await held;
      await route.continue();
    });
    // The test's own listener (not the page's) notes when the live connection announced its connect.
    await page.addInitScript(() => {
      window.addEventListener("listwell:refresh", (event) => {
        if ((event as CustomEvent<{ type?: string }>).detail?.type === "connect") document.documentElement.dataset.connectSeen = "true";
      });
    });
    await page.goto(`/list/${list.id}`, { waitUntil: "commit" });
    await expect.poll(() => rowTitles(page)).toEqual(["First"]);
    const added = await owner.context.request.post("/api/tasks", { data: { listId: list.id, title: "Second", description: "" } });
    expect(added.status()).toBe(201);
    // Long enough for the connection to have connected had it not waited (it does within ~100 ms
    // here); the positive control is the same flag turning true once the list is released.
    await page.waitForTimeout(1_500);
    expect(await page.evaluate(() => document.documentElement.dataset.connectSeen ?? "no")).toBe("no");
    releaseList();
    await waitForHydration(page);
    await page.waitForFunction(() => document.documentElement.dataset.connectSeen === "true");
    await expect.poll(() => rowTitles(page)).toEqual(["First", "Second"]);
    await owner.context.close();
  });
});
