/**
 * The budgets on what each page makes the browser download (docs/decisions/013-page-load-figures.md), measured in Chromium: every
 * script and stylesheet a cold load fetches (islands loaded later by the page included), each
 * gzipped here with Bun.gzipSync so the figure does not depend on what the server compresses.
 */
import { join } from "node:path";
import type { APIRequestContext, BrowserContextOptions, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gotoHydrated, signedInContext, startBrowserEnv, type BrowserEnv } from "../helpers/browser";
import { seedList } from "./list-helpers";

const KB = 1024;
const LIST_PAGE = "list, 50 items";
/**
 * React 19 + react-dom alone is ~66 KB gzip (docs/architecture.md#speed): the list page's islands
 * get the rest. The script's budget is back at 100 KB (docs/decisions/065-page-bundles.md): a
 * page's islands come in one bundle, and code a person needs only later (the dialogs, the outbox,
 * the long poll, the paste parser, the drag set-up) arrives on first use or through the service
 * worker. The stylesheets' grew with the phone-first rows (docs/decisions/051), the header's search
 * (docs/decisions/058-search.md), a list's sections (docs/decisions/060-sections-browser.md) and,
 * by 136 bytes (9.03 to 9.17 KB), the phone layouts that keep a row's title, a card's name and a
 * setting's words whole, their buttons moving under them when there is no room beside; then to
 * 9.2 KB for names as long as their limits with no space to break at (a section's, a token's, a
 * webhook's address), which widened the page on a phone.
 */
const LIST_PAGE_JS_BUDGET = 100 * KB;
const CSS_BUDGET = 9.2 * KB;
/** A page counts as loaded once no script or stylesheet arrived for this long after hydration. */
const QUIET_MS = 500;

/**
 * Names zod keeps in any bundle, whole or `zod/mini`, because they are strings or property
 * names a minifier cannot rename: every schema's `_zod` internals, the `$ZodType` constructor
 * name, and its error class.
 */
const ZOD_MARKERS = ["_zod", "$ZodType", "ZodError"];
const zodMarkersIn = (text: string) => ZOD_MARKERS.filter((marker) => text.includes(marker));

interface Loaded {
  path: string;
  kind: "js" | "css";
  gzip: number;
  /** Body as sent plus headers, from Chromium's own accounting. */
  transferred: number;
  text: string;
}

async function record(response: Response): Promise<Loaded | null> {
  const type = response.headers()["content-type"] ?? "";
  const kind = type.includes("javascript") ? "js" : type.includes("text/css") ? "css" : null;
  if (!kind) return null;
  const body = await response.body();
  const sizes = await response.request().sizes();
  return {
    path: new URL(response.url()).pathname,
    kind,
    gzip: Bun.gzipSync(new Uint8Array(body)).length,
    transferred: sizes.responseBodySize + sizes.responseHeadersSize,
    text: body.toString("utf8"),
  };
}

const total = (files: Loaded[], kind: Loaded["kind"], size: "gzip" | "transferred" = "gzip") =>
  files.filter((file) => file.kind === kind).reduce((sum, file) => sum + file[size], 0);
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** A 50-row list as on a real week's shopping: 3 rows are parents of 2 sub-items, 10 have descriptions. */
async function seedFiftyItems(request: APIRequestContext) {
  const items = Array.from({ length: 50 }, (_, i) => ({
    title: `Item ${i + 1}`,
    description: i % 5 === 4 ? `Notes for item ${i + 1}: brand, size and where to find it` : "",
    isParent: i % 17 === 0,
  }));
  const { list, tasks } = await seedList(request, "Groceries", items);
  for (const parent of tasks.filter((task) => task.isParent)) {
    for (const n of [1, 2]) {
      const sub = await request.post("/api/tasks", { data: { listId: list.id, parentId: parent.id, title: `${parent.title}.${n}` } });
      expect(sub.status()).toBe(201);
    }
  }
  return list;
}

/** Every script and stylesheet of one cold load (a fresh context), until none arrived for QUIET_MS. */
async function loadCold(env: BrowserEnv, path: string, session: BrowserContextOptions["storageState"]) {
  const context = await env.browser.newContext({ baseURL: env.baseUrl, storageState: session });
  const page = await context.newPage();
  const recorded: Array<Promise<Loaded | null>> = [];
  page.on("response", (response) => recorded.push(record(response)));
  await gotoHydrated(page, path);
  expect(new URL(page.url()).pathname).toBe(path);
  for (let seen = -1; seen !== recorded.length; ) {
    seen = recorded.length;
    await page.waitForTimeout(QUIET_MS);
  }
  const files = (await Promise.all(recorded)).filter((file): file is Loaded => file !== null);
  await context.close();
  return files;
}

describe("what each page loads, gzip", () => {
  let env: BrowserEnv;
  const loads = new Map<string, Loaded[]>();

  beforeAll(async () => {
    env = await startBrowserEnv();
    // The first user is the administrator, so the same session also opens /admin.
    const owner = await signedInContext(env, "budget_owner");
    const list = await seedFiftyItems(owner.context.request);
    const session = await owner.context.storageState();
    await owner.context.close();
    const pages = [
      { name: "/auth", path: "/auth", session: undefined },
      { name: "home", path: "/", session },
      { name: LIST_PAGE, path: `/list/${list.id}`, session },
      { name: "/settings", path: "/settings", session },
      { name: "/shared-lists", path: "/shared-lists", session },
      { name: "/admin", path: "/admin", session },
    ];
    for (const page of pages) loads.set(page.name, await loadCold(env, page.path, page.session));

    const columns = ["scripts", "JS gzip", "JS transferred", "CSS gzip", "CSS transferred"];
    const row = (name: string, cells: string[]) => name.padEnd(16) + cells.map((cell) => cell.padStart(17)).join("");
    const rows = [...loads].map(([name, files]) =>
      row(name, [
        String(files.filter((file) => file.kind === "js").length),
        kb(total(files, "js")),
        kb(total(files, "js", "transferred")),
        kb(total(files, "css")),
        kb(total(files, "css", "transferred")),
      ]),
    );
    console.log(
      ["What each page loads (gzip: Bun.gzipSync; transferred: as Chromium counted it)", row("page", columns), ...rows].join("\n"),
    );
  }, 120_000);
  afterAll(() => env.close());

  it(`keeps the 50-item list page's scripts within ${LIST_PAGE_JS_BUDGET / KB} KB gzip`, () => {
    const list = loads.get(LIST_PAGE)!;
    // The recording itself works: the list page has islands, so it loads script.
    expect(list.some((file) => file.kind === "js")).toBe(true);
    expect(total(list, "js")).toBeLessThanOrEqual(LIST_PAGE_JS_BUDGET);
  });

  it("sends every other page less script than the list page", () => {
    const listTotal = total(loads.get(LIST_PAGE)!, "js");
    const heavier = [...loads]
      .filter(([name, files]) => name !== LIST_PAGE && total(files, "js") >= listTotal)
      .map(([name, files]) => `${name}: ${kb(total(files, "js"))} ≥ ${kb(listTotal)}`);
    expect(heavier).toEqual([]);
  });

  it(`keeps every page's stylesheets within ${CSS_BUDGET / KB} KB gzip`, () => {
    for (const [name, files] of loads) {
      expect(
        files.some((file) => file.kind === "css"),
        `${name} loads a stylesheet`,
      ).toBe(true);
      expect(total(files, "css"), `${name} CSS gzip`).toBeLessThanOrEqual(CSS_BUDGET);
    }
  });

  it("ships no zod to the browser, though the same search finds zod in a browser bundle", async () => {
    // Positive control: zod (whole and mini) bundled for the browser as the islands are.
    for (const library of ["zod", "zod/mini"]) {
      const entry = join(process.cwd(), "tests", "e2e", "zod-probe.virtual.ts");
      const built = await Bun.build({
        entrypoints: [entry],
        files: { [entry]: `import * as z from "${library}"; export const payload = z.object({ title: z.string() });` },
        target: "browser",
        minify: true,
      });
      expect(built.success).toBe(true);
      expect(zodMarkersIn(await built.outputs[0]!.text()), library).toEqual(ZOD_MARKERS);
    }
    const withZod = [...loads].flatMap(([name, files]) =>
      files.filter((file) => file.kind === "js" && zodMarkersIn(file.text).length > 0).map((file) => `${name}: ${file.path}`),
    );
    expect(withZod).toEqual([]);
  });
});
