import { readFileSync } from "node:fs";
import { projectFolder, projectPath } from "../project-files";
import type { Db } from "./db";

/** `migrations/<dialect>/NNN_name.sql`, in the order they apply. */
export function migrationNames(dialect: Db["dialect"]): string[] {
  return projectFolder(`migrations/${dialect}`)
    .filter((name) => /^\d+_.+\.sql$/.test(name))
    .sort();
}

/**
 * Applies the dialect's migrations in order, each once, each in its own transaction; with `upTo`,
 * only the first `upTo` of them (the schema an earlier release left, for the upgrade tests).
 */
export async function migrate(db: Db, upTo?: number): Promise<string[]> {
  await db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)");
  const applied = new Set((await db.all<{ name: string }>("SELECT name FROM schema_migrations")).map((r) => r.name));
  const pending = migrationNames(db.dialect)
    .slice(0, upTo)
    .filter((name) => !applied.has(name));
  for (const name of pending) {
    const script = readFileSync(projectPath(`migrations/${db.dialect}/${name}`), "utf8");
    await db.transaction(async (tx) => {
      await tx.exec(script);
      await tx.run("INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)", [name, Math.floor(Date.now() / 1000)]);
    });
  }
  return pending;
}
