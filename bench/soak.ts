/**
 * A soak of mixed writes (deleted rows and each list's events are bounded, docs/decisions/030-bounded-tables.md):
 * starts `bun src/server.ts` of the tree given (default: this one) on a fresh SQLite file and
 * sends WRITES writes, 8 at a time, from three users on their lists, within the limits (25 lists,
 * 100 items): adds, ticks, deletes and restores of items, most of them on each user's first list,
 * lists deleted and made again, some writes with an Idempotency-Key (KEYED), and a login then logout
 * every 2,000 writes. A fourth user ticks an item of a list of their own that holds nothing else
 * (one tick every 50 writes), and the busiest list is read after a change every 100 writes.
 * Every 20,000 writes it prints the write rate, the add's and the other user's tick's median
 * time, and the list read's; at the end, each table's rows and the database's size.
 *
 *   bun bench/soak.ts [tree=.] [port=4500] [writes=220000] [max-seconds=1800]
 */
import { Database } from "bun:sqlite";
import { statSync } from "node:fs";
import { resolve } from "node:path";
import { treeServer } from "./tree-server";

const tree = resolve(process.argv[2] ?? ".");
const port = Number(process.argv[3] ?? 4500);
const WRITES = Number(process.argv[4] ?? 220_000);
const MAX_MS = Number(process.argv[5] ?? 1800) * 1000;
const WINDOW = Number(process.env.SOAK_WINDOW ?? 20_000);
const WORKERS = 8;
/**
 * The share of writes sent with an Idempotency-Key: 1.2% stays under the 1,000 keys a day per
 * caller (docs/product-rules.md#limits) for three users, so every tree answers the same mix of writes.
 */
const KEYED = Number(process.env.SOAK_KEYED ?? 0.012);
const server = treeServer(tree, port, "soak");
const { base, file } = server;

/** A fixed-seed generator, so two trees get the same sequence of choices. */
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(values: T[]): T | undefined => values[Math.floor(random() * values.length)];

const statuses = new Map<string, number>();
async function call(cookie: string, method: string, path: string, body?: unknown, keyed = false) {
  const headers: Record<string, string> = { cookie };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (keyed) headers["idempotency-key"] = crypto.randomUUID();
  const started = performance.now();
  const response = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  const ms = performance.now() - started;
  const label = `${method} ${path.replace(/\d+/g, ":id").replace(/\?.*/, "")} ${response.status}`;
  statuses.set(label, (statuses.get(label) ?? 0) + 1);
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    ms,
    cookie: response.headers.get("set-cookie"),
  };
}

async function register(username: string): Promise<string> {
  const res = await call("", "POST", "/api/register", { username, password: "soak-password", inviteCode: "soak" });
  if (res.status !== 201 || !res.cookie) throw new Error(`register ${username}: ${res.status}`);
  return res.cookie.split(";")[0]!;
}

interface ListState {
  id: number;
  items: number[];
  deleted: number[];
}
interface User {
  name: string;
  cookie: string;
  lists: ListState[];
}

async function newList(user: User, name: string): Promise<ListState | undefined> {
  const res = await call(user.cookie, "POST", "/api/task-lists", { name }, random() < KEYED);
  if (res.status !== 201) return undefined;
  const list = { id: Number(res.body.id), items: [], deleted: [] };
  user.lists.push(list);
  return list;
}

const median = (values: number[]) => (values.length ? [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]! : Number.NaN);

let written = 0;
let windowStart = performance.now();
const window = { adds: [] as number[], ticks: [] as number[], reads: [] as number[] };
const rows: string[] = [];

/** One write by `user`: which one is drawn, most of them on the user's first list. */
async function writeOnce(user: User): Promise<void> {
  const keyed = random() < KEYED;
  const draw = random();
  if (draw < 0.02) {
    const spare = user.lists.slice(1);
    if (user.lists.length >= 25 || (spare.length > 0 && random() < 0.5)) {
      const list = pick(spare)!;
      const res = await call(user.cookie, "DELETE", `/api/task-lists/${list.id}`, undefined, keyed);
      if (res.status === 200 && user.lists.includes(list)) user.lists.splice(user.lists.indexOf(list), 1);
    } else {
      await newList(user, `List ${written}`);
    }
    return;
  }
  const list = random() < 0.7 ? user.lists[0]! : pick(user.lists)!;
  if (draw < 0.4 && list.items.length < 100) {
    const res = await call(user.cookie, "POST", "/api/tasks", { listId: list.id, title: `Item ${written}` }, keyed);
    if (res.status === 201) list.items.push(Number(res.body.id));
    if (list === user.lists[0]) window.adds.push(res.ms);
  } else if (draw < 0.7 && list.items.length > 0) {
    await call(user.cookie, "POST", `/api/tasks/${pick(list.items)}/toggle`, undefined, keyed);
  } else if (draw < 0.93 || list.deleted.length === 0) {
    const id = pick(list.items);
    if (id === undefined) return writeOnce(user);
    const res = await call(user.cookie, "DELETE", `/api/tasks/${id}`, undefined, keyed);
    if ((res.status === 200 || res.status === 404) && list.items.includes(id)) list.items.splice(list.items.indexOf(id), 1);
    if (res.status === 200) list.deleted.push(id);
  } else {
    const id = list.deleted.pop()!;
    if (list.items.length >= 100) return;
    const res = await call(user.cookie, "POST", "/api/tasks/restore", { ids: [id] }, keyed);
    if (res.status === 200) list.items.push(id);
  }
}

/** Prints the window that write number `at` closes (or, at the end, the part-window left). */
function report(at: number, force = false) {
  if (!force && at % WINDOW !== 0) return;
  const seconds = (performance.now() - windowStart) / 1000;
  const done = at % WINDOW || WINDOW;
  rows.push(
    `${String(at).padStart(7)} | ${(done / seconds).toFixed(0).padStart(8)} | ${median(window.adds).toFixed(2).padStart(8)} | ${median(window.ticks).toFixed(2).padStart(9)} | ${median(window.reads).toFixed(2).padStart(8)}`,
  );
  console.log(rows.at(-1));
  windowStart = performance.now();
  window.adds = [];
  window.ticks = [];
  window.reads = [];
}

try {
  await server.start();
  const users: User[] = [];
  for (const name of ["soakann", "soakben", "soakcyd"]) {
    const user = { name, cookie: await register(name), lists: [] };
    await newList(user, "Busy");
    users.push(user);
  }
  const other = { name: "soakdee", cookie: await register("soakdee"), lists: [] as ListState[] };
  const clean = (await newList(other, "Clean"))!;
  const cleanItem = Number((await call(other.cookie, "POST", "/api/tasks", { listId: clean.id, title: "Only" })).body.id);

  console.log(`soak of ${WRITES} writes on ${tree}`);
  console.log(" writes |  writes/s | add p50 ms | other's tick p50 ms | read p50 ms");
  const started = performance.now();
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, worker) => {
      const user = users[worker % users.length]!;
      while (written < WRITES && performance.now() - started < MAX_MS) {
        const at = ++written;
        if (at % 2000 === 0) {
          const login = await call("", "POST", "/api/login", { username: user.name, password: "soak-password" });
          const cookie = login.cookie?.split(";")[0] ?? "";
          if (cookie) await call(cookie, "POST", "/api/logout");
        } else if (at % 50 === 0) {
          window.ticks.push((await call(other.cookie, "POST", `/api/tasks/${cleanItem}/toggle`)).ms);
        } else {
          await writeOnce(user);
        }
        if (at % 100 === 0) window.reads.push((await call(user.cookie, "GET", `/api/tasks?listId=${user.lists[0]!.id}`)).ms);
        report(at);
      }
    }),
  );
  if (written % WINDOW !== 0) report(written, true);
  const seconds = (performance.now() - started) / 1000;
  console.log(`${written} writes in ${seconds.toFixed(0)} s${written < WRITES ? " (stopped at the time limit)" : ""}`);
} finally {
  await server.stop();
}

const sizeOf = (path: string) => {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
};
const db = new Database(file);
db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
const tables = db.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as Array<{
  name: string;
}>;
console.log("table rows at the end:");
for (const { name } of tables)
  console.log(`  ${name.padEnd(18)} ${(db.query(`SELECT COUNT(*) AS n FROM ${name}`).get() as { n: number }).n}`);
const deleted = db
  .query("SELECT COUNT(*) AS n, MAX(c) AS most FROM (SELECT COUNT(*) AS c FROM tasks WHERE deleted_at IS NOT NULL GROUP BY list_id)")
  .get() as {
  most: number | null;
};
const events = db.query("SELECT MAX(c) AS most FROM (SELECT COUNT(*) AS c FROM events GROUP BY list_id)").get() as { most: number | null };
console.log(`  most deleted items in one list: ${deleted.most ?? 0}; most events of one list: ${events.most ?? 0}`);
db.close();
console.log(`database: ${(sizeOf(file) / 1e6).toFixed(1)} MB`);
console.log("answers:", Object.fromEntries([...statuses].sort()));
await server.remove();
