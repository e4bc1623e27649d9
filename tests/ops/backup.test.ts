/**
 * @module
 * The README's "Backup and restore" (docs/decisions/022-operations.md), followed to the letter with real processes:
 * `bun src/cli.ts backup FILE` while the server takes a steady stream of writes, then a second
 * server started on the copy put at ./data/listwell.db. Everything acknowledged before the backup
 * began must be there.
 */
import { Database } from "bun:sqlite";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Task, TaskList } from "../../src/shared/types";
import { openDatabase } from "../../src/store/open";
import { createList, runConcurrently, signIn, signUp } from "../helpers/fault-load";
import { type ServerProcess, startServerProcess } from "../helpers/server-process";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const LISTS = 5;
/** Items per list stay under the 100-item limit, so every acknowledged write is a kept one. */
const MOST_ITEMS = LISTS * 90;

function runCli(args: string[], env: Record<string, string>, options: { umask?: string } = {}) {
  const command = [process.execPath, join(ROOT, "src/cli.ts"), ...args];
  const child = Bun.spawn(options.umask ? underUmask(options.umask, command) : command, {
    env: { ...process.env, ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  return Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()]).then(
    ([code, stdout, stderr]) => ({ code, stdout, stderr }),
  );
}

/** `command` under a umask; it first makes a plain file at $PROBE, which shows what the umask alone gives. */
const underUmask = (umask: string, command: string[]) => ["sh", "-c", `umask ${umask} && touch "$PROBE" && exec "$@"`, "sh", ...command];

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

async function waitFor(check: () => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await Bun.sleep(20);
  }
}

describe("backup while running", () => {
  it("copies a consistent database mid-load, and a server started on the copy shows every list and acknowledged write", async () => {
    const dir = mkdtempSync(join(tmpdir(), "listwell-backup-"));
    const live = join(dir, "live.db");
    const copy = join(dir, "backup.db");
    const servers: ServerProcess[] = [];
    try {
      const server = await startServerProcess({ DATABASE_URL: live, INVITE_CODE: "backup-test" });
      servers.push(server);
      const owner = await signUp(server, "owner");
      const lists: TaskList[] = [];
      for (let i = 0; i < LISTS; i++) lists.push(await createList(owner, `List ${i}`));

      const acknowledged: Array<{ listId: number; title: string }> = [];
      let written = 0;
      let stop = false;
      const load = runConcurrently(
        4,
        async () => {
          const n = written++;
          const listId = lists[n % LISTS]!.id;
          const title = `Item ${n}`;
          const answer = await owner.attempt("POST", "/api/tasks", { listId, title });
          if ("status" in answer && answer.status === 201) acknowledged.push({ listId, title });
          await Bun.sleep(10);
        },
        () => stop || written >= MOST_ITEMS,
      );
      // New lists keep coming too, one at a time.
      const listLoad = runConcurrently(
        1,
        async () => {
          const answer = await owner.attempt<TaskList>("POST", "/api/task-lists", { name: `Later ${lists.length}` });
          if ("status" in answer && answer.status === 201) lists.push(answer.body);
          await Bun.sleep(50);
        },
        () => stop || lists.length >= 20,
      );

      await waitFor(() => acknowledged.length >= 40);
      const before = { items: [...acknowledged], lists: [...lists] };
      const backup = await runCli(["backup", copy], { DATABASE_URL: live });
      const duringOrAfter = acknowledged.length - before.items.length;
      // Refused without --force once the file is there; replaced with it.
      const again = await runCli(["backup", copy], { DATABASE_URL: live });
      await waitFor(() => acknowledged.length >= before.items.length + 40 || written >= MOST_ITEMS);
      stop = true;
      await Promise.all([load, listLoad]);

      expect(backup).toMatchObject({ code: 0, stdout: `Backed up ${live} to ${copy}\n`, stderr: "" });
      expect(again).toMatchObject({ code: 1, stderr: `${copy} already exists (--force replaces it)\n` });
      // The server went on writing while the backup ran: the copy was taken under load.
      expect(duringOrAfter).toBeGreaterThan(0);
      const check = new Database(copy, { readonly: true });
      expect(check.query("PRAGMA integrity_check").all()).toEqual([{ integrity_check: "ok" }]);
      check.close();

      // Restore as the README says: the copy becomes ./data/listwell.db of a server started there.
      const restoredDir = mkdtempSync(join(tmpdir(), "listwell-restored-"));
      mkdirSync(join(restoredDir, "data"));
      copyFileSync(copy, join(restoredDir, "data", "listwell.db"));
      const restored = await startServerProcess(
        { DATABASE_URL: "" },
        { command: [process.execPath, join(ROOT, "src/server.ts")], cwd: restoredDir },
      );
      servers.push(restored);
      const reader = await signIn(restored.url, "owner");
      const names = (await reader.expect<TaskList[]>(200, "GET", "/api/task-lists")).map((list) => list.name);
      expect(names).toEqual(expect.arrayContaining(before.lists.map((list) => list.name)));
      const present = new Set<string>();
      for (const list of before.lists) {
        for (const task of await reader.expect<Task[]>(200, "GET", `/api/tasks?listId=${list.id}`)) present.add(`${list.id}:${task.title}`);
      }
      expect(before.items.filter((item) => !present.has(`${item.listId}:${item.title}`))).toEqual([]);
      expect(present.size).toBeGreaterThanOrEqual(before.items.length);
    } finally {
      for (const server of servers) await server.stop(9);
    }
  }, 90_000);

  it("makes the data folder 0700, and the database, its WAL files and a backup 0600, whatever the umask", async () => {
    const dir = mkdtempSync(join(tmpdir(), "listwell-modes-"));
    const probe = join(dir, "probe");
    const server = await startServerProcess(
      { DATABASE_URL: "", PROBE: probe },
      { command: underUmask("000", [process.execPath, join(ROOT, "src/server.ts")]), cwd: dir },
    );
    const live = join(dir, "data", "listwell.db");
    try {
      await createList(await signUp(server, "owner"), "Private");
      const backup = await runCli(["backup", join(dir, "copy.db")], { DATABASE_URL: live, PROBE: probe }, { umask: "000" });
      expect(backup).toMatchObject({ code: 0 });
      // Positive control: under this umask a file made without a mode is anyone's to read and write.
      expect(modeOf(probe)).toBe("666");
      expect(readdirSync(join(dir, "data")).sort()).toEqual(["listwell.db", "listwell.db-shm", "listwell.db-wal"]);
      expect({
        folder: modeOf(join(dir, "data")),
        database: modeOf(live),
        wal: modeOf(`${live}-wal`),
        shm: modeOf(`${live}-shm`),
        backup: modeOf(join(dir, "copy.db")),
      }).toEqual({ folder: "700", database: "600", wal: "600", shm: "600", backup: "600" });
    } finally {
      await server.stop(9);
    }
  }, 60_000);

  it("narrows a database and WAL files made before the rule to 0600 when it opens them", async () => {
    const dir = mkdtempSync(join(tmpdir(), "listwell-old-modes-"));
    const path = join(dir, "old.db");
    const old = new Database(path, { create: true });
    old.exec("PRAGMA journal_mode = WAL; CREATE TABLE t (x); INSERT INTO t VALUES (1)");
    for (const file of [path, `${path}-wal`, `${path}-shm`]) chmodSync(file, 0o644);
    // Positive control: the files are readable by others before the server opens them.
    expect([path, `${path}-wal`, `${path}-shm`].map(modeOf)).toEqual(["644", "644", "644"]);
    const db = openDatabase(path);
    try {
      expect([path, `${path}-wal`, `${path}-shm`].map(modeOf)).toEqual(["600", "600", "600"]);
      expect(await db.all("SELECT x FROM t")).toEqual([{ x: 1 }]);
    } finally {
      await db.close();
      old.close();
    }
  });

  it("refuses PostgreSQL, pointing to pg_dump, and a call without a file, changing nothing", async () => {
    const dir = mkdtempSync(join(tmpdir(), "listwell-backup-refused-"));
    const target = join(dir, "copy.db");
    expect(await runCli(["backup", target], { DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test" })).toEqual({
      code: 1,
      stdout: "",
      stderr: 'DATABASE_URL is PostgreSQL: back it up with pg_dump (pg_dump "$DATABASE_URL" > FILE)\n',
    });
    // With JSON logs, what the command says is a JSON line like every other.
    const json = await runCli(["backup", target], { DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test", LOG_FORMAT: "json" });
    expect(json).toMatchObject({ code: 1, stdout: "" });
    expect(JSON.parse(json.stderr)).toMatchObject({ level: "error", msg: expect.stringMatching(/^DATABASE_URL is PostgreSQL/) });
    expect(await runCli(["backup"], { DATABASE_URL: join(dir, "none.db") })).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^Usage: /),
    });
    expect(await runCli(["backup", target], { DATABASE_URL: join(dir, "none.db") })).toMatchObject({
      code: 1,
      stderr: `No database at ${join(dir, "none.db")}\n`,
    });
    const live = join(dir, "live.db");
    new Database(live).close();
    expect(await runCli(["backup", join(dir, "nowhere", "copy.db")], { DATABASE_URL: live })).toEqual({
      code: 1,
      stdout: "",
      stderr: `No folder ${join(dir, "nowhere")} to write copy.db into\n`,
    });
    rmSync(live);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("refuses to back a database up onto itself or its write-ahead log, --force or not, and the server goes on", async () => {
    const dir = mkdtempSync(join(tmpdir(), "listwell-backup-self-"));
    const live = join(dir, "listwell.db");
    const server = await startServerProcess({ DATABASE_URL: live, INVITE_CODE: "backup" });
    try {
      const owner = await signUp(server, "owner");
      await createList(owner, "Kept");
      for (const target of [live, `${dir}/./listwell.db`, `${live}-wal`, `${live}-shm`]) {
        expect(await runCli(["backup", target, "--force"], { DATABASE_URL: live })).toEqual({
          code: 1,
          stdout: "",
          stderr: `${target} is the database itself: back it up to another file\n`,
        });
      }
      // The positive control: the same command to another file is a backup.
      expect(await runCli(["backup", join(dir, "copy.db")], { DATABASE_URL: live })).toMatchObject({ code: 0 });
      const check = new Database(live, { readonly: true });
      expect(check.query("PRAGMA integrity_check").all()).toEqual([{ integrity_check: "ok" }]);
      check.close();
      await server.stop(9);
      const again = await startServerProcess({ DATABASE_URL: live, INVITE_CODE: "backup" });
      const reader = await signIn(again.url, "owner");
      expect((await reader.expect<TaskList[]>(200, "GET", "/api/task-lists")).map((list) => list.name)).toEqual(["Kept"]);
      await again.stop(9);
    } finally {
      await server.stop(9).catch(() => {});
    }
  }, 60_000);
});
