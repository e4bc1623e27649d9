import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Db } from "./db";

const MIGRATIONS_DIR = fileURLToPath(new URL("../../migrations", import.meta.url));

/** Applies `migrations/<dialect>/NNN_name.sql` in order, each once, each in its own transaction. */
export async function migrate(db: Db, dir = join(MIGRATIONS_DIR, db.dialect)): Promise<string[]> {
  await db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)");
  const applied = new Set((await db.all<{ name: string }>("SELECT name FROM schema_migrations")).map((r) => r.name));
  const pending = readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f) && !applied.has(f))
    .sort();
  for (const name of pending) {
    const script = readFileSync(join(dir, name), "utf8");
    await db.transaction(async (tx) => {
      await tx.exec(script);
      await tx.run("INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)", [name, Math.floor(Date.now() / 1000)]);
    });
  }
  return pending;
}
