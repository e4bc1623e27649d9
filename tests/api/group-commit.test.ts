import { Database } from "bun:sqlite";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../src/store/db";
import { openSqlite } from "../../src/store/sqlite";

/**
 * The SQLite adapter commits the transactions of one event-loop turn together (src/store/sqlite.ts).
 * A second connection to the same file plays another process: what it sees is what is on disk.
 */
describe("SQLite transactions started together", () => {
  let path: string;
  let db: Db;
  let observer: Database;
  const committedCount = () => observer.query("SELECT COUNT(*) AS n FROM notes").all()[0] as { n: number };
  const dataVersion = () => (observer.query("PRAGMA data_version").all()[0] as { data_version: number }).data_version;

  beforeEach(async () => {
    path = join(mkdtempSync(join(tmpdir(), "listwell-group-commit-")), "db.sqlite");
    db = openSqlite(path);
    await db.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)");
    observer = new Database(path, { readonly: true });
  });
  afterEach(async () => {
    observer.close();
    await db.close();
  });

  const insert = (text: string) => db.transaction(async (tx) => tx.run("INSERT INTO notes (text) VALUES (?)", [text]));

  it("share one commit, and each is on disk when its caller hears of it", async () => {
    const before = dataVersion();
    const done = await Promise.all(Array.from({ length: 10 }, (_, i) => insert(`note ${i}`).then(() => committedCount().n)));
    // Another connection's data_version moves once per commit it did not make.
    expect(dataVersion() - before).toBe(1);
    expect(done).toEqual(Array.from({ length: 10 }, () => 10));
  });

  it("roll back a failing one alone, with every row it wrote", async () => {
    const failing = db.transaction(async (tx) => {
      await tx.run("INSERT INTO notes (text) VALUES ('half')");
      await tx.run("INSERT INTO notes (text) VALUES ('done')");
      throw new Error("refused after writing");
    });
    const results = await Promise.allSettled([insert("before"), failing, insert("after")]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(observer.query("SELECT text FROM notes ORDER BY id").all()).toEqual([{ text: "before" }, { text: "after" }]);
  });

  it("commit a write made outside any transaction before answering it", async () => {
    const [changes] = await Promise.all([db.run("INSERT INTO notes (text) VALUES ('alone')"), insert("beside it")]);
    expect(changes).toBe(1);
    expect(committedCount().n).toBe(2);
  });

  it("fail together when their shared commit fails, and leave nothing behind", async () => {
    // A deferred foreign key is checked only at COMMIT, so this batch's commit is refused.
    await db.exec("CREATE TABLE parents (id INTEGER PRIMARY KEY)");
    await db.exec("CREATE TABLE children (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parents(id) DEFERRABLE INITIALLY DEFERRED)");
    const orphan = db.transaction(async (tx) => tx.run("INSERT INTO children (parent_id) VALUES (42)"));
    const results = await Promise.allSettled([insert("with the orphan"), orphan]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    expect(committedCount().n).toBe(0);
    await insert("next batch");
    expect(committedCount().n).toBe(1);
  });
});
