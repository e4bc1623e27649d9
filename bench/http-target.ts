/**
 * One server for bench/http.ts, chosen by argv[2]: `bare` (Bun.serve JSON), `hono` (Hono JSON),
 * `reference` (the least a session + 50-item read and a toggle can do: Hono, bun:sqlite, no rules,
 * no cache), `floor` (the least a Hono handler can do for `/api/list/{id}`, see below) or `listwell` (the real app over a fresh SQLite file, seeded with a user, a list and
 * 50 items). Prints one JSON line {port, cookie?, listId?, taskId?} once it is listening.
 */
import { Database } from "bun:sqlite";
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SESSION_COOKIE } from "../src/auth/sessions";
import { CONTENT_SECURITY_POLICY } from "../src/http/middleware/security-headers";

/** The app served: this checkout's, or BENCH_APP_TREE's (the tree measured as "before"). */
const appTree = process.env.BENCH_APP_TREE ?? join(import.meta.dir, "..");
const from = <T>(module: string): Promise<T> => import(join(appTree, "src", module));
const { createApp } = await from<typeof import("../src/app")>("app");
const { loadAssets } = await from<typeof import("../src/assets")>("assets");
const { readConfig } = await from<typeof import("../src/config")>("config");
const { ensureInviteCode } = await from<typeof import("../src/domain/invites")>("domain/invites");
const { createMemoryBus } = await from<typeof import("../src/realtime/bus")>("realtime/bus");
const { createStore } = await from<typeof import("../src/store")>("store");
const { migrate } = await from<typeof import("../src/store/migrate")>("store/migrate");
const { openSqlite } = await from<typeof import("../src/store/sqlite")>("store/sqlite");

const mode = process.argv[2];
const payload = { ok: true, items: [1, 2, 3] };

/** A caller holds at most 1,000 Idempotency-Keys a day (docs/http-contract.md#idempotency-key); the keyed tick case spreads over these. */
const KEYED_CALLERS = 60;

async function listwell() {
  const path = join(mkdtempSync(join(tmpdir(), "listwell-bench-")), "bench.db");
  const db = openSqlite(path);
  await migrate(db);
  const store = createStore(db);
  await ensureInviteCode(store, "bench");
  const app = createApp({ store, config: { ...readConfig({}), logLevel: "silent" }, bus: createMemoryBus(), assets: await loadAssets() });
  const call = (path: string, body?: unknown, cookie = "") =>
    app.request(path, {
      method: body ? "POST" : "GET",
      headers: { "content-type": "application/json", cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const registered = await call("/api/register", { username: "bencher", password: "password123", inviteCode: "bench" });
  const cookie = registered.headers.get("set-cookie")!.split(";")[0]!;
  const list = (await (await call("/api/task-lists", { name: "Bench" }, cookie)).json()) as { id: number };
  let taskId = 0;
  for (let i = 0; i < 50; i++) {
    const task = (await (await call("/api/tasks", { title: `Item ${i}`, listId: list.id }, cookie)).json()) as { id: number };
    taskId = task.id;
  }
  const keyed = [];
  for (let i = 0; i < KEYED_CALLERS; i++) {
    const signedUp = await call("/api/register", { username: `keyed${i}`, password: "password123", inviteCode: "bench" });
    const own = signedUp.headers.get("set-cookie")!.split(";")[0]!;
    const ownList = (await (await call("/api/task-lists", { name: "Keyed" }, own)).json()) as { id: number };
    const item = (await (await call("/api/tasks", { title: "Tick me", listId: ownList.id }, own)).json()) as { id: number };
    keyed.push({ cookie: own, taskId: item.id });
  }
  await holdKeys(db, Number(process.env.BENCH_KEYS_HELD ?? 0));
  return { fetch: app.fetch, path, extra: { cookie, listId: list.id, taskId, keyed } };
}

/**
 * BENCH_KEYS_HELD=n: each keyed caller already holds n Idempotency-Keys of today, as a day of
 * ticking leaves them (up to 1,000), so the keyed tick is measured as it runs late in a busy day.
 */
async function holdKeys(db: ReturnType<typeof openSqlite>, perCaller: number) {
  if (perCaller <= 0) return;
  const callers = await db.all<{ id: number }>("SELECT id FROM users WHERE username LIKE 'keyed%'");
  await db.transaction(async (tx) => {
    for (const { id } of callers) {
      for (let n = 0; n < perCaller; n++) {
        await tx.run(
          `INSERT INTO idempotency_keys (caller, request_key, fingerprint, lease, lease_until, applied, status, content_type, body, created_at)
           VALUES (?, ?, 'f', 'l', 0, 1, 200, 'application/json', '{}', ?)`,
          [`user:${id}`, `held-${n}`, Date.now()],
        );
      }
    }
  });
}

/**
 * The least a Hono handler can do for the signed-in `/api/list/{id}` read while still asking the
 * database on every request (so a logout or unshare elsewhere counts at once): route, cookie,
 * SHA-256, the app's own two statements on a read-only connection, and the list's JSON as already
 * serialised, sent with the app's headers. No rules, no middleware: a ceiling for the real read.
 */
async function floor() {
  const app = await listwell();
  const url = `http://bench/api/list/${app.extra.listId}`;
  const json = await (await app.fetch(new Request(url, { headers: { cookie: app.extra.cookie } }))).text();
  const reader = new Database(app.path, { readonly: true, strict: true });
  const sessionWithUser = reader.query(
    "SELECT users.*, (SELECT expires_at FROM sessions WHERE id = ?) AS session_expires_at FROM users WHERE id = (SELECT user_id FROM sessions WHERE id = ?)",
  );
  const listForReader = reader.query(`SELECT task_lists.*,
    (SELECT access_level FROM list_shares WHERE list_id = task_lists.id AND user_id = ?) AS grant_level,
    (SELECT MAX(id) FROM events WHERE list_id = task_lists.id) AS latest_event_id,
    (SELECT username FROM users WHERE id = task_lists.user_id) AS owner_name FROM task_lists WHERE id = ?`);
  const headers = {
    "content-type": "application/json",
    "cache-control": "private, no-cache",
    vary: "Cookie, Accept-Encoding",
    etag: `W/"${Bun.hash(json).toString(36)}"`,
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "x-frame-options": "DENY",
  };
  const hono = new Hono().get("/api/list/:id", (c) => {
    const session = Bun.SHA256.hash(getCookie(c, SESSION_COOKIE) ?? "", "hex");
    const user = sessionWithUser.all(session, session)[0] as { id: number } | undefined;
    if (!user || listForReader.all(user.id, Number(c.req.param("id"))).length === 0) return c.notFound();
    return new Response(json, { headers });
  });
  return { fetch: hono.fetch, extra: app.extra };
}

/** The same work as the app's read and toggle, written as plainly as it gets, for comparison. */
function reference() {
  const db = new Database(join(mkdtempSync(join(tmpdir(), "listwell-bench-ref-")), "ref.db"));
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL");
  db.exec(`CREATE TABLE sessions (id TEXT PRIMARY KEY, user_id INTEGER, expires_at INTEGER);
    CREATE TABLE users (id INTEGER PRIMARY KEY, username TEXT);
    CREATE TABLE tasks (id INTEGER PRIMARY KEY, list_id INTEGER, title TEXT, description TEXT, completed INTEGER, position INTEGER, created_at INTEGER);
    CREATE INDEX tasks_list ON tasks (list_id, position)`);
  db.query("INSERT INTO users (id, username) VALUES (1, 'bencher')").run();
  db.query("INSERT INTO sessions VALUES (?, 1, ?)").run(Bun.SHA256.hash("token", "hex"), Date.now() + 86_400_000);
  for (let i = 0; i < 50; i++) {
    db.query("INSERT INTO tasks (list_id, title, description, completed, position, created_at) VALUES (1, ?, '', 0, ?, ?)").run(
      `Item ${i}`,
      i,
      Date.now(),
    );
  }
  const toTask = (row: Record<string, number | string>) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    completed: row.completed === 1,
    position: row.position,
    listId: row.list_id,
    createdAt: new Date(Number(row.created_at)).toISOString(),
  });
  const userOf = (cookie: string | undefined) => {
    const session = db.query("SELECT * FROM sessions WHERE id = ?").all(Bun.SHA256.hash(cookie ?? "", "hex"))[0] as { user_id: number };
    return db.query("SELECT * FROM users WHERE id = ?").all(session.user_id)[0];
  };
  const app = new Hono()
    .get("/api/tasks", (c) => {
      userOf(getCookie(c, "sid"));
      return c.json(
        (db.query("SELECT * FROM tasks WHERE list_id = ? ORDER BY position").all(1) as Array<Record<string, number | string>>).map(toTask),
      );
    })
    .post("/api/tasks/:id/toggle", (c) => {
      userOf(getCookie(c, "sid"));
      const row = db.query("UPDATE tasks SET completed = 1 - completed WHERE id = ? RETURNING *").all(Number(c.req.param("id")))[0];
      return c.json(toTask(row as Record<string, number | string>));
    });
  return { fetch: app.fetch, extra: { cookie: "sid=token", listId: 1, taskId: 50 } };
}

const hono = new Hono().get("/json", (c) => c.json(payload));
const target =
  mode === "bare"
    ? { fetch: () => Response.json(payload), extra: {} }
    : mode === "hono"
      ? { fetch: hono.fetch, extra: {} }
      : mode === "reference"
        ? reference()
        : mode === "floor"
          ? await floor()
          : await listwell();

/**
 * On BENCH_PORT (0: any free one), or 25 further when the port is taken: a port in the kernel's
 * ephemeral range may be held by a client's connection for a while.
 */
function listen(port: number, tries = 4): ReturnType<typeof Bun.serve> {
  try {
    return Bun.serve({ port, hostname: "127.0.0.1", fetch: target.fetch });
  } catch (error) {
    if (port === 0 || tries <= 1) throw error;
    return listen(port + 25, tries - 1);
  }
}
const server = listen(Number(process.env.BENCH_PORT ?? 0));
console.log(JSON.stringify({ port: server.port, ...target.extra }));
