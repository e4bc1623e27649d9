/**
 * How many server-rendered pages a checkout answers (docs/decisions/036): a signed-in list page of
 * 50 items and Home, read again and again by wrk (-t1 -c8, pinned to CPU 1, the server to CPU 0),
 * and a list page that changes before every read (an item ticked, then the page read; only the
 * read is timed, after as many rounds untimed: until the engine has compiled the render's code,
 * the first reads cost several times what they cost a server that has run a while). Each figure
 * is given two ways: pages per second as wrk saw them, and pages per CPU-second of the server (its
 * CPU time from /proc over the pages it answered), which the other work on a shared machine
 * disturbs less.
 *
 * `bun bench/page-render.ts [checkout…]`: each checkout (default this one) runs its own
 * `bun src/server.ts` with this process's environment (React renders its development build unless
 * NODE_ENV=production); the cases alternate between checkouts. BENCH_SECONDS (5), BENCH_CHANGES
 * (200), BENCH_WARMUP (untimed changes first, as many). Ports 47320–47329. Needs wrk. Not a test:
 * nothing here passes or fails.
 */
import { join, resolve } from "node:path";
import { treeServer, type TreeServer } from "./tree-server";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? CHANGES);
const ITEMS = 50;
const PORT = 47_320;
const CHECKOUTS = (process.argv.length > 2 ? process.argv.slice(2) : [join(import.meta.dir, "..")]).map((path) => resolve(path));
const pin = (cpu: number) => (Bun.which("taskset") ? ["taskset", "-c", String(cpu)] : []);

interface Site {
  checkout: string;
  server: TreeServer;
  cookie: string;
  listId: number;
  taskId: number;
}

async function open(checkout: string, port: number): Promise<Site> {
  const server = treeServer(checkout, port, "render");
  await server.start();
  if (pin(0).length > 0) Bun.spawnSync(["taskset", "-p", "-c", "0", String(server.pid)]);
  const cookie = await server.signUp("renderer");
  const list = (await (await server.post("/api/task-lists", { name: "Groceries for the week" }, cookie)).json()) as { id: number };
  let taskId = 0;
  for (let i = 0; i < ITEMS; i++) {
    const task = await server.post("/api/tasks", { title: `Item ${i + 1}: something to buy`, listId: list.id }, cookie);
    taskId = ((await task.json()) as { id: number }).id;
  }
  return { checkout, server, cookie, listId: list.id, taskId };
}

interface Rate {
  perSecond: number;
  perCpuSecond: number;
}

async function wrk(site: Site, path: string): Promise<Rate> {
  const before = site.server.cpuMicros();
  const args = [...pin(1), "wrk", "-t1", "-c8", `-d${SECONDS}s`, "-H", `Cookie: ${site.cookie}`, site.server.base + path];
  const run = Bun.spawn(args, { stdout: "pipe", stderr: "pipe" });
  const output = await new Response(run.stdout).text();
  await run.exited;
  const rate = output.match(/Requests\/sec:\s+([\d.]+)/);
  if (!rate || /Non-2xx/.test(output)) throw new Error(`wrk on ${path} said:\n${output}`);
  const pages = Number(output.match(/(\d+) requests in/)?.[1]);
  return { perSecond: Number(rate[1]), perCpuSecond: (pages * 1e6) / (site.server.cpuMicros() - before) };
}

/** A tick, then the page: only the page's reads are timed, by the clock and by the server's CPU. */
async function changing(site: Site): Promise<Rate> {
  let wall = 0;
  let cpu = 0;
  for (let i = 0; i < WARMUP + CHANGES; i++) {
    const ticked = await fetch(`${site.server.base}/api/tasks/${site.taskId}/toggle`, {
      method: "POST",
      headers: { cookie: site.cookie, origin: site.server.base },
    });
    if (!ticked.ok) throw new Error(`toggle: ${ticked.status}`);
    await ticked.arrayBuffer();
    const [cpuBefore, start] = [site.server.cpuMicros(), performance.now()];
    const page = await fetch(`${site.server.base}/list/${site.listId}`, { headers: { cookie: site.cookie } });
    await page.arrayBuffer();
    if (!page.ok) throw new Error(`list page: ${page.status}`);
    if (i < WARMUP) continue;
    wall += performance.now() - start;
    cpu += site.server.cpuMicros() - cpuBefore;
  }
  return { perSecond: (CHANGES * 1000) / wall, perCpuSecond: (CHANGES * 1e6) / cpu };
}

const CASES = [
  { name: `list page, ${ITEMS} items, unchanged`, run: (site: Site) => wrk(site, `/list/${site.listId}`) },
  { name: `list page, ${ITEMS} items, a tick before each`, run: changing },
  { name: "Home", run: (site: Site) => wrk(site, "/") },
];

const sites: Site[] = [];
try {
  for (const [i, checkout] of CHECKOUTS.entries()) sites.push(await open(checkout, PORT + i));
  const results = new Map<string, Rate>();
  for (const { name, run } of CASES) {
    for (const site of sites) results.set(`${site.checkout} ${name}`, await run(site));
  }
  console.log(`\nPages per second (per CPU-second of the server), NODE_ENV=${process.env.NODE_ENV ?? "(unset)"}, warm-up ${WARMUP}`);
  for (const { name } of CASES) {
    console.log(`\n${name}`);
    const first = results.get(`${sites[0]!.checkout} ${name}`)!;
    for (const site of sites) {
      const rate = results.get(`${site.checkout} ${name}`)!;
      const ratio = site === sites[0] ? "" : `  (${(rate.perCpuSecond / first.perCpuSecond).toFixed(1)}x per CPU-second)`;
      console.log(
        `  ${site.checkout.padEnd(24)} ${rate.perSecond.toFixed(0).padStart(6)}/s  (${rate.perCpuSecond.toFixed(0)}/CPU-s)${ratio}`,
      );
    }
  }
} finally {
  for (const site of sites) await site.server.remove();
}
