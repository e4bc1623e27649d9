/**
 * The one database interface the store is written against. SQL uses `?` placeholders;
 * the PostgreSQL adapter numbers them. Rows come back as plain objects keyed by column.
 */
export type SqlValue = string | number | bigint | boolean | null;
export type Row = Record<string, unknown>;

export interface Db {
  readonly dialect: "sqlite" | "postgres";
  all<T extends Row = Row>(sql: string, params?: SqlValue[]): Promise<T[]>;
  get<T extends Row = Row>(sql: string, params?: SqlValue[]): Promise<T | undefined>;
  run(sql: string, params?: SqlValue[]): Promise<number>;
  /** Runs `work` in one transaction; everything it does through `tx` commits or rolls back together. */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(script: string): Promise<void>;
  close(): Promise<void>;
  /**
   * A number that moves whenever a commit lands in the database, from this process or any other,
   * read without locking anything anyone waits for; absent where the database cannot say so
   * cheaply (PostgreSQL, an in-memory SQLite). See docs/decisions/025.
   */
  changeMark?(): number | undefined;
  /** The same, moving only for what can end a session or change its user (SQLite; see src/store/sqlite.ts). */
  sessionsMark?(): number | undefined;
}

/** Timestamps are stored as epoch milliseconds and answered as ISO strings (docs/http-contract.md#shapes), in one way. */
export const isoFromMs = (ms: unknown): string => new Date(Number(ms)).toISOString();
