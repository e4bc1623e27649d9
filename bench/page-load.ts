/**
 * The page-load benchmark (docs/decisions/013-page-load-figures.md): Chromium over CDP, a cold cache each run, for /auth, home and a
 * 50-item list, on slow 4G (150 ms, 1.6 Mbit/s each way) with a 4× slower CPU, and unthrottled.
 * Prints medians of BENCH_RUNS (3) of TTFB, FCP, LCP, all islands hydrated, bytes sent, and the
 * time to the first working tap: from navigation start until a tap on a real control takes effect
 * (the Register tab selected, the New List dialog open, an item's checkbox flipped), tapping every
 * 50 ms as an impatient person would. Paints and taps are measured in separate loads, because input
 * ends LCP's observation.
 *
 * `bun bench/page-load.ts [checkout…]` serves each checkout (default: this one) with its own
 * `bun src/server.ts` on a temporary SQLite file, so an older tree is measured by the same code;
 * given two (before and after), it alternates between them run by run.
 * Not a test: nothing here passes or fails.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Checkouts to serve; several are measured run by run in turn, so load on the machine touches each alike. */
const CHECKOUTS = (process.argv.length > 2 ? process.argv.slice(2) : [join(import.meta.dir, "..")]).map((path) => resolve(path));
const PHONE = { width: 375, height: 740 };
const TAP_EVERY_MS = 50;
const GIVE_UP_MS = 30_000;
const INVITE = "bench-invite";
const PASSWORD = "password123";

const PROFILES = [
  { name: "slow 4G (150 ms, 1.6 Mbit/s) + 4x CPU", latency: 150, bytesPerSecond: 200_000, cpuSlowdown: 4 },
  { name: "unthrottled", latency: 0, bytesPerSecond: -1, cpuSlowdown: 1 },
];
type Profile = (typeof PROFILES)[number];
interface Cookie {
  name: string;
  value: string;
  url: string;
}

/** A control a person taps, and the attribute (or open dialog) that shows the tap worked. */
interface Tap {
  selector: string;
  text?: string;
  shows: "aria-selected" | "aria-checked" | "open-dialog";
}
interface Target {
  name: string;
  path: string;
  signedIn: boolean;
  tap: Tap;
}

const servers = new Set<Bun.Subprocess>();
// Stopped by Ctrl-C or kill, the bench takes its servers with it.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    for (const child of servers) child.kill();
    process.exit(1);
  });
}

/** `bun src/server.ts` of the checkout, as `npm start` runs it, once it printed its invite code. */
async function startServer(root: string) {
  const dir = mkdtempSync(join(tmpdir(), "listwell-page-load-"));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = Bun.spawn([process.execPath, "src/server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: join(dir, "bench.db"),
      INVITE_CODE: INVITE,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
    },
    stdout: "pipe",
    stderr: "inherit",
  });
  servers.add(child);
  let printed = "";
  const decoder = new TextDecoder();
  for await (const chunk of child.stdout) {
    printed += decoder.decode(chunk, { stream: true });
    if (printed.includes("invite code:")) break;
  }
  if (!printed.includes("invite code:")) throw new Error(`server did not start: ${printed}`);
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill();
      await child.exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One user (the administrator) with a 50-row list: 3 rows are parents of 2 sub-items, 10 have descriptions. */
async function seed(url: string) {
  const call = async (path: string, body: unknown, cookie = "") => {
    const response = await fetch(url + path, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response;
  };
  const registered = await call("/api/register", { username: "bencher", password: PASSWORD, inviteCode: INVITE });
  const cookie = registered.headers.get("set-cookie")!.split(";")[0]!;
  const list = (await (await call("/api/task-lists", { name: "Groceries" }, cookie)).json()) as { id: number };
  for (let i = 1; i <= 50; i++) {
    const isParent = i % 17 === 0 || i === 1;
    const description = i % 5 === 0 ? `Notes for item ${i}: brand, size and where to find it` : "";
    const task = (await (await call("/api/tasks", { listId: list.id, title: `Item ${i}`, description, isParent }, cookie)).json()) as {
      id: number;
    };
    if (isParent) {
      for (const sub of [1, 2]) await call("/api/tasks", { listId: list.id, title: `Item ${i}.${sub}`, parentId: task.id }, cookie);
    }
  }
  const [name, value] = cookie.split("=") as [string, string];
  return { cookie: { name, value, url } satisfies Cookie, listId: list.id };
}

/** Runs at document start in every load (CDP's addScriptToEvaluateOnNewDocument, which the page's CSP does not govern). */
function instrument() {
  const marks = { clicks: [] as number[], hydrated: -1 };
  Object.assign(window, { __bench: marks });
  addEventListener("click", () => marks.clicks.push(performance.now()), true);
  new MutationObserver(() => {
    const islands = [...document.querySelectorAll<HTMLElement>("[data-island]")];
    if (marks.hydrated < 0 && islands.length > 0 && islands.every((island) => island.dataset.hydrated === "true")) {
      marks.hydrated = performance.now();
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-hydrated"] });
}

/** A fresh context (empty cache, cookie only) and page with the profile's throttling applied over CDP. */
async function coldPage(browser: Browser, profile: Profile, cookie: Cookie | null) {
  const context = await browser.newContext({ viewport: PHONE });
  if (cookie) await context.addCookies([cookie]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: profile.latency,
    downloadThroughput: profile.bytesPerSecond,
    uploadThroughput: profile.bytesPerSecond,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: profile.cpuSlowdown });
  const sent = { script: 0, all: 0, documentAsked: Number.NaN, documentAnswered: Number.NaN };
  const types = new Map<string, string>();
  // The page's own navigation timing leaves out the emulated latency; these events carry it.
  cdp.on("Network.requestWillBeSent", (event) => {
    if (event.type === "Document" && Number.isNaN(sent.documentAsked)) sent.documentAsked = event.timestamp;
  });
  cdp.on("Network.responseReceived", (event) => {
    types.set(event.requestId, event.type);
    if (event.type === "Document" && Number.isNaN(sent.documentAnswered)) sent.documentAnswered = event.timestamp;
  });
  cdp.on("Network.loadingFinished", (event) => {
    sent.all += event.encodedDataLength;
    if (types.get(event.requestId) === "Script") sent.script += event.encodedDataLength;
  });
  await page.addInitScript(instrument);
  return { context, page, sent };
}

/** TTFB, FCP, LCP and hydration of one cold load with no input. */
async function measurePaints(browser: Browser, profile: Profile, target: Target, origin: string, cookie: Cookie) {
  const { context, page, sent } = await coldPage(browser, profile, target.signedIn ? cookie : null);
  try {
    await page.goto(origin + target.path, { waitUntil: "load", timeout: GIVE_UP_MS });
    await page
      .waitForFunction(() => (window as unknown as { __bench: { hydrated: number } }).__bench.hydrated >= 0, null, { timeout: 10_000 })
      .catch(() => {});
    // Lets late requests (lazy island chunks) finish before the bytes are counted.
    await page.waitForTimeout(500);
    const timings = await page.evaluate(
      () =>
        new Promise<{ fcp: number; lcp: number; hydrated: number }>((done) => {
          const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
          const hydrated = (window as unknown as { __bench: { hydrated: number } }).__bench.hydrated;
          new PerformanceObserver((entries) => {
            const last = entries.getEntries().at(-1);
            done({ fcp, lcp: last?.startTime ?? Number.NaN, hydrated: hydrated < 0 ? Number.NaN : hydrated });
          }).observe({ type: "largest-contentful-paint", buffered: true });
        }),
    );
    const ttfb = (sent.documentAnswered - sent.documentAsked) * 1000;
    return { ...timings, ttfb, scriptBytes: sent.script, allBytes: sent.all };
  } finally {
    await context.close();
  }
}

interface Probe {
  x: number;
  y: number;
  state: string;
  taskId: string | null;
}

/** Where the control is and its state now, or null while it is not in the document yet. */
const probe = (page: Page, tap: Tap) =>
  page.evaluate(({ selector, text, shows }): Probe | null => {
    const element = [...document.querySelectorAll<HTMLElement>(selector)].find(
      (el) => text === undefined || el.textContent?.trim() === text,
    );
    if (!element) return null;
    const box = element.getBoundingClientRect();
    if (box.bottom > innerHeight || box.top < 0) element.scrollIntoView({ block: "center" });
    const at = element.getBoundingClientRect();
    return {
      x: at.x + at.width / 2,
      y: at.y + at.height / 2,
      state: shows === "open-dialog" ? String(document.querySelector("dialog[open]") !== null) : String(element.getAttribute(shows)),
      taskId: element.closest<HTMLElement>("[data-task-id]")?.dataset.taskId ?? null,
    };
  }, tap);

/** Milliseconds from navigation start until a tap first changed what the control shows. */
async function measureFirstTap(browser: Browser, profile: Profile, target: Target, origin: string, cookie: Cookie) {
  const { context, page } = await coldPage(browser, profile, target.signedIn ? cookie : null);
  try {
    await page.goto(origin + target.path, { waitUntil: "commit", timeout: GIVE_UP_MS });
    const deadline = Date.now() + GIVE_UP_MS;
    let before: Probe | null = null;
    while (Date.now() < deadline) {
      const now = await probe(page, target.tap);
      before ??= now;
      if (before && now && now.state !== before.state) {
        const clicks = await page.evaluate(() => (window as unknown as { __bench: { clicks: number[] } }).__bench.clicks);
        await restore(page, target, origin, cookie, now);
        return clicks.at(-1)!;
      }
      // Input waits for the renderer to handle it, as a finger's tap waits for a busy main thread.
      if (now) await page.mouse.click(now.x, now.y);
      await page.waitForTimeout(TAP_EVERY_MS);
    }
    throw new Error(`${target.name}: no tap took effect within ${GIVE_UP_MS} ms`);
  } finally {
    await context.close();
  }
}

/** Puts a ticked item back, so every run loads the same list. */
async function restore(page: Page, target: Target, origin: string, cookie: Cookie, ticked: Probe) {
  if (target.tap.shows !== "aria-checked" || ticked.state !== "true" || !ticked.taskId) return;
  await page.waitForFunction((id) => document.querySelector(`[data-task-id="${id}"] [aria-busy="true"]`) === null, ticked.taskId);
  const response = await fetch(`${origin}/api/tasks/${ticked.taskId}/toggle`, {
    method: "POST",
    headers: { cookie: `${cookie.name}=${cookie.value}` },
  });
  if (!response.ok) throw new Error(`untick: ${response.status}`);
}

/** A load that hangs on a machine others are loading is run again once, and said so, rather than ending the bench. */
async function retried<T>(measure: () => Promise<T>): Promise<T> {
  try {
    return await measure();
  } catch (error) {
    console.error(`  (a load failed and was run again: ${(error as Error).message.split("\n")[0]})`);
    return measure();
  }
}

const median = (values: number[]) => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor((sorted.length - 1) / 2)]!;
};
const ms = (value: number) => (Number.isNaN(value) ? "—" : `${Math.round(value)} ms`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A checkout's server, seeded, and its three pages. */
async function prepare(root: string) {
  const commit = Bun.spawnSync(["git", "-C", root, "log", "-1", "--format=%h"]).stdout.toString().trim();
  const server = await startServer(root);
  const { cookie, listId } = await seed(server.url);
  const targets: Target[] = [
    { name: "/auth", path: "/auth", signedIn: false, tap: { selector: '[role="tab"]', text: "Register", shows: "aria-selected" } },
    { name: "home", path: "/", signedIn: true, tap: { selector: "button", text: "New List", shows: "open-dialog" } },
    { name: "list, 50 items", path: `/list/${listId}`, signedIn: true, tap: { selector: '[role="checkbox"]', shows: "aria-checked" } },
  ];
  return { root, commit, server, cookie, targets };
}

console.log(`page load, cold cache, median of ${RUNS}, phone viewport ${PHONE.width}x${PHONE.height}`);
const sites: Array<Awaited<ReturnType<typeof prepare>>> = [];
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"],
});
try {
  for (const root of CHECKOUTS) {
    const site = await prepare(root);
    sites.push(site);
    console.log(`${site.commit}: ${root}`);
    // One unmeasured load per page, so the server's first-request work is not in the figures.
    for (const target of site.targets) await retried(() => measurePaints(browser, PROFILES[1]!, target, site.server.url, site.cookie));
  }
  for (const profile of PROFILES) {
    console.log(`\n${profile.name}`);
    const columns = ["TTFB", "FCP", "LCP", "hydrated", "first tap", "JS sent", "all sent"];
    console.log(`${"page".padEnd(26)}${columns.map((cell) => cell.padStart(10)).join("")}   first tap, each run`);
    for (const [index, target] of sites[0]!.targets.entries()) {
      const results = sites.map(() => ({ paints: [] as Array<Awaited<ReturnType<typeof measurePaints>>>, taps: [] as number[] }));
      for (let run = 0; run < RUNS; run++) {
        for (const [i, site] of sites.entries()) {
          const page = site.targets[index]!;
          results[i]!.paints.push(await retried(() => measurePaints(browser, profile, page, site.server.url, site.cookie)));
          results[i]!.taps.push(await retried(() => measureFirstTap(browser, profile, page, site.server.url, site.cookie)));
        }
      }
      for (const [i, { paints, taps }] of results.entries()) {
        const of = (key: keyof (typeof paints)[number]) => median(paints.map((paint) => paint[key]));
        const cells = [of("ttfb"), of("fcp"), of("lcp"), of("hydrated"), median(taps)].map(ms);
        cells.push(kb(of("scriptBytes")), kb(of("allBytes")));
        const name = `${target.name} @${sites[i]!.commit}`.padEnd(26);
        console.log(`${name}${cells.map((cell) => cell.padStart(10)).join("")}   ${taps.map(ms).join(", ")}`);
      }
    }
  }
} finally {
  await browser.close();
  for (const site of sites) await site.server.stop();
}
