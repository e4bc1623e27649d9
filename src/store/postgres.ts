import { SQL } from "bun";
import type { Db, Row, SqlValue } from "./db";
import { storageFault, unreachableError } from "./storage-errors";

/** `?` placeholders become `$1, $2, …`; the store's SQL never has `?` inside literals. */
function numberPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

type Runner = Pick<SQL, "unsafe">;

/**
 * While PostgreSQL is unreachable, every query waits for a connection until the pool's timeout
 * (3 s) before failing. So once one query has failed for want of the database, the next fail at
 * once (503 with Retry-After) while a single query at a time tries whether it is back; the first
 * that succeeds lets everyone through again.
 */
function reachability() {
  let down = false;
  let probing = false;
  return async <T>(query: () => Promise<T>): Promise<T> => {
    const probe = down;
    if (probe) {
      if (probing) throw unreachableError();
      probing = true;
    }
    try {
      const result = await query();
      down = false;
      return result;
    } catch (error) {
      if (storageFault(error)?.kind === "unavailable") down = true;
      throw error;
    } finally {
      if (probe) probing = false;
    }
  };
}

function adapter(
  runner: Runner,
  guard: <T>(query: () => Promise<T>) => Promise<T>,
  begin: <T>(work: (tx: Db) => Promise<T>) => Promise<T>,
  close: () => Promise<void>,
): Db {
  const all = <T extends Row>(sql: string, params: SqlValue[] = []) =>
    guard(async () => [...(await runner.unsafe(numberPlaceholders(sql), params))] as T[]);
  return {
    dialect: "postgres",
    all,
    get: async <T extends Row>(sql: string, params?: SqlValue[]) => (await all<T>(sql, params))[0],
    run: (sql, params = []) =>
      guard(async () => {
        const result = await runner.unsafe(numberPlaceholders(sql), params);
        return Number((result as unknown as { count?: number }).count ?? 0);
      }),
    transaction: (work) => guard(() => begin(work)),
    exec: (script) => guard(async () => void (await runner.unsafe(script))),
    close,
  };
}

export function openPostgres(url: string): Db {
  // A connection that cannot be made in 3 s fails (503 with Retry-After) instead of holding the request.
  const sql = new SQL(url, { max: 10, connectionTimeout: 3 });
  const direct = <T>(query: () => Promise<T>) => query();
  const inTransaction = (tx: Runner): Db => {
    const self: Db = adapter(
      tx,
      direct,
      (work) => work(self),
      async () => {},
    );
    return self;
  };
  return adapter(
    sql,
    reachability(),
    (work) => sql.begin((tx) => work(inTransaction(tx))) as never,
    // A stopping server waits this long for queries still running (one held up by another
    // session's lock), then ends them, rather than hang until the lock is gone.
    () => sql.close({ timeout: 5 }),
  );
}
