/**
 * The HTTP baselines of docs/architecture.md#speed, measured in one run and printed as ratios against a bare Bun.serve:
 * Hono JSON, a session + 50-item list read (`/api/tasks` and `/api/list/{id}`), a toggle
 * (session, permission, UPDATE…RETURNING, event, publish) and the list page's tick, a keyed
 * `PATCH /api/tasks/{id} {completed}` (the same, plus the Idempotency-Key's claim and answer), each beside a "reference" doing the same
 * work with no rules (bench/http-target.ts), and the read's "Hono floor": route, cookie, the same two
 * statements and the cached JSON, with no middleware or rules, the most any Hono handler of it can
 * do. Each server runs pinned to CPU 0 and wrk (-t1 -c64) to CPU 1. Besides requests per second, each case reports the server's CPU time per request (from
 * /proc): on a machine shared with other work, throughput drops with whatever else runs on CPU 0,
 * while CPU time per request moves far less, so its ratio is the steadier of the two.
 * BENCH_KEYS_HELD=n has each keyed caller start with n keys of today (bench/http-target.ts), as late in a busy day.
 * Needs wrk (`apt-get install -y wrk`). Not a test: nothing here passes or fails.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startTarget, type Target } from "./targets";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** User + system CPU time of a process and all its threads, in microseconds (Linux), or NaN. */
function cpuMicros(pid: number): number {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return Number.NaN;
  const fields = readFileSync(stat, "utf8").split(") ")[1]!.split(" ");
  const ticksPerSecond = 100;
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / ticksPerSecond;
}

interface Measured {
  rate: number;
  cpuPerRequest: number;
}

/**
 * Requests per second wrk reached (pinned to CPU 1) and the server's CPU microseconds per request;
 * any non-2xx answer makes the run fail loudly.
 */
async function wrk(serverPid: number, url: string, headers: string[] = [], script?: string): Promise<Measured> {
  const cpuBefore = cpuMicros(serverPid);
  const args = ["taskset", "-c", "1", "wrk", "-t1", "-c64", `-d${SECONDS}s`, "--latency", ...headers.flatMap((h) => ["-H", h])];
  if (script) args.push("-s", script);
  const run = Bun.spawn([...args, url], { stdout: "pipe", stderr: "pipe" });
  const output = await new Response(run.stdout).text();
  await run.exited;
  const rate = output.match(/Requests\/sec:\s+([\d.]+)/);
  if (!rate) throw new Error(`wrk said:\n${output}${await new Response(run.stderr).text()}`);
  const non2xx = output.match(/Non-2xx or 3xx responses: (\d+)/);
  if (non2xx) throw new Error(`${url}: ${non2xx[1]} failed responses`);
  const requests = Number(output.match(/(\d+) requests in/)?.[1]);
  return { rate: Number(rate[1]), cpuPerRequest: (cpuMicros(serverPid) - cpuBefore) / requests };
}

if (!Bun.which("wrk")) {
  console.error("bench/http.ts needs wrk: apt-get install -y wrk");
  process.exit(1);
}

const postScript = join(tmpdir(), "listwell-bench-post.lua");
writeFileSync(postScript, 'wrk.method = "POST"\n');

/** Listening ports from here on (BENCH_PORT, default 47100), so runs beside other work do not collide. */
const firstPort = Number(process.env.BENCH_PORT ?? 47100);
let nextPort = firstPort;
const start = (mode: string, appTree?: string) => startTarget("http-target.ts", mode, { appTree, port: nextPort++ });
const started: Array<Awaited<ReturnType<typeof startTarget>>> = [];
const launched = async (mode: string, appTree?: string) => {
  const target = await start(mode, appTree);
  started.push(target);
  return target;
};
/** Ends every server started so far, when a later one fails to start or once the rounds are done. */
const stopAll = () => {
  for (const { child } of started) child.kill();
};
process.on("exit", stopAll);
const bare = await launched("bare");
const hono = await launched("hono");
const reference = await launched("reference");
const app = await launched("listwell");
const floor = await launched("floor");
/** BENCH_BEFORE=<another checkout>: its app, seeded by this tree's bench/http-target.ts, measured in the same rounds as "… (before)". */
const beforeTree = process.env.BENCH_BEFORE;
const before = beforeTree ? await launched("listwell", beforeTree) : undefined;
type Started = Awaited<ReturnType<typeof startTarget>>;
const get =
  (path: (target: Target) => string) =>
  ({ child, target }: Started) =>
  () =>
    wrk(child.pid, `http://127.0.0.1:${target.port}${path(target)}`, [`Cookie: ${target.cookie}`]);
const read = get((target) => `/api/tasks?listId=${target.listId}`);
const listRead = get((target) => `/api/list/${target.listId}`);
const toggle =
  ({ child, target }: Started) =>
  () =>
    wrk(child.pid, `http://127.0.0.1:${target.port}/api/tasks/${target.taskId}/toggle`, [`Cookie: ${target.cookie}`], postScript);
/**
 * Each request ticks or unticks (in turn) the item of the next keyed caller, under a key of its
 * own: a wrk script per run, so no round replays another's keys.
 */
const keyedTick =
  ({ child, target }: Started) =>
  () => {
    const callers = target.keyed!.map(({ cookie, taskId }) => `{${JSON.stringify(cookie)}, ${taskId}}`).join(", ");
    const script = join(tmpdir(), `listwell-bench-keyed-${child.pid}.lua`);
    writeFileSync(
      script,
      `wrk.method = "PATCH"
local callers = {${callers}}
local run = "${Date.now().toString(36)}"
local n = 0
request = function()
  n = n + 1
  local caller = callers[n % #callers + 1]
  local body = (math.floor(n / #callers) % 2 == 0) and '{"completed":true}' or '{"completed":false}'
  local headers = {["Content-Type"] = "application/json", ["Cookie"] = caller[1], ["Idempotency-Key"] = run .. "-" .. n}
  return wrk.format(nil, "/api/tasks/" .. caller[2], headers, body)
end
`,
    );
    return wrk(child.pid, `http://127.0.0.1:${target.port}/`, [], script);
  };
const cases: Array<[string, () => Promise<Measured>]> = [
  ["bare Bun.serve JSON", () => wrk(bare.child.pid, `http://127.0.0.1:${bare.target.port}/`)],
  ["Hono JSON", () => wrk(hono.child.pid, `http://127.0.0.1:${hono.target.port}/json`)],
  ["reference read", read(reference)],
  ["session + 50-item read", read(app)],
  ["/api/list/{id} read", listRead(app)],
  ["Hono floor of that read", listRead(floor)],
  ["reference toggle", toggle(reference)],
  ["toggle (write + event)", toggle(app)],
  ["keyed PATCH {completed}", keyedTick(app)],
  ...(before
    ? ([
        ["session + 50-item read (before)", read(before)],
        ["/api/list/{id} read (before)", listRead(before)],
        ["toggle (write + event) (before)", toggle(before)],
        ["keyed PATCH {completed} (before)", keyedTick(before)],
      ] as Array<[string, () => Promise<Measured>]>)
    : []),
];

/** BENCH_ONLY=<regexp>: only the cases whose name matches, beside bare Bun.serve (the ratios' base). */
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
const measured = cases.filter(([name], index) => index === 0 || !only || only.test(name));
const results = new Map<string, Measured[]>();
try {
  // Interleaved rounds, so drift in the machine's speed touches every case alike.
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, run] of measured) results.set(name, [...(results.get(name) ?? []), await run()]);
  }
} finally {
  stopAll();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const bestRate = (name: string) => Math.max(...results.get(name)!.map((measured) => measured.rate));
const cpuPerRequest = (name: string) => median(results.get(name)!.map((measured) => measured.cpuPerRequest));
const [baseRate, baseCpu] = [bestRate("bare Bun.serve JSON"), cpuPerRequest("bare Bun.serve JSON")];
console.log(
  `\nHTTP, wrk -t1 -c64, ${SECONDS}s x ${ROUNDS} rounds: best round's req/s, and the median round's server CPU per request` +
    " (each as a ratio to bare Bun.serve; the targets of docs/architecture.md#speed in brackets)",
);
const targets: Record<string, string> = {
  "Hono JSON": "0.86",
  "session + 50-item read": "0.30",
  "/api/list/{id} read": "0.30",
  "toggle (write + event)": "0.20",
};
for (const [name] of measured) {
  const rate = `${bestRate(name).toFixed(0).padStart(8)} req/s ${(bestRate(name) / baseRate).toFixed(3)}x`;
  const cpu = `${cpuPerRequest(name).toFixed(1).padStart(7)} CPU-µs/req ${(baseCpu / cpuPerRequest(name)).toFixed(3)}x`;
  console.log(`${name.padEnd(34)} ${rate}   ${cpu}${targets[name] ? `  [${targets[name]}x]` : ""}`);
}
