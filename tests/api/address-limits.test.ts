import { RedisClient } from "bun";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { DEVICE_COOKIE } from "../../src/auth/device-cookie";
import { createRateLimiter, createRedisRateLimiter, type RateLimiter } from "../../src/auth/rate-limit";
import { createLogger } from "../../src/logger";
import { createMemoryBus } from "../../src/realtime/bus";
import { startServer, type RunningServer } from "../../src/serve";
import type { TaskList } from "../../src/shared/types";
import { describeEachDialect, isRedisAvailable, TEST_REDIS_URL } from "../helpers/databases";
import { TestSocket } from "../helpers/live";
import { makeTestApp, registerUser, TEST_PASSWORD, type TestApp } from "../helpers/test-app";

/**
 * With `TRUST_PROXY=<hops>` the client's address is read from X-Forwarded-For, so
 * behind a proxy one address's failures lock out that address alone; a browser's device cookie for
 * its own username lifts the address's login limit; one address holds at most 50 long-poll clients
 * and 100 websockets.
 */
const PROXY = "10.0.0.1";
/** Failures before a key is locked: fewer than the product's ten, so each test signs in fewer times. */
const LIMIT = 3;
type App = ReturnType<typeof createApp>;

/** A login as it reaches the app from the proxy at PROXY, which forwards `forwarded`. */
async function login(app: App, forwarded: string, username: string, password: string, cookie?: string) {
  const response = await app.request(
    "/api/login",
    {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": forwarded, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ username, password }),
    },
    { requestIP: () => ({ address: PROXY }) },
  );
  const device = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .find((pair) => pair.startsWith(`${DEVICE_COOKIE}=`));
  return { status: response.status, device };
}

/** Wrong passwords for names nobody has, from `forwarded`, until one is refused: how many were tried. */
async function failuresUntilLocked(app: App, forwarded: string) {
  for (let tried = 0; tried <= LIMIT; tried++) {
    if ((await login(app, forwarded, `nobody${tried}`, "wrong-pass")).status === 429) return tried;
  }
  return Number.POSITIVE_INFINITY;
}

const redisReachable = await isRedisAvailable();

describeEachDialect("client addresses and their limits", (dialect) => {
  let t: TestApp;
  const servers: RunningServer[] = [];
  const appWith = (trustProxy: number, limiter: RateLimiter = createRateLimiter(LIMIT)) =>
    createApp({ store: t.store, config: { ...t.config, trustProxy }, bus: t.bus, assets: t.assets, limiter });
  /** A real server trusting one proxy hop: every call comes from 127.0.0.1, X-Forwarded-For tells who. */
  const serve = () => {
    const running = startServer(
      { store: t.store, config: { ...t.config, trustProxy: 1 }, bus: createMemoryBus(), assets: t.assets },
      { port: 0, hostname: "127.0.0.1" },
    );
    servers.push(running);
    return running;
  };

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    await registerUser(t, "colleague");
    await registerUser(t, "owner");
  });
  afterAll(async () => {
    for (const running of servers) await running.stop();
    await t.close();
  });

  it("behind a proxy with TRUST_PROXY=1, a stranger's failures lock their own address, not a colleague's", async () => {
    const trusting = appWith(1);
    expect(await failuresUntilLocked(trusting, "203.0.113.5")).toBe(LIMIT);
    // The stranger writing a colleague's address first changes nothing: the proxy appended theirs.
    expect((await login(trusting, "198.51.100.8, 203.0.113.5", "colleague", TEST_PASSWORD)).status).toBe(429);
    expect((await login(trusting, "198.51.100.8", "colleague", TEST_PASSWORD)).status).toBe(200);

    // The control: without TRUST_PROXY the header is never read, and the proxy's address is locked for all.
    const untrusting = appWith(0);
    expect(await failuresUntilLocked(untrusting, "203.0.113.5")).toBe(LIMIT);
    expect((await login(untrusting, "198.51.100.8", "colleague", TEST_PASSWORD)).status).toBe(429);

    // With two hops trusted, one entry cannot have passed both proxies: those tries count at PROXY,
    // while a header that did pass both names the colleague.
    const twoHops = appWith(2);
    for (let i = 0; i < LIMIT; i++) expect((await login(twoHops, `192.0.2.${i}`, `nobody${i}`, "wrong-pass")).status).toBe(401);
    expect((await login(twoHops, "192.0.2.99", "colleague", TEST_PASSWORD)).status).toBe(429);
    expect((await login(twoHops, "198.51.100.8, 192.0.2.99", "colleague", TEST_PASSWORD)).status).toBe(200);
  });

  it("lets a browser with its device cookie sign in at a locked address, for its own username only (Redis counting)", async (context) => {
    if (!redisReachable) return context.skip();
    const prefix = `listwell-test-${crypto.randomUUID()}:`;
    const limiter = createRedisRateLimiter(TEST_REDIS_URL, { logger: createLogger("silent"), prefix, maxFailures: LIMIT });
    const redis = new RedisClient(TEST_REDIS_URL);
    try {
      const app = appWith(0, limiter);
      const browser = (await login(app, "", "owner", TEST_PASSWORD)).device!;
      expect(browser).toBeDefined();
      // The owner's own mistakes count under her browser, never at the address she shares...
      const addressCount = () => redis.send("ZCARD", [`${prefix}login-ip:${PROXY}`]).then(Number);
      expect((await login(app, "", "owner", "mistyped", browser)).status).toBe(401);
      expect(await addressCount()).toBe(0);
      // ...while a stranger's failure there is counted (the control).
      expect((await login(app, "", "colleague", "wrong-pass")).status).toBe(401);
      expect(await addressCount()).toBe(1);

      expect(await failuresUntilLocked(app, "")).toBe(LIMIT - 1);
      expect((await login(app, "", "owner", TEST_PASSWORD)).status).toBe(429);
      expect((await login(app, "", "owner", TEST_PASSWORD, browser)).status).toBe(200);
      // Her cookie names her: for another account it is a stranger's, and the address stays locked.
      expect((await login(app, "", "colleague", TEST_PASSWORD, browser)).status).toBe(429);
    } finally {
      limiter.close();
      redis.close();
    }
  });

  it("holds 100 websockets per address, then answers the next upgrade 429 with Retry-After", async () => {
    const running = serve();
    const wsUrl = `${running.url.replace("http", "ws")}/ws`;
    const crowd = await Promise.all(Array.from({ length: 100 }, () => TestSocket.open(wsUrl, { "x-forwarded-for": "203.0.113.20" })));
    const upgrade = (forwarded: string) =>
      fetch(`${running.url}/ws`, {
        headers: {
          "x-forwarded-for": forwarded,
          connection: "Upgrade",
          upgrade: "websocket",
          "sec-websocket-version": "13",
          "sec-websocket-key": btoa("0123456789abcdef"),
        },
      });
    const refused = await upgrade("203.0.113.20");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      message: "Too many live connections from this address. Please try again later.",
      error: "SOCKET_LIMIT",
    });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Another address still connects, and a socket closed gives its place back.
    const other = await TestSocket.open(wsUrl, { "x-forwarded-for": "198.51.100.20" });
    crowd[0]!.close();
    await expect.poll(() => running.server.pendingWebSockets, { timeout: 3_000 }).toBe(100);
    const again = await TestSocket.open(wsUrl, { "x-forwarded-for": "203.0.113.20" });
    for (const socket of [...crowd, other, again]) socket.close();
  });

  it("holds 50 long-poll clients per address, following a list or not, then answers 429", async () => {
    const running = serve();
    const owner = await registerUser(t, "pollster");
    const list = (await owner.post<TaskList>("/api/task-lists", { name: "Polled" })).body;
    const post = (path: string, body: unknown, forwarded: string) =>
      fetch(`${running.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": forwarded },
        body: JSON.stringify(body),
      });
    const link = `?shareId=${list.shareId}`;
    for (let i = 0; i < 50; i++) {
      const connected = await post(`/api/poll/connect${link}`, {}, "203.0.113.30");
      expect(connected.status).toBe(200);
      const { clientId } = (await connected.json()) as { clientId: string };
      expect((await post(`/api/poll/subscribe${link}`, { clientId, shareId: list.shareId }, "203.0.113.30")).status).toBe(200);
    }
    const refused = await post(`/api/poll/connect${link}`, {}, "203.0.113.30");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      message: "Too many live-update connections from this address. Please try again shortly.",
      error: "POLL_CLIENT_LIMIT",
    });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await post(`/api/poll/connect${link}`, {}, "198.51.100.30")).status).toBe(200);
  });

  it("answers poll/subscribe with the newest event of that list, not of the whole instance", async () => {
    const owner = await registerUser(t, "floors");
    const followed = (await owner.post<TaskList>("/api/task-lists", { name: "Followed" })).body;
    await owner.post("/api/tasks", { title: "Milk", listId: followed.id });
    const busy = (await owner.post<TaskList>("/api/task-lists", { name: "Busy" })).body;
    await owner.post("/api/tasks", { title: "Eggs", listId: busy.id });
    const ownNewest = await t.store.events.latestIdOf(followed.id);
    // The control: a later event elsewhere, which the old answer would have given.
    expect(await t.store.events.latestId()).toBeGreaterThan(ownNewest);

    const { clientId } = (await owner.post<{ clientId: string }>("/api/poll/connect", {})).body;
    const subscribed = await owner.post("/api/poll/subscribe", { clientId, listId: followed.id });
    expect(subscribed).toMatchObject({ status: 200, body: { subscribed: true, listId: followed.id, eventId: ownNewest } });
  });
});
