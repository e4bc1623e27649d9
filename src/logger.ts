import type { Config } from "./config";

/** Console logging filtered by LOG_LEVEL, as text or one JSON object a line (LOG_FORMAT, docs/decisions/022-operations.md). */
export interface Logger {
  debug(...parts: unknown[]): void;
  info(...parts: unknown[]): void;
  warn(...parts: unknown[]): void;
  error(...parts: unknown[]): void;
}

type Level = Exclude<Config["logLevel"], "silent">;

const RANK: Record<Config["logLevel"], number> = { debug: 0, info: 1, warn: 2, error: 3, silent: 4 };
const WRITERS: Record<Level, (...parts: unknown[]) => void> = {
  debug: console.debug,
  info: console.log,
  warn: console.warn,
  error: console.error,
};

/** An error keeps its stack in a JSON line; anything else is its text. */
const describe = (part: unknown) =>
  part instanceof Error ? (part.stack ?? String(part)) : typeof part === "string" ? part : Bun.inspect(part);

/** `{time, level, msg, ...fields}` on one line, written where the text form would go. */
export function writeJsonLine(level: Level, message: string, fields: Record<string, unknown> = {}) {
  WRITERS[level](JSON.stringify({ time: new Date().toISOString(), level, msg: message, ...fields }));
}

export function createLogger(level: Config["logLevel"], format: Config["logFormat"] = "text"): Logger {
  const at = (wanted: Level) => {
    if (RANK[wanted] < RANK[level]) return () => {};
    if (format === "text") return WRITERS[wanted];
    return (...parts: unknown[]) => writeJsonLine(wanted, parts.map(describe).join(" "));
  };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

/** One answered request, as the request log writes it. */
export interface RequestEntry {
  method: string;
  /**
   * The route it was for as registered (`/shared/:shareId`), never the path as sent: a path or
   * its query may carry a share id, in any spelling (src/http/route-pattern.ts).
   */
  route: string;
  status: number;
  durationMs: number;
  bytes?: number;
  requestId: string;
}

export const logsRequests = (config: Pick<Config, "logLevel" | "logFormat">) =>
  config.logLevel === "debug" || (config.logFormat === "json" && config.logLevel === "info");

/**
 * A line per request at LOG_LEVEL=info with LOG_FORMAT=json, or at debug in either form; otherwise
 * undefined, so a server that does not log requests pays nothing per request.
 */
export function createRequestLog(config: Pick<Config, "logLevel" | "logFormat">): ((entry: RequestEntry) => void) | undefined {
  if (!logsRequests(config)) return undefined;
  if (config.logFormat === "text") {
    return (entry) => console.debug(`${entry.method} ${entry.route} ${entry.status} ${entry.durationMs.toFixed(1)}ms`);
  }
  const level: Level = config.logLevel === "debug" ? "debug" : "info";
  return ({ method, route, status, durationMs, bytes, requestId }) =>
    writeJsonLine(level, "request", {
      method,
      route,
      status,
      durationMs: Math.round(durationMs * 10) / 10,
      ...(bytes === undefined ? {} : { bytes }),
      requestId,
    });
}
