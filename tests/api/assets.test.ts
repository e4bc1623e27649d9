import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { islands, type IslandName } from "../../islands/registry";
import { ICON_PATHS } from "../../src/shared/icon-sprite";
import { loadAssets, PUBLIC_DIR, type Assets } from "../../src/assets";
import { THEMES } from "../../src/shared/themes";
import { Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

const REBUILDS = 15;

/** Every script a page names: the loader it runs and the chunks it preloads. */
function scriptsOf(html: string): string[] {
  const head = html.slice(0, html.indexOf("</head>"));
  const named = [...head.matchAll(/<script[^>]* src="([^"]+)"|<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1] ?? m[2]!);
  return [...new Set(named)].sort();
}

/** What a page holding these islands needs: the loader, its imports, each island's chunks. */
const expectedScripts = (assets: Assets, names: IslandName[]) =>
  [...new Set([assets.script, ...assets.scriptImports, ...names.flatMap((name) => assets.islands[name]!)])].sort();

describe("island assets", () => {
  it("bring each island in a chunk of its own or of its page's bundle, all named in the manifest and on disk", async () => {
    const assets = await loadAssets();
    expect(JSON.parse(readFileSync(join(PUBLIC_DIR, "build", "manifest.json"), "utf8"))).toEqual(assets);
    expect(Object.keys(assets.islands).sort()).toEqual(Object.keys(islands).sort());
    for (const chunks of Object.values(assets.islands)) for (const chunk of chunks) expect(assets.files).toContain(chunk);
    // A lone island's chunk is named for it; a page's islands share their bundle's (islands/hydrate.tsx).
    expect(basename(assets.islands.AuthPanel![0]!)).toMatch(/^AuthPanel-[a-z0-9]+\.js$/);
    const chunksOf = (names: IslandName[]) => new Set(names.map((name) => assets.islands[name]![0]));
    expect(chunksOf(["ListScreen", "CompletedToggle", "ShareButton", "ListMenu", "RoutineLine", "ListActivity"]).size).toBe(1);
    expect(chunksOf(["Toaster", "LiveUpdates", "SessionRecovery", "Bell", "SearchButton"]).size).toBe(1);
    expect(chunksOf(["AccountSettings", "Webhooks", "ThemePicker", "ImportButton"]).size).toBe(1);
    expect(chunksOf(["ListScreen", "Toaster", "AccountSettings", "InviteCodeForm", "AuthPanel", "HomeScreen"]).size).toBe(6);
    for (const url of [assets.script, assets.style, assets.icons, ...assets.files]) {
      expect(url).toMatch(/^\/build\/[A-Za-z][A-Za-z.-]*-[a-z0-9]+\.(js|css|svg|png)$/);
      expect(existsSync(join(PUBLIC_DIR, url))).toBe(true);
    }
    const sprite = readFileSync(join(PUBLIC_DIR, assets.icons), "utf8");
    for (const name of Object.keys(ICON_PATHS)) expect(sprite).toContain(`<symbol id="${name}"`);
  });

  it("are never served half-written while another instance rebuilds them at start", async () => {
    const assets = await loadAssets();
    const files = assets.files.map((url) => join(PUBLIC_DIR, url));
    const expected = files.map((file) => readFileSync(file, "utf8"));
    // A second server starting beside this one rebuilds the same hashed files into the same folder.
    const rebuilder = Bun.spawn(
      [
        process.execPath,
        "-e",
        `const { buildAssets } = await import("./src/assets.ts"); for (let i = 0; i < ${REBUILDS}; i++) await buildAssets();`,
      ],
      { stdout: "ignore", stderr: "inherit" },
    );
    let reads = 0;
    let torn = 0;
    while (rebuilder.exitCode === null) {
      for (const [i, file] of files.entries()) {
        reads++;
        if (readFileSync(file, "utf8") !== expected[i]) torn++;
      }
      await Bun.sleep(0);
    }
    expect(await rebuilder.exited).toBe(0);
    expect(reads).toBeGreaterThan(100);
    expect(torn).toBe(0);
  });
});

describe("pages and their islands", () => {
  let t: TestApp;
  let owner: Client;
  let listId: number;
  beforeAll(async () => {
    t = await makeTestApp();
    owner = await registerUser(t, "page_owner");
    listId = ((await owner.post("/api/task-lists", { name: "Groceries" })).body as { id: number }).id;
    for (const title of ["Milk", "Bread", "Eggs"]) await owner.post("/api/tasks", { listId, title, description: "" });
  });
  afterAll(() => t.close());

  it("name only the chunks of the islands they render, and leave the deferred ones to load after", async () => {
    const auth = (await new Client(t).get<string>("/auth")).body;
    expect(scriptsOf(auth)).toEqual(expectedScripts(t.assets, ["AuthPanel"]));
    expect(auth).not.toContain(t.assets.islands.ListScreen![0]);
    // The toasts are still on the page, hydrated once AuthPanel has been (islands/deferred.ts).
    expect(auth).toContain('data-island="Toaster"');
    expect(auth).not.toContain(t.assets.islands.Toaster![0]);

    const list = (await owner.get<string>(`/list/${listId}`)).body;
    expect(scriptsOf(list)).toEqual(expectedScripts(t.assets, ["ListScreen"]));
    expect(list).not.toContain(t.assets.islands.AuthPanel![0]);
    // A list page is someone mid-task: no What's New there (views/Header.tsx).
    expect(list).not.toContain('data-island="VersionDialog"');
    // The page frame's islands are all deferred: their bundle is not preloaded. The list header's
    // deferred islands come in the list's own bundle, preloaded with it and hydrated after it.
    for (const deferred of ["SessionRecovery", "LiveUpdates", "Toaster", "Bell", "SearchButton"] as const) {
      expect(list).toContain(`data-island="${deferred}"`);
      expect(list).not.toContain(t.assets.islands[deferred]![0]);
    }
    for (const deferred of ["CompletedToggle", "ShareButton", "ListMenu", "ListActivity"] as const) {
      expect(list).toContain(`data-island="${deferred}"`);
      expect(t.assets.islands[deferred]![0]).toBe(t.assets.islands.ListScreen![0]);
    }

    const theme = (await owner.get<string>("/settings?tab=theme")).body;
    expect(scriptsOf(theme)).toEqual(expectedScripts(t.assets, ["ThemePicker"]));
  });

  it("link the stylesheet with their own theme's colours only, and every theme's where themes are switched", async () => {
    const stylesheetOf = (html: string) => html.match(/<link rel="stylesheet" href="([^"]+)"/)![1];
    const palettesIn = (url: string) =>
      [...readFileSync(join(PUBLIC_DIR, url), "utf8").matchAll(/\[data-theme="([a-z]+)"\]/g)].map((m) => m[1]);
    expect(Object.keys(t.assets.themeStyles).sort()).toEqual(Object.keys(THEMES).sort());
    expect(palettesIn(t.assets.style).sort()).toEqual(Object.keys(THEMES).sort());

    expect(stylesheetOf((await owner.get<string>(`/list/${listId}`)).body)).toBe(t.assets.themeStyles.vibrant);
    expect((await owner.post("/api/user/theme", { theme: "ocean" })).status).toBe(200);
    for (const path of ["/", `/list/${listId}`, "/settings?tab=account"]) {
      const url = stylesheetOf((await owner.get<string>(path)).body)!;
      expect(url).toBe(t.assets.themeStyles.ocean);
      expect(palettesIn(url)).toEqual(["ocean"]);
    }
    expect(stylesheetOf((await owner.get<string>("/settings")).body)).toBe(t.assets.style);
    expect(stylesheetOf((await new Client(t).get<string>("/auth")).body)).toBe(t.assets.themeStyles.vibrant);
  });

  it("load no script at all when they have no island", async () => {
    const notFound = await new Client(t).get<string>("/no-such-page");
    expect(notFound.status).toBe(404);
    expect(notFound.body).toContain("404 Page Not Found");
    expect(notFound.body).not.toContain("<script");
    expect(notFound.body).not.toContain("modulepreload");
    expect(notFound.body).not.toContain("data-island");
  });

  it("draw every icon from the sprite instead of repeating its drawing", async () => {
    const list = (await owner.get<string>(`/list/${listId}`)).body;
    expect(list).not.toContain("<path");
    const uses = [...list.matchAll(/<svg width="\d+" height="\d+" aria-hidden="true"><use href="([^"]+)"><\/use><\/svg>/g)].map(
      (m) => m[1],
    );
    expect(uses.length).toBeGreaterThan(10);
    for (const href of uses) expect(href).toMatch(new RegExp(`^${t.assets.icons}#(${Object.keys(ICON_PATHS).join("|")})$`));
    expect(uses).toContain(`${t.assets.icons}#trash`);
    // The loader is told where the sprite is, for the icons the islands draw in the browser.
    expect(list).toContain(`src="${t.assets.script}" data-icons="${t.assets.icons}"`);
  });

  it("serve the sprite like every other hashed build file: an SVG cached for good", async () => {
    const sprite = await new Client(t).get<string>(t.assets.icons);
    expect(sprite.status).toBe(200);
    expect(sprite.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(sprite.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});
