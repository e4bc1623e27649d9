/**
 * Whether a read's cost grows with data outside the caller's own lists (docs/decisions/036). One
 * reader owns 25 lists of 100 items and is shared 5 more; the "big" database adds BENCH_USERS
 * (1,000) other people with 25 lists of 100 items each, their shares and one event per item. Items
 * are written round-robin over every list, as people add them over time, so one list's rows lie
 * far apart in the file. Both databases are built with bulk SQL on a checkout's migrated file and
 * served by that checkout's own `bun src/server.ts`; the requests alternate between them, so load
 * on the machine touches both alike. Prints p50 per read and the big/empty ratio.
 *
 * `bun bench/flat-reads.ts [checkout…]`: each checkout (default this one) gets both databases, built
 * once on the first checkout's schema (give the older tree first: a later migration then runs on
 * the copy as it would on an upgrade). Ports 47200–47299. Not a test: nothing here passes or fails.
 */
import { Database } from "bun:sqlite";
import { copyFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { treeServer, type TreeServer } from "./tree-server";

const OTHERS = Number(process.env.BENCH_USERS ?? 1_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const LISTS_EACH = 25;
const ITEMS_EACH = 100;
const SHARED_WITH_READER = 5;
const PORT = 47_200;
const CHECKOUTS = (process.argv.length > 2 ? process.argv.slice(2) : [join(import.meta.dir, "..")]).map((path) => resolve(path));

/**
 * Adds `others` people (the reader and a sharer already exist as users 1 and 2) with their lists,
 * items and events. Every statement is one INSERT … SELECT over a counter, in one transaction.
 */
function fill(file: string, others: number) {
  const db = new Database(file);
  db.exec("PRAGMA journal_mode = WAL");
  const now = Date.now();
  const counter = (n: number) => `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${n - 1})`;
  db.exec("BEGIN");
  if (others > 0) {
    db.exec(`INSERT INTO users (username, username_key, password_hash, created_at)
      ${counter(others)} SELECT 'other' || i, 'other' || i, 'x', ${now} FROM n`);
  }
  // Users 1 (the reader) and 2 (the sharer) first, then the others: 25 lists each.
  const owners = 2 + others;
  db.exec(`INSERT INTO task_lists (name, user_id, share_id, position, created_at)
    ${counter(owners * LISTS_EACH)} SELECT 'List ' || i, 1 + i / ${LISTS_EACH}, 'bench-share-' || i, i % ${LISTS_EACH}, ${now} FROM n`);
  const first = (db.query("SELECT MIN(id) AS id FROM task_lists").get() as { id: number }).id;
  const lists = owners * LISTS_EACH;
  db.exec(`INSERT INTO tasks (list_id, user_id, title, completed, position, created_at)
    ${counter(lists * ITEMS_EACH)} SELECT ${first} + i % ${lists}, 1 + (i % ${lists}) / ${LISTS_EACH},
      'Something to do, item ' || (i / ${lists}), i % 3 = 0, i / ${lists}, ${now} FROM n`);
  db.exec(`INSERT INTO events (list_id, share_id, type, payload, message_id, created_at)
    SELECT list_id, NULL, 'task_created', json_object('task', json_object('id', id, 'title', title, 'listId', list_id,
      'position', position, 'completed', completed, 'createdAt', created_at)), 'bench-' || id, ${now} FROM tasks ORDER BY id`);
  // The sharer's first lists go to the reader; each other person shares two lists with neighbours.
  db.exec(`INSERT INTO list_shares (list_id, user_id, access_level, created_at)
    SELECT id, 1, 'write', ${now} FROM task_lists WHERE user_id = 2 AND position < ${SHARED_WITH_READER}`);
  db.exec(`INSERT INTO list_shares (list_id, user_id, access_level, created_at)
    SELECT id, 3 + (user_id - 3 + 1 + position) % ${Math.max(others, 1)}, 'write', ${now}
      FROM task_lists WHERE user_id > 2 AND position < 2 AND ${others} > 1`);
  db.exec("COMMIT");
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  db.close();
}

async function register(server: TreeServer, username: string): Promise<string> {
  const response = await fetch(`${server.base}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.base },
    body: JSON.stringify({ username, password: "bench-password", inviteCode: "flat" }),
  });
  if (response.status !== 201) throw new Error(`register ${username}: ${response.status} ${await response.text()}`);
  return response.headers.get("set-cookie")!.split(";")[0]!;
}

interface Served {
  label: string;
  server: TreeServer;
  times: Map<string, number[]>;
}

const READS = [
  { name: "Home (GET /)", path: "/" },
  { name: "progress", path: "/api/task-lists/progress" },
  { name: "list read", path: "/api/list/1" },
  { name: "shared lists page", path: "/shared-lists" },
  { name: "shared-with-me", path: "/api/shared-with-me" },
];

const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const servers: Served[] = [];
  let port = PORT;
  // The schema is the first checkout's; the reader and the sharer exist before the bulk rows.
  const seed = treeServer(CHECKOUTS[0]!, port++, "flat");
  await seed.start();
  const cookie = await register(seed, "reader");
  await register(seed, "sharer");
  await seed.stop();
  const started = performance.now();
  const empty = `${seed.file}.empty`;
  copyFileSync(seed.file, empty);
  fill(empty, 0);
  fill(seed.file, OTHERS);
  const size = Bun.file(seed.file).size;
  console.log(
    `built in ${((performance.now() - started) / 1000).toFixed(0)} s: ${OTHERS} other users × ${LISTS_EACH} lists × ${ITEMS_EACH} items, ${(size / 1e9).toFixed(2)} GB`,
  );
  for (const checkout of CHECKOUTS) {
    for (const kind of ["empty", "big"] as const) {
      const server = checkout === CHECKOUTS[0] && kind === "big" ? seed : treeServer(checkout, port++, "flat");
      if (server !== seed) copyFileSync(kind === "big" ? seed.file : empty, server.file);
      servers.push({ label: `${checkout} ${kind}`, server, times: new Map(READS.map((read) => [read.name, []])) });
    }
  }
  try {
    for (const { server } of servers) await server.start();
    const get = async (served: Served, path: string) => {
      const response = await fetch(served.server.base + path, { headers: { cookie } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${served.label} ${path}: ${response.status}`);
    };
    for (const served of servers) for (const read of READS) for (let i = 0; i < 10; i++) await get(served, read.path);
    for (let round = 0; round < ROUNDS; round++) {
      for (const read of READS) {
        for (const served of servers) {
          const start = performance.now();
          await get(served, read.path);
          served.times.get(read.name)!.push(performance.now() - start);
        }
      }
    }
    console.log(`\np50 ms over ${ROUNDS} interleaved rounds (big/empty)`);
    for (const checkout of CHECKOUTS) {
      console.log(`\n${checkout}`);
      const [small, big] = servers.filter((served) => served.label.startsWith(`${checkout} `));
      for (const read of READS) {
        const a = p50(small!.times.get(read.name)!);
        const b = p50(big!.times.get(read.name)!);
        console.log(`  ${read.name.padEnd(20)} empty ${a.toFixed(2).padStart(7)}  big ${b.toFixed(2).padStart(7)}  ×${(b / a).toFixed(2)}`);
      }
    }
  } finally {
    for (const { server } of servers) await server.remove();
  }
}

await main();
