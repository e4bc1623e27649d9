/**
 * @module
 * Which storage fault an error is, in one place, for both dialects. bun:sqlite throws errors whose
 * `code` is SQLite's extended result name (`SQLITE_FULL`, `SQLITE_BUSY_SNAPSHOT` …); Bun.SQL throws
 * `ERR_POSTGRES_*` codes for its connection and PostgreSQL's SQLSTATE for server errors; a refused
 * socket carries a Node errno name. The HTTP layer turns a fault into a clear 5xx for the person.
 */

export type StorageFaultKind = "disk-full" | "busy" | "unavailable";

export interface StorageFault {
  kind: StorageFaultKind;
  status: 503 | 507;
  /** Stable code in the JSON error, for clients and logs. */
  code: string;
  message: string;
  retryAfterSeconds: number;
}

const FAULTS: Record<StorageFaultKind, StorageFault> = {
  "disk-full": {
    kind: "disk-full",
    status: 507,
    code: "STORAGE_FULL",
    message: "Your change was not saved: the server's disk is full. Please try again later, or tell the server's administrator.",
    retryAfterSeconds: 60,
  },
  busy: {
    kind: "busy",
    status: 503,
    code: "DATABASE_BUSY",
    message: "Your change was not saved: the database is busy. Please try again in a few seconds.",
    retryAfterSeconds: 5,
  },
  unavailable: {
    kind: "unavailable",
    status: 503,
    code: "DATABASE_UNAVAILABLE",
    message: "The database cannot be reached right now, so nothing was read or saved. Please try again in a few seconds.",
    retryAfterSeconds: 5,
  },
};

const codeOf = (error: unknown): string => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "";
};

/** Bun.SQL puts a server error's SQLSTATE in `errno`, under the code ERR_POSTGRES_SERVER_ERROR. */
const sqlStateOf = (error: unknown): string => {
  const state = (error as { errno?: unknown } | null)?.errno;
  return typeof state === "string" ? state : "";
};

/** SQLITE_BUSY* and SQLITE_LOCKED*: another connection holds the lock; trying again later may work. */
export const isBusyError = (error: unknown): boolean => /^SQLITE_(BUSY|LOCKED)/.test(codeOf(error));

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ConnectionRefused",
  "ConnectionClosed",
]);

/** PostgreSQL SQLSTATE classes: 08 connection exception, 57P0x shutting down or starting, 53 out of resources. */
function postgresFault(code: string): StorageFaultKind | undefined {
  if (code === "53100") return "disk-full";
  if (code.startsWith("08") || /^57P0[1-3]$/.test(code) || code.startsWith("53")) return "unavailable";
  if (code === "40001" || code === "40P01" || code === "55P03") return "busy";
  return undefined;
}

const NOT_WAITING = "STORAGE_UNREACHABLE";

/** Thrown instead of waiting for a connection to a database that just proved unreachable. */
export const unreachableError = () =>
  Object.assign(new Error("The database is unreachable; not waiting for a connection"), { code: NOT_WAITING });

export function storageFault(error: unknown): StorageFault | undefined {
  const code = codeOf(error);
  let kind: StorageFaultKind | undefined;
  if (code === "SQLITE_FULL") kind = "disk-full";
  else if (code === NOT_WAITING) kind = "unavailable";
  else if (isBusyError(error)) kind = "busy";
  else if (/^SQLITE_(IOERR|CANTOPEN|READONLY|CORRUPT|NOTADB)/.test(code)) kind = "unavailable";
  else if (code === "ERR_POSTGRES_SERVER_ERROR") kind = postgresFault(sqlStateOf(error));
  else if (code.startsWith("ERR_POSTGRES_") && /CONNECTION|CLOSED|TIMEOUT|SOCKET|TLS|UNREACHABLE|NOT_CONNECTED/.test(code))
    kind = "unavailable";
  else if (NETWORK_CODES.has(code)) kind = "unavailable";
  return kind && FAULTS[kind];
}
