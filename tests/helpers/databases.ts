import { SQL } from "bun";
import { copyFileSync, mkdtempSync } from "node:fs";
import { join } from "node:path";
import { describe, inject } from "vitest";
import type { Db } from "../../src/store/db";
import { openPostgres } from "../../src/store/postgres";
import { openSqlite } from "../../src/store/sqlite";
import { POSTGRES_ADMIN_URL, postgresUrlOf, redisAnswers, TEST_REDIS_URL, type TestRun } from "./test-run";

export { POSTGRES_ADMIN_URL, TEST_REDIS_URL };

declare module "vitest" {
  export interface ProvidedContext {
    testRun: TestRun;
  }
}

export type Dialect = "sqlite" | "postgres";

const run = inject("testRun");

/** PostgreSQL runs on this machine and in CI (global setup fails there without it); test:fast leaves it out. */
export async function isPostgresAvailable(): Promise<boolean> {
  return run.postgres;
}

/** Whether Redis answers: the run's own Redis as global setup found it, or the one at `url`. */
export async function isRedisAvailable(url = TEST_REDIS_URL): Promise<boolean> {
  if (url === TEST_REDIS_URL) return run.redis;
  return redisAnswers(url).catch(() => false);
}

/** The dialects this run covers: SQLite always, PostgreSQL when reachable (always in CI). */
export async function testDialects(): Promise<Dialect[]> {
  return run.postgres ? ["sqlite", "postgres"] : ["sqlite"];
}

/**
 * `body` as a describe block named "`name` on `dialect`" for SQLite, and for PostgreSQL when the
 * run has it; without it, the PostgreSQL block shows as skipped. Suites that need Redis as well
 * run on PostgreSQL alone and ask `isRedisAvailable`.
 */
export function describeEachDialect(name: string, body: (dialect: Dialect) => void): void {
  describe(`${name} on sqlite`, () => body("sqlite"));
  describe.runIf(run.postgres)(`${name} on postgres`, () => body("postgres"));
}

export interface TestDatabase {
  db: Db;
  /** The SQLite file's path, or the PostgreSQL database's URL. */
  url: string;
  /** Closes the connection; the run's teardown removes what is left of the database. */
  drop(): Promise<void>;
}

let creator: SQL | undefined;
let dropper: SQL | undefined;

async function newPostgresDatabase(template?: string): Promise<TestDatabase> {
  const name = `${run.prefix}${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  creator ??= new SQL(POSTGRES_ADMIN_URL, { max: 1, idleTimeout: 5 });
  await creator.unsafe(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = postgresUrlOf(name);
  const db = openPostgres(url);
  return {
    db,
    url,
    drop: async () => {
      await db.close();
      // Not awaited, and on a connection of its own: a drop waits for a checkpoint, the test need not.
      dropper ??= new SQL(POSTGRES_ADMIN_URL, { max: 1, idleTimeout: 5 });
      dropper.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    },
  };
}

function sqlitePath(): string {
  return join(mkdtempSync(join(run.folder, "db-")), "test.db");
}

/** A fresh, empty database of the dialect (no schema): for the tests that migrate it themselves. */
export async function freshDatabase(dialect: Dialect): Promise<TestDatabase> {
  if (dialect === "postgres") return newPostgresDatabase();
  const path = sqlitePath();
  const db = openSqlite(path);
  return { db, url: path, drop: () => db.close() };
}

/** A database with every migration applied and the test invite code set: a copy of the run's template. */
export async function migratedDatabase(dialect: Dialect): Promise<TestDatabase> {
  if (dialect === "postgres") return newPostgresDatabase(run.postgresTemplate);
  const path = sqlitePath();
  copyFileSync(run.sqliteTemplate, path);
  const db = openSqlite(path);
  return { db, url: path, drop: () => db.close() };
}
