import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRateLimiter } from "../../src/auth/rate-limit";
import { createApp } from "../../src/app";
import { Client, makeTestApp, registerUser, TEST_INVITE_CODE, TEST_PASSWORD, type TestApp } from "../helpers/test-app";

describe("same-origin guard on unsafe /api calls", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  it("refuses a foreign Origin and cross-site or same-site fetches with 403, changing nothing", async () => {
    const payload = { username: "mallory", password: TEST_PASSWORD, inviteCode: TEST_INVITE_CODE };
    const foreign = await new Client(t).post("/api/register", payload, { origin: "https://evil.example" });
    expect(foreign).toMatchObject({ status: 403, body: { message: "Cross-origin requests are not allowed" } });
    const crossSite = await new Client(t).post("/api/register", payload, { "sec-fetch-site": "cross-site" });
    expect(crossSite).toMatchObject({ status: 403, body: { message: "Cross-site requests are not allowed" } });
    const sameSite = await new Client(t).post("/api/register", payload, { "sec-fetch-site": "same-site" });
    expect(sameSite.status).toBe(403);
    expect(await t.store.users.findByUsername("mallory")).toBeUndefined();
  });

  it("accepts its own origin and clients that send neither header", async () => {
    const own = await new Client(t).post(
      "/api/register",
      { username: "olive", password: TEST_PASSWORD, inviteCode: TEST_INVITE_CODE },
      { origin: "http://localhost", "sec-fetch-site": "same-origin" },
    );
    expect(own.status).toBe(201);
    const plain = await new Client(t).post("/api/login", { username: "olive", password: TEST_PASSWORD });
    expect(plain.status).toBe(200);
  });

  it("refuses a cross-origin logout, so a foreign page cannot sign anyone out", async () => {
    const peter = await registerUser(t, "peter");
    expect((await peter.post("/api/logout", undefined, { origin: "https://evil.example" })).status).toBe(403);
    expect((await peter.get("/api/user")).status).toBe(200);
  });

  it("lets GET through from anywhere without changing state", async () => {
    const res = await new Client(t).get("/api/check-username?username=olive", { origin: "https://evil.example" });
    expect(res.status).toBe(400);
  });
});

describe("caching of /api answers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  // Reads a browser may keep answer `private, no-cache` instead: tests/api/delivery.test.ts.
  it("tells every cache to keep none of them: answers, refusals and errors alike", async () => {
    const owner = await registerUser(t, "cache");
    const list = await owner.post<{ id: number }>("/api/task-lists", { name: "Private" });
    const answers = [
      list,
      await owner.get("/api/task-lists/999999"),
      await owner.post("/api/task-lists", { name: "" }),
      await new Client(t).get("/api/user"),
      await owner.get("/api/no-such-call"),
    ];
    expect(answers.map((res) => res.status)).toEqual([201, 404, 400, 401, 404]);
    expect(answers.map((res) => res.headers.get("cache-control"))).toEqual(Array(answers.length).fill("no-store"));
  });
});

describe("rate limits on failed sign-ins", () => {
  let t: TestApp;
  let now = Date.now();
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    t = await makeTestApp();
    app = createApp({
      store: t.store,
      config: t.config,
      bus: t.bus,
      assets: t.assets,
      limiter: createRateLimiter(10, 15 * 60_000, () => now),
    });
  });
  afterAll(() => t.close());
  const client = () => new Client({ ...t, app });

  it("answers 429 with Retry-After after ten failed logins, and not for successes", async () => {
    await registerUser({ ...t, app }, "quinn");
    for (let i = 0; i < 5; i++)
      expect((await client().post("/api/login", { username: "quinn", password: TEST_PASSWORD })).status).toBe(200);
    for (let i = 0; i < 10; i++)
      expect((await client().post("/api/login", { username: "quinn", password: "wrong-pass" })).status).toBe(401);
    const limited = await client().post("/api/login", { username: "quinn", password: TEST_PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: "Too many failed attempts. Please try again later.", error: "RATE_LIMITED" });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(800);
    expect(limited.headers.get("set-cookie")).toBeNull();

    now += 15 * 60_000 + 1000;
    expect((await client().post("/api/login", { username: "quinn", password: TEST_PASSWORD })).status).toBe(200);
  });

  it("counts wrong current passwords on a password change, so a stolen session cannot guess the password", async () => {
    const victim = await registerUser({ ...t, app }, "victim");
    for (let i = 0; i < 10; i++) {
      const res = await victim.patch("/api/change-password", {
        currentPassword: `guess-${i}`,
        newPassword: "hijacked1",
        confirmPassword: "hijacked1",
      });
      expect(res.status).toBe(400);
    }
    const limited = await victim.patch("/api/change-password", {
      currentPassword: TEST_PASSWORD,
      newPassword: "hijacked1",
      confirmPassword: "hijacked1",
    });
    expect(limited.status).toBe(429);
    expect((await client().post("/api/login", { username: "victim", password: TEST_PASSWORD })).status).toBe(200);
  });

  it("counts wrong invite codes per IP and refuses the eleventh registration attempt", async () => {
    for (let i = 0; i < 10; i++) {
      const res = await client().post("/api/register", { username: `guess${i}`, password: TEST_PASSWORD, inviteCode: `nope${i}` });
      expect(res.status).toBe(403);
    }
    const limited = await client().post("/api/register", { username: "honest", password: TEST_PASSWORD, inviteCode: TEST_INVITE_CODE });
    expect(limited.status).toBe(429);
    expect(await t.store.users.findByUsername("honest")).toBeUndefined();
  });
});

describe("the rate limiter", () => {
  it("keys failures separately and forgets them after the window", async () => {
    let now = 0;
    const limiter = createRateLimiter(2, 1000, () => now);
    await limiter.recordFailure("a");
    await limiter.recordFailure("a");
    expect(await limiter.retryAfter("a")).toBe(1);
    expect(await limiter.retryAfter("b")).toBe(0);
    now = 1001;
    expect(await limiter.retryAfter("a")).toBe(0);
  });
});
