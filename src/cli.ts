/**
 * @module
 * `listwell [serve]` serves; `listwell backup FILE [--force]` copies the SQLite database while the
 * server runs. The binary's entry (scripts/build-binary.ts) and `bun src/cli.ts` both come here.
 */
import { readConfig } from "./config";
import { BackupRefused, backupSqlite } from "./store/backup";
import { sqlitePath } from "./store/open";

const USAGE = "Usage: listwell [serve] | listwell backup FILE [--force]";

/** Answers the process's exit code; `serve` never returns while the server runs. */
export async function runCli(args: string[]): Promise<number> {
  const [command = "serve", ...rest] = args;
  if (command === "serve" && rest.length === 0) {
    const { serve } = await import("./server");
    await serve();
    return 0;
  }
  if (command === "backup") return backup(rest);
  console.error(USAGE);
  return 1;
}

function backup(args: string[]): number {
  const force = args.includes("--force");
  const files = args.filter((arg) => arg !== "--force");
  if (files.length !== 1 || files[0]!.startsWith("-")) {
    console.error(USAGE);
    return 1;
  }
  const target = files[0]!;
  const { databaseUrl } = readConfig();
  const source = sqlitePath(databaseUrl);
  if (source === undefined) {
    console.error('DATABASE_URL is PostgreSQL: back it up with pg_dump (pg_dump "$DATABASE_URL" > FILE)');
    return 1;
  }
  try {
    backupSqlite(source, target, { force });
  } catch (error) {
    console.error(error instanceof BackupRefused ? error.message : `Backup failed: ${(error as Error).message}`);
    return 1;
  }
  console.log(`Backed up ${source} to ${target}`);
  return 0;
}

if (import.meta.main) {
  const code = await runCli(process.argv.slice(2));
  if (code !== 0) process.exit(code);
}
