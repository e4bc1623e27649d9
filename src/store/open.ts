import { isAbsolute, resolve } from "node:path";
import type { Db } from "./db";
import { openPostgres } from "./postgres";
import { openSqlite } from "./sqlite";

export const DEFAULT_SQLITE_PATH = "./data/listwell.db";

/** DATABASE_URL's forms (README.md#running-it): postgres(ql)://…, sqlite:///abs, sqlite://rel, sqlite://:memory:, or a bare path. */
export function openDatabase(url: string | undefined): Db {
  const path = sqlitePath(url);
  return path === undefined ? openPostgres(url!) : openSqlite(path);
}

/** The SQLite file a DATABASE_URL names (absolute, or `:memory:`); undefined for PostgreSQL. */
export function sqlitePath(url: string | undefined): string | undefined {
  if (!url) return resolve(DEFAULT_SQLITE_PATH);
  if (/^postgres(ql)?:\/\//.test(url)) return undefined;
  const path = url.replace(/^sqlite:\/\//, "");
  if (path === ":memory:") return path;
  return isAbsolute(path) ? path : resolve(path);
}
