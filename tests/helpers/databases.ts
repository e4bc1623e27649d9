import { SQL } from "bun";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Db } from "../../src/store/db";
import { openPostgres } from "../../src/store/postgres";
import { openSqlite } from "../../src/store/sqlite";

export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export type Dialect = "sqlite" | "postgres";

let postgresReachable: Promise<boolean> | undefined;

/** PostgreSQL runs on this machine and in CI; a developer without it still gets the SQLite runs. */
export function isPostgresAvailable(): Promise<boolean> {
  postgresReachable ??= (async () => {
    const admin = new SQL(POSTGRES_ADMIN_URL, { max: 1, connectionTimeout: 3 });
    try {
      await admin`SELECT 1`;
      return true;
    } catch {
      if (process.env.CI) throw new Error(`CI needs PostgreSQL at ${POSTGRES_ADMIN_URL}`);
      return false;
    } finally {
      await admin.close();
    }
  })();
  return postgresReachable;
}

/** The dialects this run covers: SQLite always, PostgreSQL when reachable (always in CI). */
export async function testDialects(): Promise<Dialect[]> {
  return (await isPostgresAvailable()) ? ["sqlite", "postgres"] : ["sqlite"];
}

/** A fresh, empty database of the dialect: a real SQLite file, or a new PostgreSQL database. */
export async function freshDatabase(dialect: Dialect): Promise<{ db: Db; url: string; drop: () => Promise<void> }> {
  if (dialect === "sqlite") {
    const path = join(mkdtempSync(join(tmpdir(), "listwell-test-")), "test.db");
    const db = openSqlite(path);
    return { db, url: path, drop: () => db.close() };
  }
  const name = `listwell_test_${process.pid}_${crypto.randomUUID().slice(0, 8)}`;
  const admin = new SQL(POSTGRES_ADMIN_URL, { max: 1 });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = POSTGRES_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const db = openPostgres(url);
  return {
    db,
    url,
    drop: async () => {
      await db.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

/** The Redis the scale-out, presence, outage and health tests use (CI and this machine run one). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Whether Redis answers at `url`; in CI its absence is an error, not a reason to skip. */
export async function isRedisAvailable(url = TEST_REDIS_URL): Promise<boolean> {
  const probe = new Bun.RedisClient(url, { connectionTimeout: 2_000, maxRetries: 0 });
  try {
    return (await probe.send("PING", [])) === "PONG";
  } catch {
    if (process.env.CI) throw new Error(`CI needs Redis at ${url}`);
    return false;
  } finally {
    probe.close();
  }
}
