/**
 * Server time per search (docs/decisions/058-search.md), on SQLite and PostgreSQL. The reader owns 25
 * lists of 100 items; BENCH_NEIGHBOURS (20) other people own as much again, so the index holds
 * their words too, and the first of them shares 5 lists with the reader. Titles come from bench/in-process.ts's HOUSEHOLD_TITLES, every
 * fourth item has a description. Items are written by bulk SQL, so the migrations' triggers index
 * them as any write would. Each query is asked through the app in this process (`app.request`:
 * routing, session, access, SQL, shaping), BENCH_ROUNDS (200) times after a warm-up; prints p50 and
 * p95 in ms. Goal: ≤ 10 ms. Not a test: nothing here passes or fails.
 *
 * `bun bench/search.ts [sqlite|postgres…]`; PostgreSQL at BENCH_POSTGRES_URL (the tests' server),
 * in a database of its own made and dropped here.
 */
import type { Db } from "../src/store/db";
import { appWithReader, HOUSEHOLD_TITLES, scratchDb, timeCalls } from "./in-process";

const NEIGHBOURS = Number(process.env.BENCH_NEIGHBOURS ?? 20);
const LISTS_EACH = 25;
const ITEMS_EACH = 100;
const SHARED_WITH_READER = 5;
const QUERIES = ["c", "cr", "cre", "creme", "creme fr", "milk", "bin bags", "dentist", "zzz"];

/** Bulk rows: users 1 (reader) and 2 (a sharer, also a neighbour) and the neighbours, with lists and items. */
async function fill(db: Db) {
  const now = Date.now();
  const owners = 1 + NEIGHBOURS;
  const counter = (n: number) => `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${n - 1})`;
  const words = HOUSEHOLD_TITLES.map((word) => `'${word.replaceAll("'", "''")}'`).join(", ");
  const pick =
    db.dialect === "sqlite"
      ? `json_extract(json_array(${words}), '$[' || (i % ${HOUSEHOLD_TITLES.length}) || ']')`
      : `(ARRAY[${words}])[i % ${HOUSEHOLD_TITLES.length} + 1]`;
  await db.transaction(async (tx) => {
    await tx.run(`INSERT INTO users (username, username_key, password_hash, created_at)
      ${counter(owners)} SELECT 'neighbour' || i, 'neighbour' || i, 'x', ${now} FROM n`);
    const firstUser = Number((await tx.get<{ id: number }>("SELECT MIN(id) AS id FROM users"))!.id);
    await tx.run(`INSERT INTO task_lists (name, user_id, share_id, position, created_at)
      ${counter(owners * LISTS_EACH)} SELECT 'List ' || i, ${firstUser} + i / ${LISTS_EACH}, 'bench-' || i, i % ${LISTS_EACH}, ${now} FROM n`);
    const firstList = Number((await tx.get<{ id: number }>("SELECT MIN(id) AS id FROM task_lists"))!.id);
    const lists = owners * LISTS_EACH;
    await tx.run(`INSERT INTO tasks (list_id, user_id, title, description, completed, position, created_at)
      ${counter(lists * ITEMS_EACH)} SELECT ${firstList} + i % ${lists}, 1, ${pick} || ' ' || (i / ${lists}),
        CASE WHEN i % 4 = 0 THEN 'Ask at the counter for the crème brûlée mix and the fresh bread' ELSE '' END,
        i % 3, i / ${lists}, ${now} FROM n`);
    await tx.run(`INSERT INTO list_shares (list_id, user_id, access_level, created_at)
      SELECT id, ${firstUser}, 'write', ${now} FROM task_lists WHERE user_id = ${firstUser + 1} AND position < ${SHARED_WITH_READER}`);
  });
}

async function measure(dialect: string) {
  const { db, drop } = await scratchDb(dialect, "search");
  try {
    await fill(db);
    // The reader registers last and takes over user 1's rows: its lists are the first 25.
    const { app, readerId, cookie } = await appWithReader(db);
    await db.run("UPDATE task_lists SET user_id = ? WHERE user_id = (SELECT MIN(id) FROM users)", [readerId]);
    await db.run("UPDATE list_shares SET user_id = ? WHERE user_id = (SELECT MIN(id) FROM users)", [readerId]);
    if (dialect === "postgres") await db.run("ANALYZE");
    const items = Number((await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM tasks"))!.n);
    const shared = Number((await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM list_shares WHERE user_id = ?", [readerId]))!.n);
    console.log(
      `${dialect}: ${items} items in all; the reader's ${LISTS_EACH} lists × ${ITEMS_EACH} items and ${shared} shared lists searched`,
    );
    for (const q of QUERIES)
      await timeCalls(JSON.stringify(q), "results", async () => {
        const response = await app.request(`/api/search?q=${encodeURIComponent(q)}`, { headers: { cookie } });
        return ((await response.json()) as { results: unknown[] }).results.length;
      });
  } finally {
    await drop();
  }
}

for (const dialect of process.argv.length > 2 ? process.argv.slice(2) : ["sqlite", "postgres"]) await measure(dialect);
process.exit(0);
