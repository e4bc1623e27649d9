import { connect } from "node:net";
import { expect, it } from "vitest";
import { KEY_KEPT_MS } from "../../src/domain/idempotency";
import { migrate } from "../../src/store/migrate";
import { describeEachDialect, freshDatabase } from "../helpers/databases";
import { startServerProcess } from "../helpers/server-process";

/**
 * Idempotency-Key through the real server over a real socket: a tick whose answer never comes
 * back (the client stops reading) and is sent again applies once; the server's hourly purge,
 * which also runs at start, removes keys past 24 h.
 */
const json = { "content-type": "application/json" };

/** Sends a request on a bare socket and stops reading: the answer is lost in flight. */
function sendAndForget(port: number, method: string, path: string, headers: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      const lines = [
        `${method} ${path} HTTP/1.1`,
        "Host: 127.0.0.1",
        "Content-Length: 0",
        ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      ];
      socket.end(`${lines.join("\r\n")}\r\n\r\n`, () => resolve());
    });
    socket.on("error", reject);
    socket.pause();
    setTimeout(() => socket.destroy(), 5_000).unref();
  });
}

describeEachDialect("Idempotency-Key on the running server", (dialect) => {
  it("applies a tick once when its answer was lost and it is sent again, and purges old keys at start", async () => {
    const { db, url, drop } = await freshDatabase(dialect);
    await migrate(db);
    const now = Date.now();
    for (const [key, createdAt] of [
      ["stale", now - KEY_KEPT_MS - 60_000],
      ["young", now - 60_000],
    ] as const) {
      await db.run(
        "INSERT INTO idempotency_keys (caller, request_key, fingerprint, lease, lease_until, applied, status, content_type, body, created_at) VALUES (?, ?, 'f', 'l', 0, 1, 200, NULL, '', ?)",
        ["user:999", key, createdAt],
      );
    }
    const server = await startServerProcess({ DATABASE_URL: url, INVITE_CODE: "keys-test" });
    try {
      const keys = async () =>
        (await db.all<{ request_key: string }>("SELECT request_key FROM idempotency_keys ORDER BY request_key")).map(
          (row) => row.request_key,
        );
      await expect.poll(keys).toEqual(["young"]);

      const registered = await fetch(`${server.url}/api/register`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ username: "sam", password: "password123", inviteCode: "keys-test" }),
      });
      expect(registered.status).toBe(201);
      const cookie = registered.headers.get("set-cookie")!.split(";")[0]!;
      const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
        fetch(`${server.url}${path}`, {
          method,
          headers: { ...json, cookie, ...headers },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      const list = (await (await call("POST", "/api/task-lists", { name: "Basement" })).json()) as { id: number };
      const milk = (await (await call("POST", "/api/tasks", { listId: list.id, title: "Milk" })).json()) as { id: number };

      const completed = async () =>
        Number((await db.get<{ completed: number | string }>("SELECT completed FROM tasks WHERE id = ?", [milk.id]))!.completed);
      await sendAndForget(server.port, "POST", `/api/tasks/${milk.id}/toggle`, { cookie, "Idempotency-Key": "basement-tick" });
      await expect.poll(completed).toBe(1);
      // Back in signal: the outbox sends the toggle again with its key, until it is no longer in progress.
      let retry = await call("POST", `/api/tasks/${milk.id}/toggle`, undefined, { "Idempotency-Key": "basement-tick" });
      await expect
        .poll(async () => {
          if (retry.status === 409)
            retry = await call("POST", `/api/tasks/${milk.id}/toggle`, undefined, { "Idempotency-Key": "basement-tick" });
          return retry.status;
        })
        .toBe(200);
      expect(retry.headers.get("idempotent-replayed")).toBe("true");
      expect(((await retry.json()) as { completed: boolean }).completed).toBe(true);
      expect(await completed()).toBe(1);
      const updates = await db.all("SELECT id FROM events WHERE list_id = ? AND type = 'task_updated'", [list.id]);
      expect(updates).toHaveLength(1);
      // Positive control: a new key is a new toggle.
      expect((await call("POST", `/api/tasks/${milk.id}/toggle`, undefined, { "Idempotency-Key": "next-tick" })).status).toBe(200);
      expect(await completed()).toBe(0);
    } finally {
      expect(await server.stop()).toBe(0);
      await drop();
    }
  });
});
