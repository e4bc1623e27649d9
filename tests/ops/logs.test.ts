/**
 * @module
 * LOG_FORMAT=json (docs/decisions/022-operations.md): the real server, a scripted session, and everything it
 * printed. Every line is one JSON object; every request (a list read answered from the front door's
 * memory and the websocket upgrade included) has exactly one line; no secret of the session appears anywhere.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { TaskList } from "../../src/shared/types";
import { TestSocket } from "../helpers/live";
import { startServerProcess } from "../helpers/server-process";

const PASSWORD = "pw-Secret-7f3a91c2";
const INVITE = "invite-Secret-b4e8d0";

interface Line {
  time: string;
  level: string;
  msg: string;
  method?: string;
  route?: string;
  status?: number;
  durationMs?: number;
  requestId?: string;
}

describe("LOG_FORMAT=json", () => {
  it("writes one JSON line per request with no password, cookie, share id or invite code in any line", async () => {
    const server = await startServerProcess(
      { LOG_FORMAT: "json", INVITE_CODE: INVITE, DATABASE_URL: join(mkdtempSync(join(tmpdir(), "listwell-logs-")), "logs.db") },
      { ready: /invite code not logged/ },
    );
    const sent: Array<{ method: string; path: string; route: string; status: number }> = [];
    let cookie = "";
    const call = async (method: string, route: string, pathAndQuery: string, body?: unknown) => {
      const headers: Record<string, string> = cookie ? { cookie } : {};
      if (body !== undefined) headers["content-type"] = "application/json";
      const response = await fetch(server.url + pathAndQuery, {
        method,
        headers,
        redirect: "manual",
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const setCookie = response.headers.get("set-cookie");
      if (setCookie) cookie = setCookie.split(";")[0]!;
      sent.push({ method, path: pathAndQuery, route, status: response.status });
      const text = await response.text();
      return text.startsWith("{") || text.startsWith("[") ? JSON.parse(text) : text;
    };
    let stdout = "";
    let stderr = "";
    let token = "";
    let shareId = "";
    try {
      await call("POST", "/api/register", "/api/register", { username: "logger", password: PASSWORD, inviteCode: INVITE });
      token = cookie.split("=")[1]!;
      const list = (await call("POST", "/api/task-lists", "/api/task-lists", { name: "Logged" })) as TaskList;
      shareId = list.shareId;
      await call("POST", "/api/tasks", "/api/tasks", { listId: list.id, title: "Milk" });
      // The list read twice: the second is answered from the front door's memory (src/http/front-door.ts).
      await call("GET", "/api/list/:id", `/api/list/${list.id}`);
      await call("GET", "/api/list/:id", `/api/list/${list.id}`);
      await call("GET", "/auth", "/auth");
      await call("GET", "/shared/:shareId", `/shared/${shareId}`);
      // The same page, its path spelt another way: still only the route is written.
      await call("GET", "/shared/:shareId", `/%73hared/${shareId}`);
      await call("GET", "/api/task-lists/by-share-id/:shareId", `/api/task-lists/by-share-id/${shareId}`);
      await call("GET", "/api/tasks", `/api/tasks?listId=${list.id}&shareId=${shareId}`);
      await call("GET", "/healthz", "/healthz");
      // No route: the path is not written either.
      await call("GET", "(no route)", `/nothing-here/${shareId}`);
      const socket = await TestSocket.open(`${server.url.replace("http", "ws")}/ws`, { cookie });
      sent.push({ method: "GET", path: "/ws", route: "/ws", status: 101 });
      await socket.connect({ listId: list.id });
      socket.close();
      await call("POST", "/api/logout", "/api/logout");
      await call("POST", "/api/login", "/api/login", { username: "logger", password: "a wrong one" });
    } finally {
      expect(await server.stop("SIGTERM")).toBe(0);
      stdout = server.output();
      stderr = server.errors();
    }

    const lines = `${stdout}${stderr}`.split("\n").filter((line) => line.trim() !== "");
    const parsed = lines.map((line) => JSON.parse(line) as Line);
    for (const line of parsed) expect(line).toMatchObject({ time: expect.any(String), level: expect.any(String), msg: expect.any(String) });
    const requests = parsed.filter((line) => line.msg === "request");

    // Positive control: each request is logged once, in order, by the route it was for, with its
    // status; the reads did succeed.
    expect(requests.map(({ method, route, status }) => ({ method, route, status }))).toEqual(
      sent.map(({ method, route, status }) => ({ method, route, status })),
    );
    expect(sent).toEqual(
      expect.arrayContaining([
        { method: "GET", path: expect.stringMatching(/^\/api\/list\/\d+$/), route: "/api/list/:id", status: 200 },
        { method: "GET", path: `/%73hared/${shareId}`, route: "/shared/:shareId", status: 302 },
        { method: "GET", path: `/api/task-lists/by-share-id/${shareId}`, route: "/api/task-lists/by-share-id/:shareId", status: 200 },
        { method: "GET", path: expect.stringContaining("/api/tasks?"), route: "/api/tasks", status: 200 },
        { method: "GET", path: `/nothing-here/${shareId}`, route: "(no route)", status: 404 },
        { method: "GET", path: "/ws", route: "/ws", status: 101 },
      ]),
    );
    expect(new Set(requests.map((line) => line.requestId)).size).toBe(requests.length);
    expect(requests.every((line) => typeof line.durationMs === "number")).toBe(true);
    expect(parsed.some((line) => line.msg.startsWith("Listwell is running"))).toBe(true);
    expect(parsed.some((line) => line.msg.startsWith("Stopped"))).toBe(true);

    for (const secret of [PASSWORD, INVITE, token, shareId]) {
      expect(secret.length).toBeGreaterThan(5);
      expect(stdout).not.toContain(secret);
      expect(stderr).not.toContain(secret);
    }
  }, 60_000);

  it("says why it could not start in a JSON line too, and exits 1", async () => {
    const child = Bun.spawn([process.execPath, "src/server.ts"], {
      // Nothing listens on port 1: the database is unreachable at start.
      env: { ...process.env, LOG_FORMAT: "json", PORT: "0", DATABASE_URL: "postgres://postgres@127.0.0.1:1/none" },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [code, stdout, stderr] = await Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()]);
    expect(code).toBe(1);
    const lines = `${stdout}${stderr}`.split("\n").filter((line) => line.trim() !== "");
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      { time: expect.any(String), level: "error", msg: expect.stringMatching(/^(Uncaught exception|Unhandled rejection): .*connect/i) },
    ]);
  }, 30_000);
});
