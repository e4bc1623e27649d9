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

/** One SQLite transaction shared by the writes of one turn of the event loop. */
interface Batch {
  committed: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
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

  /*
   * Group commit. A commit writes every page it changed to the WAL, and on this disk that costs
   * more than the statements themselves (a toggle: ~100 µs alone, ~24 µs per toggle when eight
   * share a commit). So the transactions that start within one turn of the event loop each run in
   * a savepoint of one SQLite transaction, committed when the turn ends. A failing transaction
   * rolls back to its savepoint and changes nothing; the others hear of success only once the
   * commit is done, so nothing is acknowledged before it is durable.
   */
  let open: Batch | undefined;

  const begin = (): Batch => {
    database.exec("BEGIN IMMEDIATE");
    const { promise, resolve, reject } = Promise.withResolvers<void>();
    // A batch whose every transaction failed has nobody waiting for its outcome.
    promise.catch(() => {});
    const batch = { committed: promise, resolve, reject };
    setImmediate(() => void lock.hold(async () => end(batch)));
    return batch;
  };

  const end = (batch: Batch) => {
    if (open !== batch) return;
    open = undefined;
    try {
      database.exec("COMMIT");
      batch.resolve();
    } catch (error) {
      if (database.inTransaction) database.exec("ROLLBACK");
      batch.reject(error);
    }
  };

  const transaction = async <T>(work: (tx: Db) => Promise<T>): Promise<T> => {
    const { result, batch } = await lock.hold(async () => {
      const batch = (open ??= begin());
      database.exec("SAVEPOINT work");
      try {
        const result = await work(inTransaction);
        database.exec("RELEASE work");
        return { result, batch };
      } catch (error) {
        if (database.inTransaction) {
          database.exec("ROLLBACK TO work");
          database.exec("RELEASE work");
        } else {
          // SQLite rolled the whole transaction back (I/O error, disk full): the batch is lost.
          open = undefined;
          batch.reject(error);
        }
        throw error;
      }
    });
    await batch.committed;
    return result;
  };

  // A write read back with .all() (`INSERT … RETURNING`) must queue like any other write.
  const writes = (sql: string) => /^\s*(INSERT|UPDATE|DELETE|REPLACE|WITH)\b/i.test(sql);

  return {
    dialect: "sqlite",
    all: (sql, params) => (writes(sql) ? transaction(async () => all(sql, params)) : Promise.resolve(all(sql, params))),
    get: async (sql, params) => all(sql, params)[0] as never,
    run: (sql, params) => transaction(async () => run(sql, params)),
    transaction,
    exec: (script) => transaction(async () => void database.exec(script)),
    close: () =>
      lock.hold(async () => {
        if (open) end(open);
        database.close();
      }),
  };
}
