/**
 * What deleted rows cost live writes (docs/decisions/030-bounded-tables.md): starts `bun src/server.ts` of the tree given
 * (default: this one) on a fresh SQLite file; one user adds 90 items, one at a time, to a list
 * holding no deleted rows, then to one holding 50,000 (put straight into the table, as a database
 * from before the bound of 200 could hold them: the bound would purge them now), reading the list
 * after each add, while another user ticks an item of a clean list of their own. Prints the
 * median add, read-after-change and other user's tick for each case.
 *
 *   bun bench/deleted-rows.ts [tree=.] [port=4510] [deleted=50000]
 */
import { Database } from "bun:sqlite";
import { resolve } from "node:path";
import { treeServer } from "./tree-server";

const tree = resolve(process.argv[2] ?? ".");
const port = Number(process.argv[3] ?? 4510);
const DELETED = Number(process.argv[4] ?? 50_000);
const ADDS = 90;
const server = treeServer(tree, port, "bench");
const { base, file } = server;

async function call(cookie: string, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { cookie };
  if (body !== undefined) headers["content-type"] = "application/json";
  const started = performance.now();
  const response = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return {
    body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
    ms: performance.now() - started,
    setCookie: response.headers.get("set-cookie"),
  };
}
const register = async (username: string) =>
  (await call("", "POST", "/api/register", { username, password: "bench-password", inviteCode: "bench" })).setCookie!.split(";")[0]!;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  await server.start();
  const ann = await register("benchann");
  const ben = await register("benchben");
  const newList = async (cookie: string, name: string) => Number((await call(cookie, "POST", "/api/task-lists", { name })).body.id);
  const [clean, heavy, bens] = [await newList(ann, "Clean"), await newList(ann, "Heavy"), await newList(ben, "Ben's")];
  const bensItem = Number((await call(ben, "POST", "/api/tasks", { listId: bens, title: "Only" })).body.id);
  const db = new Database(file);
  const owner = (db.query("SELECT user_id FROM task_lists WHERE id = ?").get(heavy) as { user_id: number }).user_id;
  db.query(
    `INSERT INTO tasks (list_id, user_id, title, position, created_at, deleted_at)
     WITH RECURSIVE s(g) AS (SELECT 1 UNION ALL SELECT g + 1 FROM s WHERE g < ?) SELECT ?, ?, 'gone', g, ?, ? FROM s`,
  ).run(DELETED, heavy, owner, Date.now(), Date.now());
  db.close();

  console.log(`tree ${tree}`);
  for (const [label, listId] of [
    ["no deleted rows", clean],
    [`${DELETED} deleted rows`, heavy],
  ] as const) {
    const adds: number[] = [];
    const reads: number[] = [];
    const ticks: number[] = [];
    let adding = true;
    const ticking = (async () => {
      while (adding) ticks.push((await call(ben, "POST", `/api/tasks/${bensItem}/toggle`)).ms);
    })();
    for (let i = 0; i < ADDS; i++) {
      adds.push((await call(ann, "POST", "/api/tasks", { listId, title: `Item ${i}` })).ms);
      reads.push((await call(ann, "GET", `/api/tasks?listId=${listId}`)).ms);
    }
    adding = false;
    await ticking;
    console.log(
      `${label.padEnd(20)} add p50 ${median(adds).toFixed(2)} ms · list read after it p50 ${median(reads).toFixed(2)} ms · other user's tick p50 ${median(ticks).toFixed(2)} ms (${ticks.length} ticks)`,
    );
  }
} finally {
  await server.remove();
}
