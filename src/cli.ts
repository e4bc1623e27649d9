/**
 * @module
 * `listwell [serve]` serves; `listwell backup FILE [--force]` copies the SQLite database while the
 * server runs. The binary's entry (scripts/build-binary.ts) and `bun src/cli.ts` both come here.
 */
import { readConfig } from "./config";
import { createLogger, type Logger } from "./logger";
import { BackupRefused, backupSqlite } from "./store/backup";
import { sqlitePath } from "./store/open";

const USAGE = "Usage: listwell [serve] | listwell backup FILE [--force]";

/**
 * Answers the process's exit code; `serve` never returns while the server runs. What it says goes
 * through the logger, so LOG_FORMAT=json keeps every line JSON here too.
 */
export async function runCli(args: string[]): Promise<number> {
  const [command = "serve", ...rest] = args;
  if (command === "serve" && rest.length === 0) {
    const { serve } = await import("./server");
    await serve();
    return 0;
  }
  const config = readConfig();
  const logger = createLogger(config.logLevel, config.logFormat);
  if (command === "backup") return backup(rest, config.databaseUrl, logger);
  logger.error(USAGE);
  return 1;
}

function backup(args: string[], databaseUrl: string | undefined, logger: Logger): number {
  const force = args.includes("--force");
  const files = args.filter((arg) => arg !== "--force");
  if (files.length !== 1 || files[0]!.startsWith("-")) {
    logger.error(USAGE);
    return 1;
  }
  const target = files[0]!;
  const source = sqlitePath(databaseUrl);
  if (source === undefined) {
    logger.error('DATABASE_URL is PostgreSQL: back it up with pg_dump (pg_dump "$DATABASE_URL" > FILE)');
    return 1;
  }
  try {
    backupSqlite(source, target, { force });
  } catch (error) {
    logger.error(error instanceof BackupRefused ? error.message : `Backup failed: ${(error as Error).message}`);
    return 1;
  }
  logger.info(`Backed up ${source} to ${target}`);
  return 0;
}

if (import.meta.main) {
  const code = await runCli(process.argv.slice(2));
  if (code !== 0) process.exit(code);
}
