/**
 * What one address can do to the others (docs/product-rules.md#limits), measured on a real server over a fresh
 * SQLite file: presence messages a viewer receives while one socket follows and leaves a list 300
 * times, long-poll clients and websockets one address can hold, and logins of five colleagues behind
 * one proxy after a stranger's ten wrong passwords there. Prints figures only.
 * Usage: bun bench/live-address-limits.ts [port, default 4401; uses it and the next one]
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

const basePort = Number(process.argv[2]) || 4401;
const PASSWORD = "password123";
const TRIES = 400;

const db = openSqlite(join(mkdtempSync(join(tmpdir(), "listwell-bench-")), "bench.db"));
await migrate(db);
const store = createStore(db);
await ensureInviteCode(store, "bench");
const assets = await loadAssets();

/** A server trusting `hops` proxy hops; the peer is always 127.0.0.1, the proxy. */
function serve(port: number, hops = 1) {
  const config = { ...readConfig({}), trustProxy: hops, logLevel: "silent" as const, sessionSecure: false };
  return startServer({ store, config, bus: createMemoryBus(), assets }, { port, hostname: "127.0.0.1" });
}

const running = serve(basePort);
const base = running.url;
const wsUrl = `${base.replace("http", "ws")}/ws`;
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

const owner = await post("/api/register", { username: "owner", password: PASSWORD, inviteCode: "bench" });
const cookie = owner.headers.get("set-cookie")!.split(";")[0]!;
const list = (await (await post("/api/task-lists", { name: "Bench" }, { cookie })).json()) as { id: number; shareId: string };

function open(headers: Record<string, string>): Promise<WebSocket | undefined> {
  const ws = new WebSocket(wsUrl, { headers } as unknown as string[]);
  return new Promise((resolve) => {
    ws.addEventListener("open", () => resolve(ws), { once: true });
    ws.addEventListener("error", () => resolve(undefined), { once: true });
  });
}
const answerTo = (ws: WebSocket, messageId: string) =>
  new Promise<void>((resolve) => {
    const listener = (event: MessageEvent) => {
      if (String(event.data).includes(messageId)) {
        ws.removeEventListener("message", listener);
        resolve();
      }
    };
    ws.addEventListener("message", listener);
  });

// 1. Presence: one socket follows and leaves the list 300 times; the viewer counts what reaches it.
const viewer = (await open({ cookie, "x-forwarded-for": "198.51.100.1" }))!;
let presenceMessages = 0;
viewer.addEventListener("message", (event) => {
  if (JSON.parse(String(event.data)).type === "presence") presenceMessages++;
});
viewer.send(JSON.stringify({ type: "connect", listId: list.id, presence: true, messageId: "viewer" }));
await Bun.sleep(1_000);
const attacker = (await open({ cookie: "listwell_guest=Mallory", "x-forwarded-for": "203.0.113.66" }))!;
const before = presenceMessages;
const started = performance.now();
for (let i = 0; i < 300; i++) {
  const id = `a${i}`;
  attacker.send(JSON.stringify({ type: "connect", shareId: list.shareId, presence: true, messageId: id }));
  await answerTo(attacker, id);
  attacker.send(JSON.stringify({ type: "unsubscribe", shareId: list.shareId, messageId: `u${i}` }));
}
const burstSeconds = (performance.now() - started) / 1000;
await Bun.sleep(1_500);
console.log(
  `presence messages to one viewer while one socket followed and left 300 times (${burstSeconds.toFixed(1)} s): ${presenceMessages - before}`,
);
attacker.close();
viewer.close();

// 2. Long-poll clients one address holds, each following the list.
let polls = 0;
let pollRefusal = "";
for (let i = 0; i < TRIES; i++) {
  const headers = { "x-forwarded-for": "203.0.113.7" };
  const connected = await post(`/api/poll/connect?shareId=${list.shareId}`, {}, headers);
  if (connected.status !== 200) {
    pollRefusal = `then ${connected.status}`;
    break;
  }
  const { clientId } = (await connected.json()) as { clientId: string };
  await post(`/api/poll/subscribe?shareId=${list.shareId}`, { clientId, shareId: list.shareId }, headers);
  polls++;
}
const elsewhere = (await post("/api/poll/connect", {}, { "x-forwarded-for": "198.51.100.2" })).status;
console.log(`long-poll clients one address holds: ${polls} of ${TRIES} tried ${pollRefusal}; another address then gets ${elsewhere}`);

// 3. Websockets one address opens.
const sockets: WebSocket[] = [];
for (let i = 0; i < TRIES; i++) {
  const ws = await open({ "x-forwarded-for": "203.0.113.8" });
  if (!ws) break;
  sockets.push(ws);
}
console.log(`websockets one address opens: ${sockets.length} of ${TRIES} tried`);
for (const ws of sockets) ws.close();

// 4. Behind one proxy: a stranger's ten wrong passwords, then five colleagues sign in.
for (let i = 0; i < 5; i++) await post("/api/register", { username: `colleague${i}`, password: PASSWORD, inviteCode: "bench" });
for (let i = 0; i < 10; i++)
  await post("/api/login", { username: `nobody${i}`, password: "wrong-pass" }, { "x-forwarded-for": "203.0.113.9" });
let signedIn = 0;
for (let i = 0; i < 5; i++) {
  const answer = await post("/api/login", { username: `colleague${i}`, password: PASSWORD }, { "x-forwarded-for": `198.51.100.${10 + i}` });
  if (answer.status === 200) signedIn++;
}
console.log(`colleagues behind the proxy (TRUST_PROXY=1) signed in after a stranger's 10 failures there: ${signedIn} of 5`);

await running.stop();

// 5. The same proxy with TRUST_PROXY unset: the owner's browser, holding its device cookie.
const untrusting = serve(basePort + 1, 0);
const call = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${untrusting.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
const device = (await call("/api/login", { username: "owner", password: PASSWORD })).headers
  .getSetCookie()
  .map((line) => line.split(";")[0]!)
  .find((pair) => pair.startsWith("listwell_device="))!;
for (let i = 0; i < 10; i++) await call("/api/login", { username: `nobody${i}`, password: "wrong-pass" });
const withCookie = (await call("/api/login", { username: "owner", password: PASSWORD }, { cookie: device })).status;
const withoutCookie = (await call("/api/login", { username: "owner", password: PASSWORD })).status;
console.log(
  `TRUST_PROXY unset, after 10 failures at the proxy's address: owner with device cookie ${withCookie}, without ${withoutCookie}`,
);
await untrusting.stop();
await db.close();
process.exit(0);
