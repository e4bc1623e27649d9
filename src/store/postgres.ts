import { SQL } from "bun";
import type { Db, Row, SqlValue } from "./db";

/** `?` placeholders become `$1, $2, …`; the store's SQL never has `?` inside literals. */
function numberPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

type Runner = Pick<SQL, "unsafe">;

function adapter(runner: Runner, begin: <T>(work: (tx: Db) => Promise<T>) => Promise<T>, close: () => Promise<void>): Db {
  const all = async <T extends Row>(sql: string, params: SqlValue[] = []) =>
    [...(await runner.unsafe(numberPlaceholders(sql), params))] as T[];
  return {
    dialect: "postgres",
    all,
    get: async <T extends Row>(sql: string, params?: SqlValue[]) => (await all<T>(sql, params))[0],
    run: async (sql, params = []) => {
      const result = await runner.unsafe(numberPlaceholders(sql), params);
      return Number((result as unknown as { count?: number }).count ?? 0);
    },
    transaction: begin,
    exec: async (script) => void (await runner.unsafe(script)),
    close,
  };
}

export function openPostgres(url: string): Db {
  // A connection that cannot be made in 5 s fails (503 with Retry-After) instead of holding the request.
  const sql = new SQL(url, { max: 10, connectionTimeout: 5 });
  const inTransaction = (tx: Runner): Db => {
    const self: Db = adapter(tx, (work) => work(self), async () => {});
    return self;
  };
  return adapter(sql, (work) => sql.begin((tx) => work(inTransaction(tx))) as never, () => sql.close());
}
