/**
 * DESIGN §10's HTTP baselines, measured in one run and printed as ratios against a bare Bun.serve:
 * Hono JSON, a session + 50-item list read, and a toggle (session, permission, UPDATE…RETURNING,
 * event, publish), each beside a "reference" doing the same work with no rules (bench/http-target.ts).
 * Each server runs pinned to CPU 0 and wrk (-t1 -c64) to CPU 1.
 * Needs wrk (`apt-get install -y wrk`). Not a test: nothing here passes or fails.
 */
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startTarget, type Target } from "./targets";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

/** Requests per second wrk reached, pinned to CPU 1; any non-2xx answer makes the run fail loudly. */
async function wrk(url: string, headers: string[] = [], script?: string): Promise<number> {
  const args = ["taskset", "-c", "1", "wrk", "-t1", "-c64", `-d${SECONDS}s`, "--latency", ...headers.flatMap((h) => ["-H", h])];
  if (script) args.push("-s", script);
  const run = Bun.spawn([...args, url], { stdout: "pipe", stderr: "pipe" });
  const output = await new Response(run.stdout).text();
  await run.exited;
  const rate = output.match(/Requests\/sec:\s+([\d.]+)/);
  if (!rate) throw new Error(`wrk said:\n${output}${await new Response(run.stderr).text()}`);
  const non2xx = output.match(/Non-2xx or 3xx responses: (\d+)/);
  if (non2xx) throw new Error(`${url}: ${non2xx[1]} failed responses`);
  return Number(rate[1]);
}

if (!Bun.which("wrk")) {
  console.error("bench/http.ts needs wrk: apt-get install -y wrk");
  process.exit(1);
}

const postScript = join(tmpdir(), "listwell-bench-post.lua");
writeFileSync(postScript, 'wrk.method = "POST"\n');

const bare = await startTarget("http-target.ts", "bare");
const hono = await startTarget("http-target.ts", "hono");
const reference = await startTarget("http-target.ts", "reference");
const app = await startTarget("http-target.ts", "listwell");
const read =
  ({ target }: { target: Target }) =>
  () =>
    wrk(`http://127.0.0.1:${target.port}/api/tasks?listId=${target.listId}`, [`Cookie: ${target.cookie}`]);
const toggle =
  ({ target }: { target: Target }) =>
  () =>
    wrk(`http://127.0.0.1:${target.port}/api/tasks/${target.taskId}/toggle`, [`Cookie: ${target.cookie}`], postScript);
const cases: Array<[string, () => Promise<number>]> = [
  ["bare Bun.serve JSON", () => wrk(`http://127.0.0.1:${bare.target.port}/`)],
  ["Hono JSON", () => wrk(`http://127.0.0.1:${hono.target.port}/json`)],
  ["reference read", read(reference)],
  ["session + 50-item read", read(app)],
  ["reference toggle", toggle(reference)],
  ["toggle (write + event)", toggle(app)],
];

const results = new Map<string, number[]>();
try {
  // Interleaved rounds, so drift in the machine's speed touches every case alike.
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, run] of cases) results.set(name, [...(results.get(name) ?? []), await run()]);
  }
} finally {
  for (const { child } of [bare, hono, reference, app]) child.kill();
}

const best = (name: string) => Math.max(...results.get(name)!);
const baseline = best("bare Bun.serve JSON");
console.log(`\nHTTP, wrk -t1 -c64, ${SECONDS}s x ${ROUNDS} rounds, best round (DESIGN §10 targets in brackets)`);
const targets: Record<string, string> = { "Hono JSON": "0.86", "session + 50-item read": "0.17", "toggle (write + event)": "0.135" };
for (const [name] of cases) {
  const ratio = best(name) / baseline;
  console.log(
    `${name.padEnd(26)} ${best(name).toFixed(0).padStart(8)} req/s   ${ratio.toFixed(3)}x${targets[name] ? `  [${targets[name]}x]` : ""}`,
  );
}
