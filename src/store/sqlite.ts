import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { Db, Row, SqlValue } from "./db";

/**
 * bun:sqlite is synchronous, so an open transaction would swallow any write another request
 * makes between two of its awaits. Writes and transactions therefore queue on one lock.
 */
class Lock {
  private tail: Promise<void> = Promise.resolve();
  async hold<T>(work: () => Promise<T>): Promise<T> {
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise((resolve) => (release = resolve));
    await previous;
    try {
      return await work();
    } finally {
      release();
    }
  }
}

export function openSqlite(path: string): Db {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const database = new Database(path, { create: true, strict: true });
  database.exec("PRAGMA journal_mode = WAL");
  // NORMAL in WAL mode survives a process crash (kill -9); only a power cut can lose the last commit.
  database.exec("PRAGMA synchronous = NORMAL");
  database.exec("PRAGMA foreign_keys = ON");
  database.exec("PRAGMA busy_timeout = 5000");
  const lock = new Lock();

  // Statements always run to completion with .all(): an unfinished `UPDATE … RETURNING`
  // read with .get() blocks WAL checkpoints and the WAL grows without bound.
  const all = <T extends Row>(sql: string, params: SqlValue[] = []) =>
    database.query(sql).all(...params) as T[];
  const run = (sql: string, params: SqlValue[] = []) => database.query(sql).run(...params).changes;

  const inTransaction: Db = {
    dialect: "sqlite",
    all: async (sql, params) => all(sql, params),
    get: async (sql, params) => all(sql, params)[0] as never,
    run: async (sql, params) => run(sql, params),
    transaction: (work) => work(inTransaction),
    exec: async (script) => void database.exec(script),
    close: async () => {},
  };

  // A write read back with .all() (`INSERT … RETURNING`) must queue like any other write.
  const writes = (sql: string) => /^\s*(INSERT|UPDATE|DELETE|REPLACE|WITH)\b/i.test(sql);

  return {
    dialect: "sqlite",
    all: (sql, params) => (writes(sql) ? lock.hold(async () => all(sql, params)) : Promise.resolve(all(sql, params))),
    get: async (sql, params) => all(sql, params)[0] as never,
    run: (sql, params) => lock.hold(async () => run(sql, params)),
    transaction: (work) =>
      lock.hold(async () => {
        database.exec("BEGIN IMMEDIATE");
        try {
          const result = await work(inTransaction);
          database.exec("COMMIT");
          return result;
        } catch (error) {
          database.exec("ROLLBACK");
          throw error;
        }
      }),
    exec: (script) => lock.hold(async () => void database.exec(script)),
    close: async () => database.close(),
  };
}
