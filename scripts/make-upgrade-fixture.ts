/**
 * @module
 * Makes the upgrade test's fixture for a release: `bun scripts/make-upgrade-fixture.ts 0.1.0 3`
 * writes tests/fixtures/release-0.1.0.db, a SQLite database with that release's schema (its first
 * 3 migrations, the default being every one there is now) holding the seed's rows, and beside it
 * release-0.1.0.json with what was seeded. Run it when a release is cut and commit both files:
 * tests/ops/upgrade.test.ts then migrates a copy of every fixture to the newest schema.
 */
import { Database } from "bun:sqlite";
import { mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { migrate, migrationNames } from "../src/store/migrate";
import { openSqlite } from "../src/store/sqlite";
import { SEED_PASSWORD, seedDatabase } from "../tests/fixtures/upgrade-seed";

const [release, stepsArgument] = process.argv.slice(2);
if (!release || !/^\d+\.\d+\.\d+$/.test(release)) {
  console.error("Usage: bun scripts/make-upgrade-fixture.ts RELEASE [MIGRATIONS]  (e.g. 0.1.0 3)");
  process.exit(1);
}
const steps = stepsArgument ? Number(stepsArgument) : migrationNames("sqlite").length;
const FIXTURES = fileURLToPath(new URL("../tests/fixtures", import.meta.url));
const scratch = join(mkdtempSync(join(tmpdir(), "listwell-fixture-")), "fixture.db");

const db = openSqlite(scratch);
await migrate(db, steps);
const seeded = await seedDatabase(db, await Bun.password.hash(SEED_PASSWORD));
await db.close();
// One self-contained, compact file to commit: no WAL beside it.
const compact = new Database(scratch);
compact.exec("PRAGMA journal_mode = DELETE");
compact.exec("VACUUM");
compact.close();

const target = join(FIXTURES, `release-${release}.db`);
renameSync(scratch, target);
rmSync(join(scratch, ".."), { recursive: true, force: true });
const migrations = migrationNames("sqlite").slice(0, steps);
writeFileSync(join(FIXTURES, `release-${release}.json`), `${JSON.stringify({ release, migrations, ...seeded }, null, 2)}\n`);
console.log(`Wrote ${target} (${migrations.join(", ")}) and its .json`);
