import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../src/store/open";
import { migrate } from "../../src/store/migrate";

describe("DATABASE_URL forms", () => {
  const dir = mkdtempSync(join(tmpdir(), "listwell-url-"));

  it.each([
    ["sqlite:///absolute", (d: string) => `sqlite://${join(d, "abs", "a.db")}`, (d: string) => join(d, "abs", "a.db")],
    ["a bare path", (d: string) => join(d, "bare", "b.db"), (d: string) => join(d, "bare", "b.db")],
    [
      "sqlite://relative",
      (d: string) => `sqlite://${relative(process.cwd(), join(d, "rel", "c.db"))}`,
      (d: string) => join(d, "rel", "c.db"),
    ],
  ])("opens %s, creating the folder, in WAL mode with foreign keys", async (_name, url, file) => {
    const db = openDatabase(url(dir));
    try {
      expect(existsSync(file(dir))).toBe(true);
      expect(await db.get("PRAGMA journal_mode")).toEqual({ journal_mode: "wal" });
      expect(await db.get("PRAGMA foreign_keys")).toEqual({ foreign_keys: 1 });
    } finally {
      await db.close();
    }
  });

  it("opens sqlite://:memory: and applies every migration once", async () => {
    const db = openDatabase("sqlite://:memory:");
    try {
      const applied = await migrate(db);
      expect(applied[0]).toBe("001_init.sql");
      expect(await migrate(db)).toEqual([]);
      const tables = await db.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
      expect(tables.map((t) => t.name)).toEqual(
        expect.arrayContaining(["users", "sessions", "task_lists", "tasks", "list_shares", "events"]),
      );
    } finally {
      await db.close();
    }
  });

  it("rolls a failed transaction back whole", async () => {
    const db = openDatabase("sqlite://:memory:");
    await db.exec("CREATE TABLE t (v INTEGER NOT NULL)");
    await expect(
      db.transaction(async (tx) => {
        await tx.run("INSERT INTO t (v) VALUES (?)", [1]);
        await tx.run("INSERT INTO t (v) VALUES (?)", [null]);
      }),
    ).rejects.toThrow();
    expect(await db.all("SELECT * FROM t")).toEqual([]);
    await db.close();
  });

  it("queues a write read back with .all() behind an open transaction, so a rollback cannot take it along", async () => {
    const db = openDatabase("sqlite://:memory:");
    await db.exec("CREATE TABLE t (v INTEGER NOT NULL)");
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    const failing = db.transaction(async (tx) => {
      await tx.run("INSERT INTO t (v) VALUES (?)", [1]);
      opened();
      await gate;
      throw new Error("rolled back");
    });
    await open;
    const independent = db.all("INSERT INTO t (v) VALUES (?) RETURNING v", [2]);
    release();
    await expect(failing).rejects.toThrow("rolled back");
    expect(await independent).toEqual([{ v: 2 }]);
    expect(await db.all("SELECT v FROM t")).toEqual([{ v: 2 }]);
    await db.close();
  });
});
