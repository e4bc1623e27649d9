import type { Db } from "./db";

/** The cheapest statement that proves the database answers (GET /healthz). */
export async function pingDatabase(db: Db): Promise<void> {
  await db.get("SELECT 1 AS ok");
}
