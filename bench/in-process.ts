/**
 * @module What the in-process benchmarks share (bench/search.ts, bench/suggestions.ts): a database
 * of their own on either dialect, made and dropped here, the app over it answering `app.request`
 * (routing, session, access, SQL, shaping; no sockets), and one call timed many times.
 */
import { SQL } from "bun";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../src/app";
import { loadAssets } from "../src/assets";
import { readConfig } from "../src/config";
import { ensureInviteCode } from "../src/domain/invites";
import { createMemoryBus } from "../src/realtime/bus";
import { createStore } from "../src/store";
import type { Db } from "../src/store/db";
import { migrate } from "../src/store/migrate";
import { openPostgres } from "../src/store/postgres";
import { openSqlite } from "../src/store/sqlite";

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const WARM_UP = 20;
const INVITE = "bench";

/** Titles as a household writes them, accents included: the rows both benchmarks fill their lists with. */
export const HOUSEHOLD_TITLES = [
  "Crème fraîche",
  "Café moulu",
  "Pâtes",
  "Jalapeños",
  "Milk",
  "Oat milk",
  "Bread",
  "Butter",
  "Cheese",
  "Eggs",
  "Apples",
  "Bananas",
  "Carrots",
  "Onions",
  "Garlic",
  "Tomatoes",
  "Rice",
  "Flour",
  "Sugar",
  "Salt",
  "Olive oil",
  "Vinegar",
  "Coffee",
  "Tea",
  "Yoghurt",
  "Cream",
  "Chicken",
  "Fish",
  "Beans",
  "Lentils",
  "Soap",
  "Shampoo",
  "Toothpaste",
  "Bin bags",
  "Batteries",
  "Light bulbs",
  "Call the plumber",
  "Book dentist",
  "Pay rent",
  "Water plants",
  "Passport",
  "Tickets",
  "Sunscreen",
  "Chargers",
  "Socks",
  "Jumper",
  "Umbrella",
  "Map",
  "Mineral water",
];

export interface Scratch {
  db: Db;
  drop: () => Promise<void>;
}

/** A migrated, empty database: a SQLite file in a temporary folder, or a PostgreSQL database named for `label`. */
export async function scratchDb(dialect: string, label: string): Promise<Scratch> {
  const scratch = await open(dialect, label);
  await migrate(scratch.db);
  return scratch;
}

async function open(dialect: string, label: string): Promise<Scratch> {
  if (dialect === "sqlite")
    return { db: openSqlite(join(mkdtempSync(join(tmpdir(), `listwell-${label}-`)), "bench.db")), drop: async () => {} };
  const admin = new SQL(ADMIN_URL, { max: 1 });
  const name = `listwell_bench_${label}_${process.pid}`;
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const db = openPostgres(ADMIN_URL.replace(/\/[^/]*$/, `/${name}`));
  return {
    db,
    drop: async () => {
      await db.close();
      await admin.unsafe(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

/** The app over `db`, and a person registered on it: their id and the cookie their calls carry. */
export async function appWithReader(db: Db) {
  const store = createStore(db);
  await ensureInviteCode(store, INVITE);
  const app = createApp({ store, config: { ...readConfig({}), logLevel: "silent" }, bus: createMemoryBus(), assets: await loadAssets() });
  const registered = await app.request("/api/register", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "reader", password: "password123", inviteCode: INVITE }),
  });
  const readerId = ((await registered.json()) as { id: number }).id;
  const cookie = registered.headers.get("set-cookie")!.split(";")[0]!;
  return { app, readerId, cookie };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/**
 * Asks `ask` (which answers how many entries it got) BENCH_ROUNDS times after a warm-up and prints
 * one line: the label, the count, p50 and p95 in ms.
 */
export async function timeCalls(label: string, noun: string, ask: () => Promise<number>) {
  const run = async () => {
    const started = performance.now();
    const count = await ask();
    return { ms: performance.now() - started, count };
  };
  for (let i = 0; i < WARM_UP; i++) await run();
  const runs = [];
  for (let i = 0; i < ROUNDS; i++) runs.push(await run());
  const times = runs.map((one) => one.ms).sort((a, b) => a - b);
  console.log(
    `  ${label.padEnd(12)} ${String(runs[0]!.count).padStart(2)} ${noun}  p50 ${percentile(times, 0.5).toFixed(2)} ms  p95 ${percentile(times, 0.95).toFixed(2)} ms`,
  );
}
