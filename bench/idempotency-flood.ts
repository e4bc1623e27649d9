/**
 * How much disk a flood of keyed requests can take (docs/http-contract.md#idempotency-key). Starts `bun src/server.ts` of
 * the tree given (default: this one) on a fresh SQLite file, then sends, 16 at a time:
 *   1. 2,000 keyed POST /api/tasks from nobody, each with a made-up 1,900-character shareId;
 *   2. 2,000 keyed refusals (400) from one signed-in user, a 48 KB reorder body of empty objects;
 *   3. 1,100 keyed reorders of a 100-item list by that user, each answering ~22 KB.
 * The third step is another user's, so the 1,000-keys-a-day cap of the second does not hide it.
 * Prints the database file's size (after a WAL checkpoint) and its Idempotency-Key rows after each step.
 *
 *   bun bench/idempotency-flood.ts [tree=.] [port=4150]
 */
import { Database } from "bun:sqlite";
import { statSync } from "node:fs";
import { resolve } from "node:path";
import { treeServer } from "./tree-server";

const tree = resolve(process.argv[2] ?? ".");
const port = Number(process.argv[3] ?? 4150);
const server = treeServer(tree, port, "flood", "ignore");
const { base, file } = server;

const sizeOf = (path: string) => {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
};
/** The file's size once the WAL is folded in: what the rows take, not how far the log ran ahead. */
function megabytes() {
  const db = new Database(file);
  try {
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  } finally {
    db.close();
  }
  return (sizeOf(file) / 1e6).toFixed(1);
}
function keyRows() {
  const db = new Database(file, { readonly: true });
  try {
    const row = db.query("SELECT COUNT(*) AS n, COALESCE(SUM(LENGTH(body)), 0) AS bytes FROM idempotency_keys").get() as {
      n: number;
      bytes: number;
    };
    const pages = db.query("SELECT COALESCE(SUM(pgsize), 0) AS bytes FROM dbstat WHERE name LIKE '%idempotency_keys%'").get() as {
      bytes: number;
    };
    return `${row.n} key rows taking ${(pages.bytes / 1e6).toFixed(1)} MB with their indexes, ${(row.bytes / 1e6).toFixed(1)} MB of it kept answers`;
  } finally {
    db.close();
  }
}

let cookie = "";
async function call(method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(base + path, {
    method,
    headers: { "content-type": "application/json", cookie, ...headers },
    body: JSON.stringify(body),
  });
  const setCookie = response.headers.get("set-cookie");
  if (setCookie && path === "/api/register") cookie = setCookie.split(";")[0]!;
  return { status: response.status, text: await response.text() };
}

/** A new user signed in (the cookie set) with a list of 100 items. */
async function signUpWithList(username: string) {
  cookie = "";
  const user = await call("POST", "/api/register", { username, password: "password123", inviteCode: "flood" });
  if (user.status !== 201) throw new Error(`register: ${user.status} ${user.text}`);
  const list = JSON.parse((await call("POST", "/api/task-lists", { name: "Flood" })).text) as { id: number };
  const items = Array.from({ length: 100 }, (_, n) => ({ title: `Item number ${n} with a longer title`, description: "d".repeat(40) }));
  await call("POST", "/api/tasks/bulk", { listId: list.id, items });
  const tasks = JSON.parse((await call("GET", `/api/tasks?listId=${list.id}`, undefined)).text) as Array<{ id: number }>;
  return { cookie, listId: list.id, ids: tasks.map((task) => task.id) };
}

/** Runs `count` calls, `width` at a time; answers the tally of statuses and the mean answer size. */
async function flood(count: number, width: number, send: (n: number) => ReturnType<typeof call>) {
  const statuses: Record<number, number> = {};
  let bytes = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const answer = await send(next++);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        bytes += answer.text.length;
      }
    }),
  );
  return `${JSON.stringify(statuses)}, answers of ${Math.round(bytes / count)} bytes`;
}

try {
  await server.start();
  const flooder = await signUpWithList("flooder");
  const reorderer = await signUpWithList("reorderer");
  console.log(`tree ${tree}`);
  console.log(`start: ${megabytes()} MB; ${keyRows()}`);

  cookie = "";
  const started = performance.now();
  const shares = await flood(2_000, 16, (n) =>
    call("POST", `/api/tasks?shareId=${"s".repeat(1_900)}${n}`, { title: "x" }, { "Idempotency-Key": `share-${n}` }),
  );
  console.log(
    `1. 2,000 made-up shareIds in ${((performance.now() - started) / 1000).toFixed(1)} s: ${shares}; ${megabytes()} MB; ${keyRows()}`,
  );
  cookie = flooder.cookie;

  const empties = Array.from({ length: 16_000 }, () => ({}));
  const refusals = await flood(2_000, 16, (n) =>
    call("POST", `/api/tasks/reorder?listId=${flooder.listId}`, empties, { "Idempotency-Key": `refused-${n}` }),
  );
  console.log(`2. 2,000 keyed refusals: ${refusals}; ${megabytes()} MB; ${keyRows()}`);

  cookie = reorderer.cookie;
  const order = reorderer.ids.map((id, n) => ({ id, position: n + 1 }));
  const reorders = await flood(1_100, 16, (n) =>
    call("POST", `/api/tasks/reorder?listId=${reorderer.listId}`, order, { "Idempotency-Key": `reorder-${n}` }),
  );
  console.log(`3. 1,100 keyed reorders: ${reorders}; ${megabytes()} MB; ${keyRows()}`);
} finally {
  await server.remove();
}
