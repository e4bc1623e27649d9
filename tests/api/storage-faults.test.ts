import { Database } from "bun:sqlite";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SQL } from "bun";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { readConfig } from "../../src/config";
import { ensureInviteCode } from "../../src/domain/invites";
import type { Logger } from "../../src/logger";
import { createMemoryBus } from "../../src/realtime/bus";
import { createStore } from "../../src/store";
import { migrate } from "../../src/store/migrate";
import { openPostgres } from "../../src/store/postgres";
import { openSqlite } from "../../src/store/sqlite";
import type { Task } from "../../src/shared/types";
import { isPostgresAvailable, POSTGRES_ADMIN_URL } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { addTask } from "../helpers/tasks";
import { startTcpProxy } from "../helpers/tcp-proxy";
import { makeTestApp, registerUser, TEST_INVITE_CODE, type TestApp } from "../helpers/test-app";

/** A logger that keeps what it was told, to check the log names the fault. */
function recordingLogger() {
  const lines: string[] = [];
  const keep = (...parts: unknown[]) => void lines.push(parts.map(String).join(" "));
  const logger: Logger = { debug: keep, info: keep, warn: keep, error: keep };
  return { logger, lines };
}

/**
 * A read made while a transaction (or its group-commit batch) is still open
 * must not see its writes, which a failed commit would take back after they were served.
 */
describe("reads outside a transaction", () => {
  for (const where of ["file", "memory"] as const) {
    it(`see committed data only (${where})`, async () => {
      const db = openSqlite(where === "memory" ? ":memory:" : join(mkdtempSync(join(tmpdir(), "listwell-reads-")), "db.sqlite"));
      try {
        await db.exec("CREATE TABLE notes (text TEXT NOT NULL)");
        const gate = Promise.withResolvers<void>();
        const failing = db.transaction(async (tx) => {
          await tx.run("INSERT INTO notes (text) VALUES ('never committed')");
          await gate.promise;
          throw new Error("refused after writing");
        });
        await Bun.sleep(5);
        const during = db.all("SELECT text FROM notes");
        gate.resolve();
        await expect(failing).rejects.toThrow("refused after writing");
        expect(await during).toEqual([]);
        // The positive control: a committed write is read back.
        await db.run("INSERT INTO notes (text) VALUES ('committed')");
        expect(await db.all("SELECT text FROM notes")).toEqual([{ text: "committed" }]);
      } finally {
        await db.close();
      }
    });
  }
});

/** A storage fault is the server's, said clearly, never a bare 500 (docs/http-contract.md#errors). */
describe("storage faults on SQLite", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp("sqlite");
  });
  afterAll(() => t.close());

  it("answers a write that finds the disk full with 507 and a message a person can act on; reads keep working and the write is nowhere", async () => {
    const owner = await registerUser(t, "filler");
    const list = await createList(owner, "Full disk");
    await addTask(owner, { title: "Saved before", listId: list.id });
    const pages = (await t.store.db.get<{ page_count: number }>("PRAGMA page_count"))!.page_count;
    // SQLite answers SQLITE_FULL once the file may not grow: the same answer a full disk gives.
    await t.store.db.exec(`PRAGMA max_page_count = ${pages}`);
    const description = "x".repeat(250);
    let refused: { title: string; res: Awaited<ReturnType<typeof owner.post>> } | undefined;
    for (let i = 0; i < 100 && !refused; i++) {
      const title = `Never saved ${i}`;
      const res = await owner.post("/api/tasks", { title, description, listId: list.id });
      if (res.status !== 201) refused = { title, res };
    }
    expect(refused?.res).toMatchObject({
      status: 507,
      body: { error: "STORAGE_FULL", message: expect.stringContaining("the server's disk is full") },
    });
    expect(refused!.res.headers.get("retry-after")).toMatch(/^\d+$/);
    const read = await owner.get<Task[]>(`/api/tasks?listId=${list.id}`);
    expect(read.status).toBe(200);
    expect(read.body.map((task) => task.title)).toContain("Saved before");
    expect(read.body.map((task) => task.title)).not.toContain(refused!.title);
    await t.store.db.exec("PRAGMA max_page_count = 1073741823");
    expect((await owner.post("/api/tasks", { title: "Saved after", listId: list.id })).status).toBe(201);
  });

  it("answers a write 503 with Retry-After while another connection holds the write lock, and serves reads and pages meanwhile", async () => {
    const owner = await registerUser(t, "locked");
    const list = await createList(owner, "Locked");
    const foreign = new Database(t.databaseUrl);
    foreign.exec("BEGIN IMMEDIATE");
    try {
      const write = owner.post("/api/tasks", { title: "Waits", listId: list.id });
      // Asked after the write, answered while it still waits for the lock: the event loop is free.
      const order: string[] = [];
      const read = owner.get(`/api/tasks?listId=${list.id}`).then((res) => {
        order.push("read");
        return res;
      });
      const page = owner.get("/").then((res) => {
        order.push("page");
        return res;
      });
      const user = owner.get("/api/user").then((res) => {
        order.push("user");
        return res;
      });
      const writeDone = write.then((res) => {
        order.push("write");
        return res;
      });
      const [readRes, pageRes, userRes, writeRes] = await Promise.all([read, page, user, writeDone]);
      expect([readRes.status, pageRes.status, userRes.status]).toEqual([200, 200, 200]);
      expect(order.at(-1)).toBe("write");
      expect(writeRes).toMatchObject({ status: 503, body: { error: "DATABASE_BUSY", message: expect.stringContaining("busy") } });
      expect(writeRes.headers.get("retry-after")).toMatch(/^\d+$/);
    } finally {
      foreign.exec("ROLLBACK");
      foreign.close();
    }
    expect((await owner.post("/api/tasks", { title: "After the lock", listId: list.id })).status).toBe(201);
  });
});

describe.runIf(await isPostgresAvailable())("storage faults on PostgreSQL", () => {
  const name = `listwell_faults_${process.pid}_${crypto.randomUUID().slice(0, 8)}`;
  const admin = new SQL(POSTGRES_ADMIN_URL, { max: 1 });
  const proxy = startTcpProxy("127.0.0.1", Number(new URL(POSTGRES_ADMIN_URL).port || 5432));
  const { logger, lines } = recordingLogger();
  let t: TestApp;

  beforeAll(async () => {
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const url = new URL(POSTGRES_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`));
    url.host = proxy.address;
    const db = openPostgres(url.toString());
    await migrate(db);
    const store = createStore(db);
    await ensureInviteCode(store, TEST_INVITE_CODE);
    const base = await makeTestApp("sqlite");
    await base.close();
    const config = { ...readConfig({}), sessionSecure: false as const };
    const bus = createMemoryBus();
    const app = createApp({ store, config, bus, assets: base.assets, logger });
    t = { ...base, app, store, bus, config, dialect: "postgres", databaseUrl: url.toString(), close: () => db.close() };
  });
  afterAll(async () => {
    await t?.close();
    proxy.close();
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  });

  it("answers 503 JSON with Retry-After while the database is unreachable, an HTML page for pages, and recovers by itself", async () => {
    const owner = await registerUser(t, "cutoff");
    const list = await createList(owner, "Cut");
    proxy.cut();
    try {
      const write = await owner.post("/api/tasks", { title: "Lost in the cut", listId: list.id });
      expect(write).toMatchObject({
        status: 503,
        body: { error: "DATABASE_UNAVAILABLE", message: expect.stringContaining("database cannot be reached") },
      });
      expect(write.headers.get("retry-after")).toMatch(/^\d+$/);
      const read = await owner.get(`/api/tasks?listId=${list.id}`);
      expect(read.status).toBe(503);
      const page = await owner.get("/");
      expect(page.status).toBe(503);
      expect(page.headers.get("content-type")).toContain("text/html");
      expect(page.body).toContain("The database cannot be reached right now");
      expect(page.body).not.toMatch(/at .*\.ts:\d+/);
      expect(lines.some((line) => line.includes("storage unavailable") && line.includes("ERR_POSTGRES_CONNECTION"))).toBe(true);
    } finally {
      proxy.restore();
    }
    // A connection attempt made during the cut may still be pending (at most its 5 s timeout):
    // as a client told Retry-After would, try again until the write goes through.
    let after = await owner.post("/api/tasks", { title: "After the cut", listId: list.id });
    for (let tries = 0; after.status === 503 && tries < 20; tries++) {
      await Bun.sleep(500);
      after = await owner.post("/api/tasks", { title: "After the cut", listId: list.id });
    }
    expect(after.status).toBe(201);
    const titles = (await owner.get<Task[]>(`/api/tasks?listId=${list.id}`)).body.map((task) => task.title);
    expect(titles).toEqual(["After the cut"]);
  });
});
