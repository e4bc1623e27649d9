import type { Db } from "./db";

/**
 * The cheapest statement that proves the database answers (GET /healthz). It reads a real table,
 * a few rows long, so SQLite opens its read transaction on the file (a bare `SELECT 1` never
 * touches it) and PostgreSQL checks out a connection to this database.
 */
export async function pingDatabase(db: Db): Promise<void> {
  await db.get("SELECT name FROM schema_migrations LIMIT 1");
}
