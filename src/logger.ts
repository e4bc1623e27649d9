import type { Config } from "./config";

/** Console logging filtered by LOG_LEVEL (DESIGN §9). */
export interface Logger {
  debug(...parts: unknown[]): void;
  info(...parts: unknown[]): void;
  warn(...parts: unknown[]): void;
  error(...parts: unknown[]): void;
}

const RANK: Record<Config["logLevel"], number> = { debug: 0, info: 1, warn: 2, error: 3, silent: 4 };

export function createLogger(level: Config["logLevel"]): Logger {
  const at = (wanted: Config["logLevel"], write: (...parts: unknown[]) => void) => (RANK[wanted] >= RANK[level] ? write : () => {});
  return {
    debug: at("debug", console.debug),
    info: at("info", console.log),
    warn: at("warn", console.warn),
    error: at("error", console.error),
  };
}
