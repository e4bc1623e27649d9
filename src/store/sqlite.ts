import { Database } from "bun:sqlite";
import { dirname } from "node:path";
import type { Db, Row, SqlValue } from "./db";
import { makeDatabaseFolder, privateDatabaseFiles } from "./private-files";
import { isBusyError } from "./storage-errors";

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

/**
 * How long a write waits for a lock another process holds before it answers "busy" (503). The
 * wait is asynchronous: SQLite's own busy_timeout would sleep inside the call and stop the event
 * loop, so every request (pages, reads, even static files) would stall behind the foreign lock.
 */
export const BUSY_WAIT_MS = 5_000;
const LONGEST_PAUSE_MS = 50;

/** Runs `attempt` now; while SQLite answers busy, tries again after growing pauses until `deadline`. */
function whenNotBusy<T>(attempt: () => T, deadline: number): Promise<T> {
  try {
    return Promise.resolve(attempt());
  } catch (error) {
    if (!isBusyError(error)) return Promise.reject(error);
  }
  return (async () => {
    for (let pause = 1; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
      await Bun.sleep(Math.max(0, Math.min(pause, deadline - Date.now())));
      try {
        return attempt();
      } catch (error) {
        if (!isBusyError(error) || Date.now() >= deadline) throw error;
      }
    }
  })();
}

function connect(path: string, readonly: boolean): Database {
  const database = new Database(path, readonly ? { readonly: true, strict: true } : { create: true, strict: true });
  database.exec("PRAGMA busy_timeout = 0");
  database.exec("PRAGMA foreign_keys = ON");
  return database;
}

// A write read back with .all() (`INSERT … RETURNING`) must queue like any other write.
const writes = (sql: string) => /^\s*(INSERT|UPDATE|DELETE|REPLACE|WITH)\b/i.test(sql);
const SESSIONS_OR_USERS = /\b(sessions|users)\b/i;

export function openSqlite(path: string): Db {
  const inMemory = path === ":memory:";
  if (!inMemory) {
    makeDatabaseFolder(dirname(path));
    privateDatabaseFiles(path);
  }
  const database = connect(path, false);
  database.exec("PRAGMA journal_mode = WAL");
  // NORMAL in WAL mode survives a process crash (kill -9); only a power cut can lose the last commit.
  database.exec("PRAGMA synchronous = NORMAL");
  /*
   * Reads outside a transaction use a second, read-only connection. A WAL reader sees only
   * committed transactions, so nothing of an open group-commit batch (below) can be served before
   * its COMMIT succeeds: if that COMMIT fails (disk full), nobody ever saw its writes. An in-memory
   * database cannot be opened twice; there a read waits while a transaction is open, and every
   * transaction commits on its own, so it too reads committed data only (docs/decisions/005).
   */
  const reader = inMemory ? undefined : connect(path, true);
  const lock = new Lock();

  /*
   * Whether the open batch wrote to `sessions` or `users` (what a signed-in caller is made of), so
   * its end moves `sessionsMark`. Told by the statement's text: a write naming either table (a
   * user's delete cascades to their sessions by name too), and any script.
   */
  let sessionsWritten = false;
  const notesSessions = (sql: string) => {
    if (!sessionsWritten && writes(sql) && SESSIONS_OR_USERS.test(sql)) sessionsWritten = true;
  };

  // Statements always run to completion with .all(): an unfinished `UPDATE … RETURNING`
  // read with .get() blocks WAL checkpoints and the WAL grows without bound.
  const all = <T extends Row>(sql: string, params: SqlValue[] = []) => {
    notesSessions(sql);
    return database.query(sql).all(...params) as T[];
  };
  const run = (sql: string, params: SqlValue[] = []) => {
    notesSessions(sql);
    return database.query(sql).run(...params).changes;
  };
  const read = <T extends Row>(sql: string, params: SqlValue[] = []): Promise<T[]> => {
    if (!reader) return database.inTransaction ? lock.hold(async () => all<T>(sql, params)) : Promise.resolve(all<T>(sql, params));
    return whenNotBusy(() => reader.query(sql).all(...params) as T[], Date.now() + BUSY_WAIT_MS);
  };

  const inTransaction: Db = {
    dialect: "sqlite",
    all: async (sql, params) => all(sql, params),
    get: async (sql, params) => all(sql, params)[0] as never,
    run: async (sql, params) => run(sql, params),
    transaction: (work) => work(inTransaction),
    exec: async (script) => {
      sessionsWritten = true;
      database.exec(script);
    },
    close: async () => {},
  };

  /*
   * Group commit (docs/decisions/004). A commit writes every page it changed to the WAL, and on
   * this disk that costs more than the statements themselves. So the transactions that start
   * within one turn of the event loop each run in a savepoint of one SQLite transaction,
   * committed when the turn ends. A failing transaction rolls back to its savepoint and changes
   * nothing; the others hear of success only once the commit is done, so nothing is acknowledged
   * before it is durable.
   */
  let open: Batch | undefined;

  const begin = async (deadline: number): Promise<Batch> => {
    await whenNotBusy(() => database.exec("BEGIN IMMEDIATE"), deadline);
    const { promise, resolve, reject } = Promise.withResolvers<void>();
    // A batch whose every transaction failed has nobody waiting for its outcome.
    promise.catch(() => {});
    const batch = { committed: promise, resolve, reject };
    if (!inMemory) setImmediate(() => void lock.hold(async () => end(batch)));
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
    } finally {
      sessionsEnded();
    }
  };

  const transaction = async <T>(work: (tx: Db) => Promise<T>): Promise<T> => {
    // Measured from the call, so a write queued behind others that waited still answers in time.
    const deadline = Date.now() + BUSY_WAIT_MS;
    const { result, batch } = await lock.hold(async () => {
      open ??= await begin(deadline);
      const batch = open;
      database.exec("SAVEPOINT work");
      try {
        const result = await work(inTransaction);
        database.exec("RELEASE work");
        if (inMemory) end(batch);
        return { result, batch };
      } catch (error) {
        if (database.inTransaction) {
          database.exec("ROLLBACK TO work");
          database.exec("RELEASE work");
          if (inMemory) end(batch);
        } else {
          // SQLite rolled the whole transaction back (I/O error, disk full): the batch is lost.
          open = undefined;
          sessionsEnded();
          batch.reject(error);
        }
        throw error;
      }
    });
    await batch.committed;
    return result;
  };

  const allOutside = <T extends Row>(sql: string, params?: SqlValue[]): Promise<T[]> =>
    writes(sql) ? transaction(async () => all<T>(sql, params)) : read<T>(sql, params);

  /*
   * `PRAGMA data_version` on the read connection moves whenever another connection commits: this
   * process's writer or any other process's. When it cannot be read (busy, an I/O error) there is
   * no mark, and the caller reads the data itself, which reports whatever went wrong.
   */
  const dataVersion = reader?.query("PRAGMA data_version");
  const changeMark =
    dataVersion &&
    (() => {
      try {
        return dataVersion.values()[0]![0] as number;
      } catch {
        return undefined;
      }
    });

  /*
   * Moves when this process's batch that wrote sessions or users has ended (committed or not,
   * after the fact, so a session read from the committed state before it is not kept past it), or
   * when another process committed anything: `PRAGMA data_version` on the *writer* connection moves
   * only for other connections' commits, and the read connection never commits.
   */
  let sessionsGeneration = 0;
  let foreignVersion: number | undefined;
  function sessionsEnded() {
    if (!sessionsWritten) return;
    sessionsWritten = false;
    sessionsGeneration++;
  }
  const writerVersion = inMemory ? undefined : database.query("PRAGMA data_version");
  const sessionsMark =
    writerVersion &&
    (() => {
      try {
        const version = writerVersion.values()[0]![0] as number;
        if (version !== foreignVersion) {
          foreignVersion = version;
          sessionsGeneration++;
        }
        return sessionsGeneration;
      } catch {
        return undefined;
      }
    });

  return {
    dialect: "sqlite",
    all: allOutside,
    changeMark,
    sessionsMark,
    get: async (sql, params) => (await allOutside(sql, params))[0] as never,
    run: (sql, params) => transaction(async () => run(sql, params)),
    transaction,
    exec: (script) => transaction((tx) => tx.exec(script)),
    close: () =>
      lock.hold(async () => {
        if (open) end(open);
        reader?.close();
        database.close();
      }),
  };
}
