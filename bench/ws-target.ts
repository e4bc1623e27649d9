/**
 * One websocket server for bench/ws-fanout.ts, chosen by argv[2]:
 * - `bare`: Bun.serve whose sockets join one topic on open; POST /publish publishes an event of
 *   the app's size to it: the least any server can do for the same fan-out.
 * - `listwell`: the real server (startServer) over a fresh SQLite file with a user, a list and an
 *   item to toggle; sockets subscribe with `connect` as browsers do.
 * Prints one JSON line {port, cookie?, listId?, taskId?} once it is listening.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadAssets } from "../src/assets";
import { readConfig } from "../src/config";
import { ensureInviteCode } from "../src/domain/invites";
import { createMemoryBus } from "../src/realtime/bus";
import { startServer } from "../src/serve";
import { createStore } from "../src/store";
import { migrate } from "../src/store/migrate";
import { openSqlite } from "../src/store/sqlite";

const mode = process.argv[2];

/** The size and shape of the app's task_updated event, so both servers send the same bytes. */
const sampleEvent = JSON.stringify({
  type: "task_updated",
  timestamp: Date.now(),
  messageId: crypto.randomUUID(),
  payload: {
    id: 1,
    title: "Item 0",
    description: "",
    completed: true,
    position: 0,
    listId: 1,
    userId: 1,
    isParent: false,
    parentId: 0,
    createdAt: new Date().toISOString(),
  },
  listId: 1,
  shareId: "abcdefghijklmnopqrstuvwxyz",
  id: 1,
});

function bare() {
  const server = Bun.serve<undefined>({
    port: 0,
    hostname: "127.0.0.1",
    fetch(request, server) {
      if (new URL(request.url).pathname === "/ws")
        return server.upgrade(request, { data: undefined }) ? undefined : new Response("no", { status: 400 });
      server.publish("list:1", sampleEvent);
      return Response.json({ ok: true });
    },
    websocket: {
      open(ws) {
        ws.subscribe("list:1");
      },
      message: () => {},
    },
  });
  console.log(JSON.stringify({ port: server.port }));
}

async function listwell() {
  const db = openSqlite(join(mkdtempSync(join(tmpdir(), "listwell-bench-")), "bench.db"));
  await migrate(db);
  const store = createStore(db);
  await ensureInviteCode(store, "bench");
  // One proxy hop trusted: ws-fanout names each socket's address, past the 100 sockets one address may hold.
  const config = { ...readConfig({}), logLevel: "silent" as const, sessionSecure: false as const, trustProxy: 1 };
  const running = startServer({ store, config, bus: createMemoryBus(), assets: await loadAssets() }, { port: 0, hostname: "127.0.0.1" });
  const call = async (path: string, body: unknown, cookie = "") =>
    fetch(`${running.url}${path}`, { method: "POST", headers: { "content-type": "application/json", cookie }, body: JSON.stringify(body) });
  const registered = await call("/api/register", { username: "bencher", password: "password123", inviteCode: "bench" });
  const cookie = registered.headers.get("set-cookie")!.split(";")[0]!;
  const list = (await (await call("/api/task-lists", { name: "Bench" }, cookie)).json()) as { id: number };
  const task = (await (await call("/api/tasks", { title: "Item 0", listId: list.id }, cookie)).json()) as { id: number };
  console.log(JSON.stringify({ port: running.server.port, cookie, listId: list.id, taskId: task.id }));
}

if (mode === "bare") bare();
else await listwell();
