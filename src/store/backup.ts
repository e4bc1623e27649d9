import { Database } from "bun:sqlite";
import { existsSync, realpathSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { privateFile } from "./private-files";

/** Why a backup was refused, in a sentence for the person at the shell. */
export class BackupRefused extends Error {}

/** Waits this long for a writer's lock to pass; a WAL read rarely needs to wait at all. */
const BUSY_MS = 10_000;

/**
 * Copies the SQLite database at `source` into `target` with `VACUUM INTO` (docs/decisions/022-operations.md). The copy is
 * one read transaction: a consistent snapshot of what was committed when it began, taken while
 * the server goes on writing (in WAL mode a reader does not block writers). It is written under a
 * temporary name beside `target` and renamed at the end, so `target` is never half a copy.
 */
export function backupSqlite(source: string, target: string, options: { force?: boolean } = {}): void {
  if (source === ":memory:") throw new BackupRefused("An in-memory database has nothing on disk to back up");
  if (!existsSync(source)) throw new BackupRefused(`No database at ${source}`);
  if (!existsSync(dirname(target))) throw new BackupRefused(`No folder ${dirname(target)} to write ${basename(target)} into`);
  if (isTheDatabase(source, target)) throw new BackupRefused(`${target} is the database itself: back it up to another file`);
  if (existsSync(target) && !options.force) throw new BackupRefused(`${target} already exists (--force replaces it)`);
  const partial = join(dirname(target), `.${basename(target)}.partial-${process.pid}`);
  const database = new Database(source, { readonly: true });
  try {
    // VACUUM INTO writes into an empty file as it finds it, so the copy is private from its first byte.
    privateFile(partial, { exclusive: true });
    database.exec(`PRAGMA busy_timeout = ${BUSY_MS}`);
    database.query("VACUUM INTO ?").run(partial);
    renameSync(partial, target);
  } finally {
    database.close();
    rmSync(partial, { force: true });
  }
}

/**
 * Whether `target` is the database or one of its companion files. Replacing the file under a
 * running server, whose write-ahead log still holds pages of the old one, leaves a database that
 * no longer opens: no `--force` may do that. Compared by path and by the file itself (a link).
 */
function isTheDatabase(source: string, target: string): boolean {
  const database = realpathSync(source);
  const where = existsSync(target) ? realpathSync(target) : join(realpathSync(dirname(resolve(target))), basename(target));
  if (["", "-wal", "-shm", "-journal"].some((suffix) => where === database + suffix)) return true;
  if (!existsSync(target)) return false;
  const [a, b] = [statSync(source), statSync(target)];
  return a.dev === b.dev && a.ino === b.ino;
}
