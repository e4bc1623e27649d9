import { SQL } from "bun";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureInviteCode } from "../../src/domain/invites";
import { createStore } from "../../src/store";
import type { Db } from "../../src/store/db";
import { migrate } from "../../src/store/migrate";
import { openPostgres } from "../../src/store/postgres";
import { openSqlite } from "../../src/store/sqlite";

export const TEST_INVITE_CODE = "test-invite";
export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
/** The Redis the scale-out, presence, outage and health tests use (CI and this machine run one). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/**
 * What global setup found and made once for the whole run, handed to every test file: migrating
 * a database costs far more than copying one (docs/decisions/035-test-lanes.md).
 */
export interface TestRun {
  /** Every PostgreSQL database of this run is named `${prefix}…`, so teardown finds what is left. */
  prefix: string;
  /** SQLite files of this run live below this folder; teardown removes it. */
  folder: string;
  postgres: boolean;
  redis: boolean;
  /** A migrated SQLite file holding the test invite code, copied for each test app. */
  sqliteTemplate: string;
  /** The same as a PostgreSQL database (when `postgres`), the template of each test app's copy. */
  postgresTemplate: string;
}

/** Only the SQLite lanes run (test:fast): PostgreSQL and Redis are not even probed. */
const sqliteOnly = process.env.LISTWELL_TEST_DIALECTS === "sqlite";
/** Runs of this long ago were cut short (Ctrl-C, a killed CI job); their databases are swept. */
const STALE_RUN_MS = 6 * 60 * 60 * 1000;
const NAME_HEAD = "listwell_run_";

async function answers(probe: () => Promise<boolean>, service: string): Promise<boolean> {
  const available = await probe().catch(() => false);
  if (!available && process.env.CI) throw new Error(`CI needs ${service}`);
  return available;
}

async function postgresAnswers(): Promise<boolean> {
  const admin = new SQL(POSTGRES_ADMIN_URL, { max: 1, connectionTimeout: 3 });
  try {
    await admin`SELECT 1`;
    return true;
  } finally {
    await admin.close();
  }
}

/** Whether Redis answers at `url`. */
export async function redisAnswers(url = TEST_REDIS_URL): Promise<boolean> {
  const probe = new Bun.RedisClient(url, { connectionTimeout: 2_000, maxRetries: 0 });
  try {
    return (await probe.send("PING", [])) === "PONG";
  } finally {
    probe.close();
  }
}

export function postgresUrlOf(name: string): string {
  return POSTGRES_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
}

async function migrateForTests(db: Db): Promise<void> {
  await migrate(db);
  await ensureInviteCode(createStore(db), TEST_INVITE_CODE);
  await db.close();
}

/** Drops databases, a few at a time: PostgreSQL merges the checkpoint each drop waits for. */
async function dropAll(admin: SQL, names: string[]): Promise<void> {
  const queue = [...names];
  const dropper = async () => {
    for (let name = queue.pop(); name; name = queue.pop()) await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  await Promise.all(Array.from({ length: 8 }, dropper));
}

async function runDatabases(admin: SQL, where: (name: string) => boolean): Promise<string[]> {
  const rows: Array<{ datname: string }> = await admin`SELECT datname FROM pg_database WHERE datname LIKE ${`${NAME_HEAD}%`}`;
  return rows.map((row) => row.datname).filter(where);
}

/** Probes the services, migrates one template per dialect; the answer's `end` cleans up after the run. */
export async function startTestRun(): Promise<{ run: TestRun; end(): Promise<void> }> {
  const started = Date.now();
  const prefix = `${NAME_HEAD}${started.toString(36)}_${crypto.randomUUID().slice(0, 6)}_`;
  const folder = mkdtempSync(join(tmpdir(), "listwell-run-"));
  const postgres = !sqliteOnly && (await answers(postgresAnswers, `PostgreSQL at ${POSTGRES_ADMIN_URL}`));
  const redis = !sqliteOnly && (await answers(() => redisAnswers(), `Redis at ${TEST_REDIS_URL}`));
  const sqliteTemplate = join(folder, "template.db");
  await migrateForTests(openSqlite(sqliteTemplate));
  const postgresTemplate = `${prefix}template`;
  const admin = postgres ? new SQL(POSTGRES_ADMIN_URL, { max: 8 }) : undefined;
  if (admin) {
    const startedAt = (name: string) => Number.parseInt(name.slice(NAME_HEAD.length).split("_")[0]!, 36);
    await dropAll(admin, await runDatabases(admin, (name) => started - startedAt(name) > STALE_RUN_MS));
    await admin.unsafe(`CREATE DATABASE ${postgresTemplate}`);
    await migrateForTests(openPostgres(postgresUrlOf(postgresTemplate)));
  }
  return {
    run: { prefix, folder, postgres, redis, sqliteTemplate, postgresTemplate },
    async end() {
      if (admin) {
        await dropAll(admin, await runDatabases(admin, (name) => name.startsWith(prefix)));
        await admin.close();
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
