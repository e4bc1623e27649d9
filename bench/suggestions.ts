/**
 * Server time per suggestion answer (docs/decisions/057-memory.md), on SQLite and PostgreSQL. The
 * reader's list remembers BENCH_TITLES (2,000) titles, each used 1 to 12 times over the last year,
 * and holds 100 items; BENCH_NEIGHBOURS (20) other lists remember as many, so the memory table
 * holds theirs too. Ranks are the decayed frecency the store keeps (`logAddExp` of each use), so
 * the answer's order is what a person would get. Each query is asked through the app in this
 * process (`app.request`: routing, session, access, SQL, shaping), BENCH_ROUNDS (200) times after
 * a warm-up; prints p50 and p95 in ms. Goal: ≤ 5 ms. Not a test: nothing here passes or fails.
 *
 * `bun bench/suggestions.ts [sqlite|postgres…]`; PostgreSQL at BENCH_POSTGRES_URL (the tests'
 * server), in a database of its own made and dropped here.
 */
import { titleKey, wordsKey } from "../src/shared/title-keys";
import type { Db } from "../src/store/db";
import { logAddExp, rankOfUse } from "../src/store/memory";
import { appWithReader, HOUSEHOLD_TITLES, scratchDb, timeCalls } from "./in-process";

const TITLES = Number(process.env.BENCH_TITLES ?? 2000);
const NEIGHBOURS = Number(process.env.BENCH_NEIGHBOURS ?? 20);
const DAY = 24 * 60 * 60 * 1000;
const QUERIES = ["", "m", "mi", "milk", "creme", "oat m", "bin b", "zzz"];

/** A deterministic stream of numbers in [0, 1), so every run remembers the same history. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** `TITLES` remembered titles of list `listId`, each with 1 to 12 uses over the last year, in batches. */
async function remember(db: Db, listId: number, seed: number) {
  const next = random(seed);
  const now = Date.now();
  const rows = Array.from({ length: TITLES }, (_, index) => {
    const title = `${HOUSEHOLD_TITLES[index % HOUSEHOLD_TITLES.length]} ${Math.floor(index / HOUSEHOLD_TITLES.length) + 1}`;
    const uses = 1 + Math.floor(next() * 12);
    const times = Array.from({ length: uses }, () => now - Math.floor(next() * 365 * DAY)).sort((a, b) => a - b);
    const rank = times.map(rankOfUse).reduce(logAddExp);
    return [listId, titleKey(title), wordsKey(title), title, null, null, uses, times.at(-1)!, rank];
  });
  await db.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += 200) {
      const batch = rows.slice(start, start + 200);
      await tx.run(
        `INSERT INTO list_memory (list_id, title_key, words, title, quantity, section_id, uses, last_used_at, rank)
         VALUES ${batch.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
        batch.flat(),
      );
    }
  });
}

async function measure(dialect: string) {
  const { db, drop } = await scratchDb(dialect, "suggest");
  try {
    const { app, cookie } = await appWithReader(db);
    const call = (path: string, body: unknown) =>
      app.request(path, { method: "POST", headers: { "content-type": "application/json", cookie }, body: JSON.stringify(body) });
    const lists: number[] = [];
    for (let index = 0; index <= NEIGHBOURS; index++)
      lists.push(((await (await call("/api/task-lists", { name: `List ${index}` })).json()) as { id: number }).id);
    for (const [index, listId] of lists.entries()) await remember(db, listId, index + 1);
    const listId = lists[0]!;
    const items = Array.from({ length: 100 }, (_, index) => ({
      title: `${HOUSEHOLD_TITLES[index % HOUSEHOLD_TITLES.length]} ${index + 1}`,
    }));
    expectCreated(await call("/api/tasks/bulk", { listId, items }));
    if (dialect === "postgres") await db.run("ANALYZE");
    const rows = Number((await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM list_memory"))!.n);
    console.log(`${dialect}: ${rows} remembered titles in all, ${TITLES} of them the asked list's, which holds 100 items`);
    for (const q of QUERIES)
      await timeCalls(JSON.stringify(q), "answers", async () => {
        const response = await app.request(`/api/task-lists/${listId}/suggestions?q=${encodeURIComponent(q)}`, { headers: { cookie } });
        return ((await response.json()) as unknown[]).length;
      });
  } finally {
    await drop();
  }
}

function expectCreated(response: Response) {
  if (response.status !== 201) throw new Error(`bulk add answered ${response.status}`);
}

for (const dialect of process.argv.length > 2 ? process.argv.slice(2) : ["sqlite", "postgres"]) await measure(dialect);
process.exit(0);
