import { RedisClient } from "bun";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { DEVICE_COOKIE } from "../../src/auth/device-cookie";
import { createRateLimiter, createRedisRateLimiter, type RateLimiter } from "../../src/auth/rate-limit";
import type { Logger } from "../../src/logger";
import { describeEachDialect } from "../helpers/databases";
import { startTcpProxy } from "../helpers/tcp-proxy";
import { makeTestApp, registerUser, TEST_PASSWORD, type TestApp } from "../helpers/test-app";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const redisAddress = new URL(REDIS_URL);

type App = ReturnType<typeof createApp>;

/** A login as a browser at `ip` sends it, with its device cookie if it has one. */
async function login(app: App, ip: string, username: string, password: string, deviceCookie?: string) {
  const response = await app.request(
    "/api/login",
    {
      method: "POST",
      headers: { "content-type": "application/json", ...(deviceCookie ? { cookie: deviceCookie } : {}) },
      body: JSON.stringify({ username, password }),
    },
    { requestIP: () => ({ address: ip }) },
  );
  const device = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .find((pair) => pair.startsWith(`${DEVICE_COOKIE}=`));
  return { status: response.status, device, retryAfter: response.headers.get("retry-after") };
}

const statuses = async (attempts: Array<() => Promise<{ status: number }>>) => {
  const seen: number[] = [];
  for (const attempt of attempts) seen.push((await attempt()).status);
  return seen;
};

/** 15 wrong passwords for `username`, five from each of three addresses. */
const strangerTries = (app: App, username: string) =>
  statuses(Array.from({ length: 15 }, (_, i) => () => login(app, `203.0.113.${i % 3}`, username, `guess-${i}`)));

const silentLogger = (): Logger & { warnings: string[] } => {
  const warnings: string[] = [];
  return { warnings, debug() {}, info() {}, error() {}, warn: (...parts) => void warnings.push(parts.join(" ")) };
};

const appWith = (t: TestApp, limiter: RateLimiter): App =>
  createApp({ store: t.store, config: t.config, bus: t.bus, assets: t.assets, limiter });

let redisReachable = false;
beforeAll(async () => {
  const probe = new RedisClient(REDIS_URL, { connectionTimeout: 2000 });
  try {
    redisReachable = (await probe.send("PING", [])) === "PONG";
  } catch {
    if (process.env.CI) throw new Error(`CI needs Redis at ${REDIS_URL}`);
  } finally {
    probe.close();
  }
});

describeEachDialect("login limits and device cookies", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  it("gives a browser that signs in a long-lived, HttpOnly, SameSite=Lax device cookie, Secure over https, kept through logout", async () => {
    const app = createApp({
      store: t.store,
      config: { ...t.config, sessionSecure: "auto" },
      bus: t.bus,
      assets: t.assets,
      limiter: createRateLimiter(),
    });
    await registerUser({ ...t, app }, "gia");
    const cookieOf = async (headers: Record<string, string>) => {
      const init = {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ username: "gia", password: TEST_PASSWORD }),
      };
      const response = await app.request("/api/login", init);
      expect(response.status).toBe(200);
      return response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`))!;
    };
    const plain = await cookieOf({});
    expect(plain).toMatch(/; Max-Age=31536000; Path=\/api\/login; HttpOnly; SameSite=Lax$/);
    expect(plain).not.toContain("Secure");
    expect(await cookieOf({ "x-forwarded-proto": "https" })).toContain("; Secure");
    // The token names the user and is signed: base64url("gia").nonce.signature.
    expect(decodeURIComponent(plain.split(";")[0]!)).toMatch(new RegExp(`^${DEVICE_COOKIE}=Z2lh\\.[a-z2-7]{26}\\.[A-Za-z0-9_-]{43}$`));

    const logout = await app.request("/api/logout", { method: "POST", headers: { cookie: plain.split(";")[0]! } });
    expect(logout.status).toBe(200);
    expect(logout.headers.getSetCookie().some((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`))).toBe(false);
  });

  it("lets alice in from her own browser while a stranger's tries lock her name for everyone else", async () => {
    const app = appWith(t, createRateLimiter());
    await registerUser({ ...t, app }, "alice");
    const home = await login(app, "198.51.100.7", "alice", TEST_PASSWORD);
    expect(home.status).toBe(200);
    expect(home.device).toBeDefined();

    expect(await strangerTries(app, "ALICE")).toEqual([...Array(10).fill(401), ...Array(5).fill(429)]);
    // A browser that never signed in as alice is refused, whatever its password.
    const newBrowser = await login(app, "198.51.100.7", "alice", TEST_PASSWORD);
    expect(newBrowser).toMatchObject({ status: 429, device: undefined });
    expect(Number(newBrowser.retryAfter)).toBeGreaterThan(800);
    const forged = `${home.device!.slice(0, -4)}AAAA`;
    expect((await login(app, "198.51.100.7", "alice", TEST_PASSWORD, forged)).status).toBe(429);

    const own = await login(app, "198.51.100.7", "alice", TEST_PASSWORD, home.device);
    expect(own.status).toBe(200);
    expect(own.device).toBeDefined();
    expect((await login(app, "203.0.113.9", "alice", "another-guess")).status).toBe(429);
  });

  it("still limits the stranger's own address; a device cookie lifts that limit for its own username only", async () => {
    const app = appWith(t, createRateLimiter());
    await registerUser({ ...t, app }, "bea");
    await registerUser({ ...t, app }, "bob");
    const beasBrowser = (await login(app, "192.0.2.50", "bea", TEST_PASSWORD)).device;
    const tries = Array.from({ length: 11 }, (_, i) => () => login(app, "192.0.2.66", `nobody${i}`, "wrong-pass"));
    expect(await statuses(tries)).toEqual([...Array(10).fill(401), 429]);
    // Bea's own browser at that address (an office, a proxy) still signs her in (docs/product-rules.md#accounts)...
    expect((await login(app, "192.0.2.66", "bea", TEST_PASSWORD, beasBrowser)).status).toBe(200);
    // ...but it is nobody's key to another account, nor is the address open without it.
    expect((await login(app, "192.0.2.66", "bob", TEST_PASSWORD, beasBrowser)).status).toBe(429);
    expect((await login(app, "192.0.2.66", "bea", TEST_PASSWORD)).status).toBe(429);
  });

  it("counts wrong passwords sent all at once as it counts them one by one: ten, then 429", async () => {
    const app = appWith(t, createRateLimiter());
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(app, "192.0.2.77", `burst${i}`, "wrong-pass")));
    const counts = answers.reduce<Record<number, number>>((sum, answer) => {
      sum[answer.status] = (sum[answer.status] ?? 0) + 1;
      return sum;
    }, {});
    expect(counts).toEqual({ 401: 10, 429: 20 });
  });

  it("limits a device cookie that fails too often: a copied cookie buys ten guesses, not more", async () => {
    const app = appWith(t, createRateLimiter());
    await registerUser({ ...t, app }, "cleo");
    const cleosBrowser = (await login(app, "192.0.2.80", "cleo", TEST_PASSWORD)).device;
    expect(await strangerTries(app, "cleo")).toEqual([...Array(10).fill(401), ...Array(5).fill(429)]);
    const thief = Array.from({ length: 11 }, (_, i) => () => login(app, `192.0.2.${100 + i}`, "cleo", `stolen-${i}`, cleosBrowser));
    expect(await statuses(thief)).toEqual([...Array(10).fill(401), 429]);
  });

  it("keeps the signing secret in the database, so another instance on it trusts the cookie", async () => {
    const first = appWith(t, createRateLimiter());
    const second = appWith(t, createRateLimiter());
    await registerUser({ ...t, app: first }, "dora");
    const dorasBrowser = (await login(first, "192.0.2.20", "dora", TEST_PASSWORD)).device;
    expect(await strangerTries(second, "dora")).toEqual([...Array(10).fill(401), ...Array(5).fill(429)]);
    expect((await login(second, "192.0.2.20", "dora", TEST_PASSWORD)).status).toBe(429);
    expect((await login(second, "192.0.2.20", "dora", TEST_PASSWORD, dorasBrowser)).status).toBe(200);
    const secret = await t.store.settings.get("device_cookie_secret");
    expect(secret).toMatch(/^[a-z2-7]{52}$/);
  });

  it("counts failures in Redis, so two instances sharing it count them together", async (context) => {
    if (!redisReachable) return context.skip();
    const prefix = `listwell-test-${crypto.randomUUID()}:`;
    const limiters = [0, 1].map(() => createRedisRateLimiter(REDIS_URL, { logger: silentLogger(), prefix }));
    try {
      const [first, second] = limiters.map((limiter) => appWith(t, limiter)) as [App, App];
      await registerUser({ ...t, app: first }, "erin");
      const tries = Array.from({ length: 11 }, (_, i) => () => login(i % 2 ? second : first, `203.0.113.${20 + i}`, "erin", `guess-${i}`));
      expect(await statuses(tries)).toEqual([...Array(10).fill(401), 429]);

      // The control: the same tries against two instances counting alone pass through both.
      const apart = [createRateLimiter(), createRateLimiter()].map((limiter) => appWith(t, limiter)) as [App, App];
      const apartTries = Array.from({ length: 11 }, (_, i) => () => login(apart[i % 2]!, `203.0.113.${40 + i}`, "erin", `guess-${i}`));
      expect(await statuses(apartTries)).toEqual(Array(11).fill(401));
    } finally {
      for (const limiter of limiters) limiter.close();
    }
  });

  it("counts in memory when Redis is cut off, says so in the log, and counts in Redis again once it is back", async (context) => {
    if (!redisReachable) return context.skip();
    const proxy = startTcpProxy(redisAddress.hostname, Number(redisAddress.port || 6379));
    const logger = silentLogger();
    const prefix = `listwell-test-${crypto.randomUUID()}:`;
    const limiter = createRedisRateLimiter(`redis://${proxy.address}`, { logger, prefix });
    const direct = new RedisClient(REDIS_URL);
    try {
      const app = appWith(t, limiter);
      await registerUser({ ...t, app }, "fay");
      expect((await login(app, "198.51.100.30", "fay", "wrong-pass")).status).toBe(401);
      expect(Number(await direct.send("ZCARD", [`${prefix}login-user:fay`]))).toBe(1);

      proxy.cut();
      const tries = Array.from({ length: 10 }, (_, i) => () => login(app, `198.51.100.${31 + i}`, "fay", `guess-${i}`));
      expect(await statuses(tries)).toEqual([...Array(9).fill(401), 429]);
      expect(logger.warnings.some((line) => line.includes("Redis unreachable"))).toBe(true);
      expect(Number(await direct.send("ZCARD", [`${prefix}login-user:fay`]))).toBe(1);

      proxy.restore();
      // Each probe is a new name from a new address, so no limit in memory stops it first.
      let probe = 0;
      await expect
        .poll(
          async () => {
            probe += 1;
            await login(app, `10.0.${probe}.1`, `probe${probe}`, "wrong-pass");
            return Number(await direct.send("ZCARD", [`${prefix}login-user:probe${probe}`]));
          },
          { timeout: 15_000, interval: 200 },
        )
        .toBe(1);
    } finally {
      limiter.close();
      direct.close();
      proxy.close();
    }
  });
});
