import { createHash } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sessionIdFromToken, SESSION_LIFETIME_MS } from "../../src/auth/sessions";
import { describeEachDialect } from "../helpers/databases";
import { Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

const DAY_MS = 24 * 60 * 60 * 1000;
const tokenOf = (client: Client) => client.cookie.split("=")[1]!;

describeEachDialect("sessions", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  it("stores only the SHA-256 of the token, expiring in 30 days", async () => {
    const alice = await registerUser(t, "alice");
    const token = tokenOf(alice);
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    expect(await t.store.sessions.find(token)).toBeUndefined();
    const storedId = createHash("sha256").update(token).digest("hex");
    expect(sessionIdFromToken(token)).toBe(storedId);
    const session = await t.store.sessions.find(storedId);
    expect(session?.userId).toBe(alice.user.id);
    expect(Math.abs(session!.expiresAt - (Date.now() + SESSION_LIFETIME_MS))).toBeLessThan(60_000);
  });

  it("refuses and deletes an expired session, and clears the cookie", async () => {
    const bob = await registerUser(t, "bob");
    const id = sessionIdFromToken(tokenOf(bob));
    await t.store.sessions.extend(id, Date.now() - 1000);
    const res = await bob.get("/api/user");
    expect(res.status).toBe(401);
    expect(res.headers.get("set-cookie")).toMatch(/listwell_session=;/);
    expect(await t.store.sessions.find(id)).toBeUndefined();
  });

  it("renews a session past its half-life and re-sends the cookie", async () => {
    const carol = await registerUser(t, "carol");
    const id = sessionIdFromToken(tokenOf(carol));
    await t.store.sessions.extend(id, Date.now() + 20 * DAY_MS);
    const fresh = await carol.get("/api/user");
    expect(fresh.headers.get("set-cookie")).toBeNull();
    expect((await t.store.sessions.find(id))!.expiresAt).toBeLessThan(Date.now() + 21 * DAY_MS);

    await t.store.sessions.extend(id, Date.now() + 10 * DAY_MS);
    const renewed = await carol.get("/api/user");
    expect(renewed.status).toBe(200);
    expect(renewed.headers.get("set-cookie")).toMatch(/listwell_session=\w+;.*Max-Age=2592000/);
    expect((await t.store.sessions.find(id))!.expiresAt).toBeGreaterThan(Date.now() + 29 * DAY_MS);
  });

  it("ends the browser's previous session when it logs in or registers again", async () => {
    const first = await registerUser(t, "erin");
    const oldCookie = first.cookie;
    const registered = await first.post("/api/register", { username: "erin_two", password: "password123", inviteCode: "test-invite" });
    expect(registered.status).toBe(201);
    expect((await new Client(t).get("/api/user", { cookie: oldCookie })).status).toBe(401);
    expect((await first.get("/api/user")).body).toMatchObject({ username: "erin_two" });
  });

  it("ignores a forged or unknown token", async () => {
    const res = await new Client(t).get("/api/user", { cookie: "listwell_session=forgedtokenforgedtokenforgedtoke" });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Not logged in" });
  });

  it("sets the Secure flag over https when SESSION_SECURE is auto", async () => {
    const auto = await makeTestApp(dialect, { sessionSecure: "auto" });
    try {
      await registerUser(auto, "dave");
      const overHttps = await new Client(auto).post(
        "/api/login",
        { username: "dave", password: "password123" },
        { "x-forwarded-proto": "https" },
      );
      expect(overHttps.headers.get("set-cookie")).toMatch(/; Secure/);
      const overHttp = await new Client(auto).post("/api/login", { username: "dave", password: "password123" });
      expect(overHttp.status).toBe(200);
      expect(overHttp.headers.get("set-cookie")).not.toMatch(/Secure/);
    } finally {
      await auto.close();
    }
  });
});
