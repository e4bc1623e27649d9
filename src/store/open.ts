import { isAbsolute, resolve } from "node:path";
import type { Db } from "./db";
import { openPostgres } from "./postgres";
import { openSqlite } from "./sqlite";

export const DEFAULT_SQLITE_PATH = "./data/listwell.db";

/** DATABASE_URL forms of DESIGN §3: postgres(ql)://…, sqlite:///abs, sqlite://rel, sqlite://:memory:, or a bare path. */
export function openDatabase(url: string | undefined): Db {
  if (!url) return openSqlite(resolve(DEFAULT_SQLITE_PATH));
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url);
  const path = url.replace(/^sqlite:\/\//, "");
  if (path === ":memory:") return openSqlite(path);
  return openSqlite(isAbsolute(path) ? path : resolve(path));
}
