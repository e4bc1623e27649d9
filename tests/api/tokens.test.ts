import { afterAll, beforeAll, expect, it } from "vitest";
import { tokenHash } from "../../src/domain/tokens";
import type { ApiToken } from "../../src/shared/tokens";
import type { Task } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { rowsOf } from "../helpers/tasks";
import { BearerClient, makeToken } from "../helpers/tokens";
import { makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

const INVALID = { message: "Invalid or expired token" };
const NOT_ALLOWED = { error: "TOKEN_NOT_ALLOWED", message: "API tokens cannot be used for this call" };
const READ_ONLY = { error: "READ_ONLY_TOKEN", message: "This token can only read" };
const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

/** API tokens: made, listed and revoked in a browser session, used as bearer (docs/decisions/061-api-tokens.md). */
describeEachDialect("API tokens", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  it("makes a token shown once, lists it without the secret, keeps only its hash and revokes it", async () => {
    const ann = await registerUser(t, `${dialect}_make_ann`);
    const list = await createList(ann, "Groceries");
    const made = await ann.post("/api/tokens", { name: " Shortcut ", access: "write", listIds: [list.id, list.id], expiresInDays: 30 });
    expect(made.status).toBe(201);
    const token = made.body.token as string;
    expect(token).toMatch(/^lw_[A-Za-z0-9_-]{43}$/);
    const createdAt = Date.parse(made.body.createdAt as string);
    expect(made.body).toEqual({
      id: expect.any(Number),
      name: "Shortcut",
      access: "write",
      listIds: [list.id],
      createdAt: ISO,
      expiresAt: new Date(createdAt + 30 * 86_400_000).toISOString(),
      lastUsedAt: null,
      token,
    });
    const { token: _shown, ...listed } = made.body;
    expect(await ann.get("/api/tokens")).toMatchObject({ status: 200, body: { tokens: [listed] } });

    const rows = await t.store.db.all<{ hash: string }>("SELECT * FROM api_tokens WHERE user_id = ?", [ann.user.id]);
    expect(rows.map((row) => row.hash)).toEqual([tokenHash(token)]);
    expect(JSON.stringify(rows)).not.toContain(token.slice(3));

    const all = await makeToken(ann, { name: "Home Assistant", access: "read" });
    expect(all).toMatchObject({ access: "read", listIds: null, expiresAt: null });
    const listedNow = await ann.get<{ tokens: ApiToken[] }>("/api/tokens");
    expect(listedNow.body.tokens.map((entry) => entry.name)).toEqual(["Home Assistant", "Shortcut"]);

    const bob = await registerUser(t, `${dialect}_make_bob`);
    expect(await bob.delete(`/api/tokens/${made.body.id}`)).toMatchObject({ status: 404, body: { message: "Token not found" } });
    expect(await bob.get("/api/tokens")).toMatchObject({ status: 200, body: { tokens: [] } });
    const revoked = await ann.delete(`/api/tokens/${made.body.id}`);
    expect(revoked.status).toBe(204);
    expect(await ann.delete(`/api/tokens/${made.body.id}`)).toMatchObject({ status: 404 });
    expect((await ann.get<{ tokens: ApiToken[] }>("/api/tokens")).body.tokens.map((entry) => entry.id)).toEqual([all.id]);
    expect(await new BearerClient(t, token).get(`/api/list/${list.id}`)).toMatchObject({ status: 401, body: INVALID });
  });

  it("refuses bad input with a message and makes nothing", async () => {
    const ann = await registerUser(t, `${dialect}_bad_ann`);
    const bob = await registerUser(t, `${dialect}_bad_bob`);
    const bobs = await createList(bob, "Bob's");
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: "", access: "read" }, "Token name must be 1 to 60 characters"],
      [{ name: "x".repeat(61), access: "read" }, "Token name must be 1 to 60 characters"],
      [{ name: "A", access: "admin" }, 'access must be "read" or "write"'],
      [{ name: "A", access: "read", listIds: [bobs.id] }, "listIds must be lists you can open"],
      [{ name: "A", access: "read", listIds: [999_999] }, "listIds must be lists you can open"],
      [{ name: "A", access: "read", listIds: [] }, "listIds must be lists you can open"],
      [{ name: "A", access: "read", expiresInDays: 0 }, "expiresInDays must be a whole number from 1 to 3650"],
      [{ name: "A", access: "read", expiresInDays: 3651 }, "expiresInDays must be a whole number from 1 to 3650"],
    ];
    for (const [body, message] of cases) expect(await ann.post("/api/tokens", body)).toMatchObject({ status: 400, body: { message } });
    expect(await ann.get("/api/tokens")).toMatchObject({ body: { tokens: [] } });
    expect(await t.store.db.all("SELECT id FROM api_tokens WHERE user_id = ?", [ann.user.id])).toEqual([]);
  });

  it("lets a write token change lists with no Origin, refuses writes with a read token, and updates lastUsedAt", async () => {
    const ann = await registerUser(t, `${dialect}_rw_ann`);
    const list = await createList(ann, "Groceries");
    const writer = new BearerClient(t, (await makeToken(ann, { name: "Writer", access: "write" })).token);
    const reader = new BearerClient(t, (await makeToken(ann, { name: "Reader", access: "read" })).token);

    const added = await writer.post<Task>("/api/tasks", { listId: list.id, title: "Milk" });
    expect(added).toMatchObject({ status: 201, body: { title: "Milk", listId: list.id, userId: ann.user.id } });
    // A page of another origin cannot use it: cookies are not read, so a foreign Origin is no forgery.
    const foreign = await writer.post<Task>("/api/tasks", { listId: list.id, title: "Eggs" }, { origin: "https://evil.example" });
    expect(foreign.status).toBe(201);
    // The same foreign call with the cookie is refused, as before.
    expect((await ann.post("/api/tasks", { listId: list.id, title: "Jam" }, { origin: "https://evil.example" })).status).toBe(403);

    expect(await reader.get<Task[]>(`/api/tasks?listId=${list.id}`)).toMatchObject({
      status: 200,
      body: [{ title: "Milk" }, { title: "Eggs" }],
    });
    const before = await rowsOf(t, list.id);
    expect(await reader.post("/api/tasks", { listId: list.id, title: "Bread" })).toMatchObject({ status: 403, body: READ_ONLY });
    expect(await reader.patch(`/api/tasks/${added.body.id}`, { completed: true })).toMatchObject({ status: 403, body: READ_ONLY });
    expect(await reader.delete(`/api/tasks/${added.body.id}`)).toMatchObject({ status: 403, body: READ_ONLY });
    expect(await reader.post("/api/task-lists", { name: "New" })).toMatchObject({ status: 403, body: READ_ONLY });
    // A read that only a writer may make (what to add next) is refused the same way, and the list
    // it reads tells the token it may change nothing, though its user owns it.
    expect(await reader.get(`/api/task-lists/${list.id}/suggestions`)).toMatchObject({ status: 403, body: READ_ONLY });
    expect(await writer.get(`/api/task-lists/${list.id}/suggestions`)).toMatchObject({ status: 200 });
    const { can } = (await reader.get<{ can: Record<string, boolean> }>(`/api/list/${list.id}`)).body;
    expect(Object.values(can).filter((may) => may === true)).toEqual([true]);
    expect(can.beTold).toBe(true);
    expect(await rowsOf(t, list.id)).toEqual(before);

    const tokens = (await ann.get<{ tokens: ApiToken[] }>("/api/tokens")).body.tokens;
    expect(tokens.map((entry) => entry.lastUsedAt)).toEqual([ISO, ISO]);
    const readerUsed = tokens.find((entry) => entry.name === "Reader")!.lastUsedAt;
    // Within a minute the mark stands; past it, the next call moves it.
    await reader.get("/api/task-lists");
    expect((await ann.get<{ tokens: ApiToken[] }>("/api/tokens")).body.tokens.find((e) => e.name === "Reader")!.lastUsedAt).toBe(
      readerUsed,
    );
    t.clock.advance(61_000);
    await reader.get("/api/task-lists");
    const moved = (await ann.get<{ tokens: ApiToken[] }>("/api/tokens")).body.tokens.find((e) => e.name === "Reader")!.lastUsedAt!;
    expect(Date.parse(moved) - Date.parse(readerUsed!)).toBeGreaterThanOrEqual(61_000);
  });

  it("keeps session-only calls for the browser: tokens, password, username, admin, push, logout, pages", async () => {
    const admin = await t.store.users.findById(1);
    const ann = admin ? await registerUser(t, `${dialect}_only_ann`) : await registerUser(t, `${dialect}_only_admin`);
    const bearer = new BearerClient(t, (await makeToken(ann, { name: "All", access: "write" })).token);
    const refused: Array<[string, string, unknown?]> = [
      ["GET", "/api/tokens"],
      ["GET", "/api/%74okens"],
      ["GET", "/api/tokens/"],
      ["POST", "/api/tokens", { name: "More", access: "write" }],
      ["DELETE", "/api/tokens/1"],
      ["PATCH", "/api/change-password", { currentPassword: "password123", newPassword: "password456" }],
      ["PATCH", "/api/update-username", { username: `${dialect}_renamed` }],
      ["GET", "/api/admin/invite-code"],
      ["POST", "/api/push/subscriptions", { endpoint: "https://push.example/x", keys: { p256dh: "a", auth: "b" } }],
      ["POST", "/api/logout"],
      ["POST", "/api/user/theme", { theme: "ocean" }],
      ["GET", "/settings"],
    ];
    for (const [method, path, body] of refused) {
      const answer = await bearer.request(method, path, body);
      expect([method, path, answer.status]).toEqual([method, path, 403]);
      if (path.startsWith("/api/")) expect(answer.body).toEqual(NOT_ALLOWED);
    }
    expect((await t.store.users.findById(ann.user.id))?.username).toBe(ann.user.username);
    expect((await ann.get<{ tokens: ApiToken[] }>("/api/tokens")).body.tokens).toHaveLength(1);
    expect((await ann.get<{ theme: string }>("/api/user/theme")).body.theme).not.toBe("ocean");
    // Positive control: the same token reads the account's lists and theme, and the cookie still does all of the above.
    expect(await bearer.get("/api/task-lists")).toMatchObject({ status: 200 });
    expect(await bearer.get("/api/user/theme")).toMatchObject({ status: 200 });
    expect((await ann.post("/api/user/theme", { theme: "ocean" })).status).toBe(200);
    expect((await ann.get<{ theme: string }>("/api/user/theme")).body.theme).toBe("ocean");
    expect(await ann.get("/api/tokens")).toMatchObject({ status: 200 });
  });

  it("ignores cookies on a bearer call, and answers unknown, revoked and expired tokens 401", async () => {
    const ann = await registerUser(t, `${dialect}_dead_ann`);
    const list = await createList(ann, "Groceries");
    const expiring = await makeToken(ann, { name: "Soon", access: "read", expiresInDays: 1 });
    const bearer = new BearerClient(t, expiring.token);
    expect((await bearer.get(`/api/list/${list.id}`)).status).toBe(200);
    // A wrong bearer beside a good cookie is still refused: the cookie is not read.
    expect(await ann.get(`/api/list/${list.id}`, { authorization: "Bearer lw_nothing" })).toMatchObject({ status: 401, body: INVALID });
    expect(await ann.get(`/api/list/${list.id}`, { authorization: "Bearer" })).toMatchObject({ status: 401, body: INVALID });
    t.clock.advance(86_400_000);
    expect(await bearer.get(`/api/list/${list.id}`)).toMatchObject({ status: 401, body: INVALID });
    expect((await ann.get(`/api/list/${list.id}`)).status).toBe(200);
  });

  it("rate-limits failed bearer attempts per address like logins, while a live token goes on working", async () => {
    const limited = await makeTestApp(dialect);
    try {
      const ann = await registerUser(limited, `${dialect}_limit_ann`);
      const good = new BearerClient(limited, (await makeToken(ann, { name: "Good", access: "read" })).token);
      const wrong = new BearerClient(limited, "lw_wrong");
      for (let attempt = 1; attempt <= 10; attempt++) expect((await wrong.get("/api/task-lists")).status).toBe(401);
      const blocked = await wrong.get("/api/task-lists");
      expect(blocked).toMatchObject({
        status: 429,
        body: { error: "RATE_LIMITED", message: "Too many invalid tokens from this address. Try again later." },
      });
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await good.get("/api/task-lists")).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("applies an Idempotency-Key once per bearer caller", async () => {
    const ann = await registerUser(t, `${dialect}_idem_ann`);
    const list = await createList(ann, "Groceries");
    const bearer = new BearerClient(t, (await makeToken(ann, { name: "Keyed", access: "write" })).token);
    const key = { "idempotency-key": crypto.randomUUID() };
    const first = await bearer.post<Task>("/api/tasks", { listId: list.id, title: "Milk" }, key);
    const again = await bearer.post<Task>("/api/tasks", { listId: list.id, title: "Milk" }, key);
    expect(first.status).toBe(201);
    expect(again).toMatchObject({ status: 201, body: first.body });
    expect((await rowsOf(t, list.id)).map((row) => row.title)).toEqual(["Milk"]);
  });
});
