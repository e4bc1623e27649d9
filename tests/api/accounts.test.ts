import { afterAll, beforeAll, expect, it } from "vitest";
import { Client, makeTestApp, registerUser, TEST_INVITE_CODE, TEST_PASSWORD, type TestApp } from "../helpers/test-app";
import { describeEachDialect } from "../helpers/databases";

describeEachDialect("accounts", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  it("registers the first user as id 1 with a session cookie, and answers the current user", async () => {
    const client = new Client(t);
    const res = await client.post("/api/register", { username: "Alice", password: TEST_PASSWORD, inviteCode: TEST_INVITE_CODE });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: 1, username: "Alice", createdAt: expect.any(Number) });
    expect(Math.abs((res.body.createdAt as number) - Date.now() / 1000)).toBeLessThan(60);
    expect(res.headers.get("set-cookie")).toMatch(/listwell_session=\w+;.*HttpOnly; SameSite=Lax/);
    const me = await client.get("/api/user");
    expect(me.status).toBe(200);
    expect(me.body).toEqual(res.body);
  });

  it("refuses bad registrations with the spec's messages and creates no user", async () => {
    const before = await t.store.users.count();
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ username: "ab", password: TEST_PASSWORD, inviteCode: TEST_INVITE_CODE }, 400, "Username must be at least 3 characters"],
      [{ username: "a".repeat(25), password: TEST_PASSWORD, inviteCode: TEST_INVITE_CODE }, 400, "Username cannot exceed 24 characters"],
      [
        { username: "bad name!", password: TEST_PASSWORD, inviteCode: TEST_INVITE_CODE },
        400,
        "Username can only contain letters, numbers, and underscores",
      ],
      [{ username: "bobby", password: "12345", inviteCode: TEST_INVITE_CODE }, 400, "Password must be at least 6 characters"],
      [{ username: "bobby", password: TEST_PASSWORD, inviteCode: "" }, 400, "Invite code is required"],
      [{ username: "bobby", password: TEST_PASSWORD }, 400, "Invite code is required"],
      [{ password: TEST_PASSWORD, inviteCode: TEST_INVITE_CODE }, 400, "Username must be at least 3 characters"],
      [{ username: "bobby", inviteCode: TEST_INVITE_CODE }, 400, "Password must be at least 6 characters"],
      [{ username: "bobby", password: TEST_PASSWORD, inviteCode: "wrong" }, 403, "Invalid invite code"],
      [{ username: "ALICE", password: TEST_PASSWORD, inviteCode: TEST_INVITE_CODE }, 400, "Username already exists"],
    ];
    for (const [payload, status, message] of cases) {
      const res = await new Client(t).post("/api/register", payload);
      expect({ payload, status: res.status, message: res.body.message }).toEqual({ payload, status, message });
      expect(res.headers.get("set-cookie")).toBeNull();
    }
    expect(await t.store.users.count()).toBe(before);
  });

  it("answers malformed JSON, a wrong content type and an oversized body with JSON errors", async () => {
    const client = new Client(t);
    const malformed = await client.post("/api/login", "{not json");
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toEqual(expect.any(String));
    const form = await client.post("/api/login", "username=a", { "content-type": "application/x-www-form-urlencoded" });
    expect(form.status).toBe(415);
    expect(form.body).toEqual({ message: "Content-Type must be application/json", error: "UNSUPPORTED_MEDIA_TYPE" });
    const huge = await client.post("/api/login", { username: "x".repeat(70_000), password: TEST_PASSWORD });
    expect(huge.status).toBe(413);
    expect(huge.body.error).toBe("PAYLOAD_TOO_LARGE");
  });

  it("logs in case-insensitively with a fresh session, and refuses bad credentials alike", async () => {
    await registerUser(t, "carol");
    const first = new Client(t);
    expect((await first.post("/api/login", { username: "CAROL", password: TEST_PASSWORD })).status).toBe(200);
    const second = new Client(t);
    await second.post("/api/login", { username: "carol", password: TEST_PASSWORD });
    expect(second.cookie).not.toBe(first.cookie);
    const wrongPassword = await new Client(t).post("/api/login", { username: "carol", password: "wrong-password" });
    const unknownUser = await new Client(t).post("/api/login", { username: "nobody_here", password: "wrong-password" });
    expect(wrongPassword.status).toBe(401);
    expect(unknownUser.status).toBe(401);
    expect(wrongPassword.body).toEqual(unknownUser.body);
    expect(wrongPassword.body).toEqual({ message: "Invalid username or password" });
    const short = await new Client(t).post("/api/login", { username: "ca", password: "123" });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe("Username must be at least 3 characters");
  });

  it("logs out the current session only", async () => {
    await registerUser(t, "dave");
    const laptop = new Client(t);
    const phone = new Client(t);
    await laptop.post("/api/login", { username: "dave", password: TEST_PASSWORD });
    await phone.post("/api/login", { username: "dave", password: TEST_PASSWORD });
    const stale = laptop.cookie;
    expect((await laptop.post("/api/logout")).body).toEqual({ message: "Logged out" });
    expect((await laptop.get("/api/user")).status).toBe(401);
    expect((await new Client(t).get("/api/user", { cookie: stale })).status).toBe(401);
    expect((await phone.get("/api/user")).status).toBe(200);
  });

  it("checks username availability in both forms", async () => {
    await registerUser(t, "erin");
    const anyone = new Client(t);
    expect(await anyone.get("/api/check-username?username=ERIN")).toMatchObject({
      status: 400,
      body: { available: false, message: "Username already exists" },
    });
    expect(await anyone.get("/api/check-username?username=free_name")).toMatchObject({
      status: 200,
      body: { available: true, message: "Username is available" },
    });
    expect((await anyone.get("/api/check-username/erin")).body).toEqual({ exists: true });
    expect((await anyone.get("/api/check-username/free_name")).body).toEqual({ exists: false });
    expect((await anyone.get("/api/check-username")).status).toBe(400);
  });

  it("stores the theme, refuses unknown themes, and needs a session", async () => {
    const frank = await registerUser(t, "frank");
    expect((await frank.get("/api/user/theme")).body).toEqual({ theme: "vibrant" });
    expect((await frank.post("/api/user/theme", { theme: "ocean" })).body).toEqual({ theme: "ocean" });
    expect((await frank.get("/api/user/theme")).body).toEqual({ theme: "ocean" });
    const bad = await frank.post("/api/user/theme", { theme: "pastel" });
    expect(bad.status).toBe(400);
    expect((await frank.get("/api/user/theme")).body).toEqual({ theme: "ocean" });
    const anonymous = await new Client(t).post("/api/user/theme", { theme: "ocean" });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: "Authentication required. Please log in again." });
  });

  it("renames a user with the settings rules", async () => {
    const gina = await registerUser(t, "gina");
    await registerUser(t, "henry");
    expect((await gina.patch("/api/update-username", { username: "gina" })).body).toMatchObject({
      message: "This is your current username",
    });
    const taken = await gina.patch("/api/update-username", { username: "HENRY" });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("This username is already taken");
    expect((await gina.patch("/api/update-username", { username: "gi" })).body.message).toBe("Username must be at least 3 characters");
    // Left out, it says the same as an empty one, not the parser's words.
    expect((await gina.patch("/api/update-username", {})).body.message).toBe("Username must be at least 3 characters");
    expect((await gina.patch("/api/update-username", { username: "g".repeat(49) })).status).toBe(400);
    const renamed = await gina.patch("/api/update-username", { username: `gina_${"x".repeat(30)}` });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: gina.user.id, username: `gina_${"x".repeat(30)}` });
    expect((await new Client(t).get("/api/check-username/gina")).body).toEqual({ exists: false });
    expect((await new Client(t).patch("/api/update-username", { username: "whoever" })).status).toBe(401);
  });

  it("changes the password, keeping only the current session", async () => {
    const ivan = await registerUser(t, "ivan");
    const otherDevice = new Client(t);
    await otherDevice.post("/api/login", { username: "ivan", password: TEST_PASSWORD });
    const mismatch = await ivan.patch("/api/change-password", {
      currentPassword: TEST_PASSWORD,
      newPassword: "newsecret",
      confirmPassword: "other1",
    });
    expect(mismatch).toMatchObject({ status: 400, body: { message: "Passwords don't match" } });
    const short = await ivan.patch("/api/change-password", {
      currentPassword: TEST_PASSWORD,
      newPassword: "abc",
      confirmPassword: "abc",
    });
    expect(short.body.message).toBe("Password must be at least 6 characters");
    const wrong = await ivan.patch("/api/change-password", {
      currentPassword: "not-it",
      newPassword: "newsecret",
      confirmPassword: "newsecret",
    });
    expect(wrong).toMatchObject({ status: 400, body: { message: "Current password is incorrect" } });
    // A field left out says which, as an empty one does.
    expect(await ivan.patch("/api/change-password", {})).toMatchObject({ status: 400, body: { message: "Current password is required" } });
    expect(await ivan.patch("/api/change-password", { currentPassword: TEST_PASSWORD, newPassword: "newsecret" })).toMatchObject({
      status: 400,
      body: { message: "Please confirm your new password" },
    });
    expect((await otherDevice.get("/api/user")).status).toBe(200);
    const ok = await ivan.patch("/api/change-password", {
      currentPassword: TEST_PASSWORD,
      newPassword: "newsecret",
      confirmPassword: "newsecret",
    });
    expect(ok).toMatchObject({ status: 200, body: { message: "Password changed" } });
    expect((await ivan.get("/api/user")).status).toBe(200);
    expect((await otherDevice.get("/api/user")).status).toBe(401);
    expect((await new Client(t).post("/api/login", { username: "ivan", password: TEST_PASSWORD })).status).toBe(401);
    expect((await new Client(t).post("/api/login", { username: "ivan", password: "newsecret" })).status).toBe(200);
  });

  it("answers the last list as null for a new user", async () => {
    const jane = await registerUser(t, "jane");
    expect((await jane.get("/api/user/last-list")).body).toEqual({ listId: null });
    expect((await new Client(t).get("/api/user/last-list")).status).toBe(401);
  });

  it("never answers an HTML error under /api", async () => {
    const res = await new Client(t).get("/api/no-such-thing");
    expect(res).toMatchObject({ status: 404, body: { message: "Not found" } });
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
  });
});
