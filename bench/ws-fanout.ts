/**
 * Websocket fan-out (docs/architecture.md#speed: a bare Bun publish to 1,000 subscribers has p99 ≈ 9 ms):
 * N sockets follow one list; a toggle over HTTP must reach all of them. Measured beside a bare
 * Bun.serve that publishes the same bytes to N sockets when POSTed to, in the same run, rounds
 * interleaved. Latency is from sending the HTTP request to each socket's receipt. The server runs
 * pinned to CPU 0, the clients (this process) to CPU 1. Not a test: nothing here passes or fails.
 *
 * BENCH_WS_CLIENTS (1000), BENCH_WS_ROUNDS (40).
 */
import { startTarget } from "./targets";

const CLIENTS = Number(process.env.BENCH_WS_CLIENTS ?? 1000);
const ROUNDS = Number(process.env.BENCH_WS_ROUNDS ?? 40);
const WARMUP = 5;

if (!process.env.BENCH_PINNED && Bun.which("taskset")) {
  const child = Bun.spawn(["taskset", "-c", "1", process.execPath, import.meta.path], {
    env: { ...process.env, BENCH_PINNED: "1" },
    stdout: "inherit",
    stderr: "inherit",
  });
  process.exit(await child.exited);
}

/** One fan-out: the HTTP call that causes it, and when each socket heard about it. */
class Audience {
  private started = 0;
  private pending = 0;
  private done: (() => void) | undefined;
  private latencies: number[] = [];
  readonly sockets: WebSocket[] = [];

  constructor(private readonly name: string) {}

  async open(url: string, count: number, headers: Record<string, string>, subscribe?: Record<string, unknown>) {
    for (let i = 0; i < count; i++) {
      // Bun's WebSocket takes headers (the session cookie) as a non-standard option.
      const forwarded = { "x-forwarded-for": `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}` };
      const ws = new WebSocket(url, { headers: { ...headers, ...forwarded } } as unknown as string[]);
      await new Promise<void>((resolve, reject) => {
        ws.onopen = () => resolve();
        ws.onerror = () => reject(new Error(`${this.name}: socket ${i} failed`));
      });
      if (subscribe) {
        const acked = new Promise<void>((resolve) => (ws.onmessage = () => resolve()));
        ws.send(JSON.stringify(subscribe));
        await acked;
      }
      ws.onmessage = (event) => this.heard(String(event.data));
      this.sockets.push(ws);
    }
  }

  private heard(data: string) {
    if (!data.includes('"task_updated"') || this.pending === 0) return;
    this.latencies.push(performance.now() - this.started);
    if (--this.pending === 0) this.done?.();
  }

  /** Fires the trigger and resolves with every socket's latency (ms) once all have heard. */
  async round(trigger: () => Promise<Response>): Promise<number[]> {
    this.latencies = [];
    this.pending = this.sockets.length;
    const everyone = new Promise<void>((resolve) => (this.done = resolve));
    this.started = performance.now();
    const response = await trigger();
    if (!response.ok) throw new Error(`${this.name}: trigger answered ${response.status}`);
    await Promise.race([
      everyone,
      Bun.sleep(10_000).then(() =>
        Promise.reject(new Error(`${this.name}: only ${this.sockets.length - this.pending} of ${this.sockets.length} heard`)),
      ),
    ]);
    return this.latencies;
  }

  close() {
    for (const ws of this.sockets) ws.close();
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

const bare = await startTarget("ws-target.ts", "bare");
const app = await startTarget("ws-target.ts", "listwell");
const { port, cookie, listId, taskId } = app.target;
const bareAudience = new Audience("bare");
const appAudience = new Audience("listwell");
const samples = { bare: [] as number[], listwell: [] as number[], bareLast: [] as number[], listwellLast: [] as number[] };

try {
  await bareAudience.open(`ws://127.0.0.1:${bare.target.port}/ws`, CLIENTS, {});
  await appAudience.open(
    `ws://127.0.0.1:${port}/ws`,
    CLIENTS,
    { cookie: cookie! },
    { type: "connect", listId, timestamp: Date.now(), messageId: "bench" },
  );
  const publish = () => fetch(`http://127.0.0.1:${bare.target.port}/publish`, { method: "POST" });
  const toggle = () => fetch(`http://127.0.0.1:${port}/api/tasks/${taskId}/toggle`, { method: "POST", headers: { cookie: cookie! } });
  // Interleaved rounds, so drift in the machine's speed touches both alike; the first few warm up.
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    const bareRound = await bareAudience.round(publish);
    await Bun.sleep(20);
    const appRound = await appAudience.round(toggle);
    await Bun.sleep(20);
    if (round < WARMUP) continue;
    samples.bare.push(...bareRound);
    samples.listwell.push(...appRound);
    samples.bareLast.push(Math.max(...bareRound));
    samples.listwellLast.push(Math.max(...appRound));
  }
} finally {
  bareAudience.close();
  appAudience.close();
  bare.child.kill();
  app.child.kill();
}

const row = (name: string, all: number[], last: number[], base?: { all: number[]; last: number[] }) => {
  const [sorted, lastSorted] = [all.toSorted((a, b) => a - b), last.toSorted((a, b) => a - b)];
  const figures = [percentile(sorted, 50), percentile(sorted, 99), percentile(lastSorted, 50)];
  const baseFigures = base ? [percentile(base.all, 50), percentile(base.all, 99), percentile(base.last, 50)] : figures;
  const cells = figures.map((value, i) => `${value.toFixed(2).padStart(7)} ms (${(value / baseFigures[i]!).toFixed(2)}x)`);
  console.log(`${name.padEnd(34)} ${cells.join("  ")}`);
};

console.log(`\nWebsocket fan-out to ${CLIENTS} subscribers, ${ROUNDS} rounds (+${WARMUP} warm-up), server on CPU 0, clients on CPU 1`);
console.log(`${"".padEnd(34)} ${"p50 delivery".padEnd(19)} ${"p99 delivery".padEnd(19)} p50 last delivery`);
const bareSorted = { all: samples.bare.toSorted((a, b) => a - b), last: samples.bareLast.toSorted((a, b) => a - b) };
row("bare Bun.serve POST → publish", samples.bare, samples.bareLast);
row("Listwell toggle → /ws subscribers", samples.listwell, samples.listwellLast, bareSorted);
console.log("(ratios against the bare server in the same run; docs/architecture.md#speed: bare publish to 1,000 p99 ≈ 9 ms)");
