import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startServerProcess } from "../helpers/server-process";
import { TEST_PASSWORD } from "../helpers/test-app";

const json = (url: string, body: unknown) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("the server process", () => {
  it("generates and prints an invite code, keeps every acknowledged write through kill -9, and keeps its stored code", async () => {
    const dir = mkdtempSync(join(tmpdir(), "listwell-process-"));
    const databaseUrl = `sqlite://${join(dir, "nested", "listwell.db")}`;

    const first = await startServerProcess({ DATABASE_URL: databaseUrl, INVITE_CODE: "" });
    try {
      expect(first.output()).toContain("Listwell is running at http://localhost:");
      expect(first.inviteCode).toMatch(/^[a-z2-7]{8,}$/);
      expect((await fetch(`${first.url}/`)).url).toBe(`${first.url}/auth`);
      const registered = await json(`${first.url}/api/register`, {
        username: "admin",
        password: TEST_PASSWORD,
        inviteCode: first.inviteCode,
      });
      expect(registered.status).toBe(201);
      expect(await registered.json()).toMatchObject({ id: 1, username: "admin" });
    } finally {
      await first.stop(9);
    }

    const second = await startServerProcess({ DATABASE_URL: databaseUrl, INVITE_CODE: "from-environment" });
    try {
      expect(second.inviteCode).toBe(first.inviteCode);
      const login = await json(`${second.url}/api/login`, { username: "admin", password: TEST_PASSWORD });
      expect(login.status).toBe(200);
      const refused = await json(`${second.url}/api/register`, {
        username: "other",
        password: TEST_PASSWORD,
        inviteCode: "from-environment",
      });
      expect(refused.status).toBe(403);
    } finally {
      await second.stop();
    }
  });

  it("takes the first invite code from INVITE_CODE", async () => {
    const dir = mkdtempSync(join(tmpdir(), "listwell-process-"));
    const server = await startServerProcess({ DATABASE_URL: join(dir, "bare-path.db"), INVITE_CODE: "welcome-friends" });
    try {
      expect(server.inviteCode).toBe("welcome-friends");
      const registered = await json(`${server.url}/api/register`, {
        username: "first",
        password: TEST_PASSWORD,
        inviteCode: "welcome-friends",
      });
      expect(registered.status).toBe(201);
    } finally {
      await server.stop();
    }
  });

  it("stops gracefully on SIGINT: a waiting long-poll is answered with no events, the stop is logged, exit 0", async () => {
    const dir = mkdtempSync(join(tmpdir(), "listwell-process-"));
    const server = await startServerProcess({ DATABASE_URL: join(dir, "listwell.db"), INVITE_CODE: "welcome-friends" });
    const registered = await json(`${server.url}/api/register`, {
      username: "first",
      password: TEST_PASSWORD,
      inviteCode: "welcome-friends",
    });
    const cookie = registered.headers.get("set-cookie")!.split(";")[0]!;
    const connected = await fetch(`${server.url}/api/poll/connect`, { method: "POST", headers: { cookie } });
    const { clientId } = (await connected.json()) as { clientId: string };
    const poll = fetch(`${server.url}/api/poll/${clientId}`, { headers: { cookie } }).then(async (response) => ({
      status: response.status,
      body: await response.json(),
    }));
    await Bun.sleep(200);
    expect(await server.stop("SIGINT")).toBe(0);
    expect(await poll).toEqual({ status: 200, body: { events: [] } });
    expect(server.output()).toMatch(
      /SIGINT: stopping\nStopped listening: 1 request\(s\) were in flight, 0 websocket\(s\) closed\nStopped: event bus and database closed/,
    );
  });
});
