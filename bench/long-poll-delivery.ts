/**
 * What one live delivery costs the server, by websocket and by long-poll, and what watchers cost
 * the person who makes the change (docs/decisions/037). A checkout's own server (pinned to CPU 0
 * when taskset exists) holds one list; its owner ticks an item BENCH_TICKS times while nobody
 * watches, then while BENCH_VIEWERS websockets follow the list, then while as many long-poll
 * clients do (each polls again as soon as it is answered, as the browser does); a tick waits
 * until every viewer heard the one before, then 200 ms more for their next polls. CPU per delivery
 * is the server's CPU time (user + system, from /proc) over the ticks with viewers, less the same
 * number of ticks without, divided by ticks × viewers. The tick's own answer time is its p50.
 *
 * `bun bench/long-poll-delivery.ts [checkout…]` measures each checkout (default this one) in turn,
 * the phases alternating between them. Ports 47300–47309. Not a test: nothing here passes or fails.
 */
import { join, resolve } from "node:path";
import { treeServer, type TreeServer } from "./tree-server";

/**
 * Bun's fetch holds at most 256 requests open at once by default and queues the rest, so with
 * more long polls waiting the tick itself would wait for one of them. This process starts itself
 * again with room for all, on CPU 1 (the server gets CPU 0).
 */
if (!process.env.BUN_CONFIG_MAX_HTTP_REQUESTS) {
  const pin = Bun.which("taskset") ? ["taskset", "-c", "1"] : [];
  const child = Bun.spawn([...pin, process.execPath, import.meta.path, ...process.argv.slice(2)], {
    env: { ...process.env, BUN_CONFIG_MAX_HTTP_REQUESTS: "4096" },
    stdout: "inherit",
    stderr: "inherit",
  });
  process.exit(await child.exited);
}

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 300);
const TICKS = Number(process.env.BENCH_TICKS ?? 60);
const TICK_EVERY_MS = 200;
const PORT = 47_300;
const CHECKOUTS = (process.argv.length > 2 ? process.argv.slice(2) : [join(import.meta.dir, "..")]).map((path) => resolve(path));
/** The server trusts one proxy hop, so viewers can come from addresses of their own, as real ones do. */
process.env.TRUST_PROXY = "1";
const from = (i: number) => ({ "x-forwarded-for": `10.9.${i >> 8}.${i & 255}` });

interface Setup {
  server: TreeServer;
  cookie: string;
  listId: number;
  taskId: number;
}

async function setUp(checkout: string, port: number): Promise<Setup> {
  const server = treeServer(checkout, port, "poll", "ignore");
  await server.start();
  if (Bun.which("taskset")) Bun.spawnSync(["taskset", "-p", "-c", "0", String(server.pid)]);
  const cookie = await server.signUp("ticker");
  const list = (await (await server.post("/api/task-lists", { name: "Watched" }, cookie)).json()) as { id: number };
  const task = (await (await server.post("/api/tasks", { title: "Tick me", listId: list.id }, cookie)).json()) as { id: number };
  return { server, cookie, listId: list.id, taskId: task.id };
}

/** Ticks the item `TICKS` times, each once every viewer heard the one before; answers each tick's own time (ms). */
async function tick(setup: Setup, heardBy: () => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < TICKS; i++) {
    const heard = heardBy();
    const start = performance.now();
    const response = await fetch(`${setup.server.base}/api/tasks/${setup.taskId}/toggle`, {
      method: "POST",
      headers: { cookie: setup.cookie, origin: setup.server.base },
    });
    await response.arrayBuffer();
    times.push(performance.now() - start);
    if (!response.ok) throw new Error(`toggle: ${response.status}`);
    await Promise.race([heard, Bun.sleep(15_000).then(() => Promise.reject(new Error(`tick ${i}: not every viewer heard it`)))]);
    // Every viewer polls again once it heard a tick: the next tick meets a server that took those polls.
    await Bun.sleep(TICK_EVERY_MS);
  }
  return times;
}

/** Resolves once `count` viewers each reported one delivery (through `report`). */
function audience(count: number) {
  let pending = 0;
  let done: () => void = () => {};
  return {
    report: () => {
      if (--pending === 0) done();
    },
    missing: () => pending,
    next: () => {
      pending = count;
      return new Promise<void>((resolve) => (done = resolve));
    },
  };
}

async function withSockets(setup: Setup, heard: ReturnType<typeof audience>) {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < VIEWERS; i++) {
    const ws = new WebSocket(`${setup.server.base.replace("http", "ws")}/ws`, {
      headers: { cookie: setup.cookie, origin: setup.server.base, ...from(i) },
    } as unknown as string[]);
    await new Promise<void>((resolve, reject) => {
      ws.onopen = () => resolve();
      ws.onerror = () => reject(new Error(`socket ${i} failed`));
    });
    const subscribed = new Promise<void>((resolve) => (ws.onmessage = () => resolve()));
    ws.send(JSON.stringify({ type: "connect", listId: setup.listId, timestamp: Date.now(), messageId: `bench-${i}` }));
    await subscribed;
    ws.onmessage = (event) => {
      if (String(event.data).includes('"task_updated"')) heard.report();
    };
    sockets.push(ws);
  }
  return () => {
    for (const ws of sockets) ws.close();
  };
}

async function withPolls(setup: Setup, heard: ReturnType<typeof audience>) {
  let open = true;
  const loops: Array<Promise<void>> = [];
  const ready: Array<Promise<void>> = [];
  for (let i = 0; i < VIEWERS; i++) {
    const headers = { "content-type": "application/json", cookie: setup.cookie, origin: setup.server.base, ...from(i) };
    const post = async (path: string, body: unknown) =>
      (await fetch(setup.server.base + path, { method: "POST", headers, body: JSON.stringify(body) })).json() as Promise<{
        clientId: string;
        eventId: number;
      }>;
    const { clientId } = await post("/api/poll/connect", {});
    let { eventId: lastEventId } = await post("/api/poll/subscribe", { clientId, listId: setup.listId });
    let first!: () => void;
    ready.push(new Promise((resolve) => (first = resolve)));
    loops.push(
      (async () => {
        while (open) {
          const polled = fetch(`${setup.server.base}/api/poll/${clientId}?lastEventId=${lastEventId}`, { headers });
          first();
          const { events } = (await (await polled).json()) as { events: Array<{ id?: number; type: string }> };
          for (const event of events) {
            lastEventId = Math.max(lastEventId, event.id ?? 0);
            if (event.type === "task_updated") heard.report();
          }
        }
      })().catch((error: unknown) => {
        // The server stops under the polls still waiting; before that, a failure is the bench's.
        if (open) throw error;
      }),
    );
  }
  await Promise.all(ready);
  // Every poll is waiting at the server before the first tick.
  await Bun.sleep(500);
  return async () => {
    open = false;
    await setup.server.stop();
    await Promise.all(loops);
  };
}

const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Figures {
  alone: number[];
  ws: number[];
  poll: number[];
  cpu: { alone: number; ws: number; poll: number };
}

async function measure(checkout: string, port: number): Promise<Figures> {
  const setup = await setUp(checkout, port);
  const heard = audience(VIEWERS);
  const timed = async (run: () => Promise<number[]>) => {
    const before = setup.server.cpuMicros();
    const times = await run();
    await Bun.sleep(300);
    return { times, cpu: (setup.server.cpuMicros() - before) / 1_000 };
  };
  // Warm up the tick path, then the ticks nobody watches.
  await tick(setup, async () => {});
  const alone = await timed(() => tick(setup, async () => {}));
  console.error(`${checkout}: ${VIEWERS} websockets`);
  const closeSockets = await withSockets(setup, heard);
  const ws = await timed(() => tick(setup, heard.next));
  closeSockets();
  await Bun.sleep(300);
  console.error(`${checkout}: ${VIEWERS} long-poll clients`);
  const stopPolls = await withPolls(setup, heard);
  const poll = await timed(() => tick(setup, heard.next));
  await stopPolls();
  await setup.server.remove();
  return { alone: alone.times, ws: ws.times, poll: poll.times, cpu: { alone: alone.cpu, ws: ws.cpu, poll: poll.cpu } };
}

const results = new Map<string, Figures[]>();
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
for (let round = 0; round < ROUNDS; round++) {
  for (const [i, checkout] of CHECKOUTS.entries()) {
    const figures = await measure(checkout, PORT + i);
    results.set(checkout, [...(results.get(checkout) ?? []), figures]);
  }
}

console.log(`\n${VIEWERS} viewers, ${TICKS} ticks per phase, ${ROUNDS} rounds (server CPU time from /proc, 10 ms ticks)`);
for (const [checkout, rounds] of results) {
  console.log(`\n${checkout}`);
  for (const [r, figures] of rounds.entries()) {
    const deliveries = TICKS * VIEWERS;
    const wsCost = ((figures.cpu.ws - figures.cpu.alone) * 1000) / deliveries;
    const pollCost = ((figures.cpu.poll - figures.cpu.alone) * 1000) / deliveries;
    console.log(
      `  round ${r + 1}: CPU per delivery ws ${wsCost.toFixed(1)} µs, long-poll ${pollCost.toFixed(1)} µs (${(pollCost / wsCost).toFixed(1)}x);` +
        ` tick answer p50 alone ${p50(figures.alone).toFixed(2)} ms, ${VIEWERS} ws ${p50(figures.ws).toFixed(2)} ms, ${VIEWERS} long-poll ${p50(figures.poll).toFixed(2)} ms`,
    );
  }
}
