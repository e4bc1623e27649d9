/**
 * Memory per idle websocket (docs/decisions/037): BENCH_SOCKETS (10,000) sockets held open on a bare
 * `Bun.serve` websocket server (no topics, no state), then on each checkout's own `bun src/server.ts`,
 * where every socket is signed in and follows one list. Per socket is the server's resident memory
 * (VmRSS from /proc) after the sockets opened and settled, less before, divided by their number.
 *
 * `bun bench/ws-memory.ts [checkout…]` (default this one). Ports 47330–47339. Not a test: nothing
 * here passes or fails. `bun bench/ws-memory.ts --bare <port>` is the bare server itself.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { treeServer } from "./tree-server";

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const PORT = 47_330;
const AT_ONCE = 200;

const rssBytes = (pid: number) => Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/)![1]) * 1024;

/** Opens `SOCKETS` sockets, `AT_ONCE` at a time; each sends `hello` (if any) and waits for one answer. */
async function openSockets(url: string, headers: (i: number) => Record<string, string>, hello?: string): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let start = 0; start < SOCKETS; start += AT_ONCE) {
    const batch = Array.from({ length: Math.min(AT_ONCE, SOCKETS - start) }, async (_, j) => {
      const ws = new WebSocket(url, { headers: headers(start + j) } as unknown as string[]);
      await new Promise<void>((resolve, reject) => {
        ws.onopen = () => resolve();
        ws.onerror = () => reject(new Error(`socket ${start + j} failed`));
      });
      if (hello) {
        const answered = new Promise<void>((resolve) => (ws.onmessage = () => resolve()));
        ws.send(hello);
        await answered;
      }
      return ws;
    });
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

/** The server's resident memory grown by the sockets, per socket (bytes), once they settled. */
async function perSocket(pid: number, open: () => Promise<WebSocket[]>): Promise<number> {
  await Bun.sleep(1_000);
  const before = rssBytes(pid);
  const sockets = await open();
  await Bun.sleep(3_000);
  const after = rssBytes(pid);
  for (const ws of sockets) ws.close();
  return (after - before) / SOCKETS;
}

async function main() {
  const checkouts = (process.argv.length > 2 ? process.argv.slice(2) : [join(import.meta.dir, "..")]).map((path) => resolve(path));
  // The servers trust one proxy hop, so sockets come from addresses of their own (100 per address at most).
  process.env.TRUST_PROXY = "1";
  const from = (i: number) => ({ "x-forwarded-for": `10.8.${i >> 8}.${i & 255}` });
  const bare = Bun.spawn([process.execPath, import.meta.path, "--bare", String(PORT)], { stdout: "ignore", stderr: "inherit" });
  await Bun.sleep(500);
  const bareCost = await perSocket(bare.pid, () => openSockets(`ws://127.0.0.1:${PORT}/`, () => ({})));
  bare.kill();
  console.log(`\n${SOCKETS} idle websockets, server resident memory per socket`);
  console.log(`  bare Bun.serve              ${(bareCost / 1024).toFixed(2)} KB`);
  for (const [i, checkout] of checkouts.entries()) {
    const server = treeServer(checkout, PORT + 1 + i, "memory");
    await server.start();
    try {
      const headers = { "content-type": "application/json", origin: server.base };
      const registered = await fetch(`${server.base}/api/register`, {
        method: "POST",
        headers,
        body: JSON.stringify({ username: "watcher", password: "bench-password", inviteCode: "memory" }),
      });
      const cookie = registered.headers.get("set-cookie")!.split(";")[0]!;
      const list = (await (
        await fetch(`${server.base}/api/task-lists`, {
          method: "POST",
          headers: { ...headers, cookie },
          body: JSON.stringify({ name: "Watched" }),
        })
      ).json()) as { id: number };
      const hello = JSON.stringify({ type: "connect", listId: list.id, timestamp: Date.now(), messageId: "bench" });
      const cost = await perSocket(server.pid!, () =>
        openSockets(`${server.base.replace("http", "ws")}/ws`, (n) => ({ cookie, origin: server.base, ...from(n) }), hello),
      );
      console.log(`  ${checkout.padEnd(27)} ${(cost / 1024).toFixed(2)} KB  (${(cost / bareCost).toFixed(2)}x bare)`);
    } finally {
      await server.remove();
    }
  }
}

if (process.argv[2] === "--bare") {
  Bun.serve({
    port: Number(process.argv[3]),
    hostname: "127.0.0.1",
    fetch: (request, server) => (server.upgrade(request) ? undefined : new Response("ok")),
    websocket: { message() {} },
  });
} else {
  await main();
}
