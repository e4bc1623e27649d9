/**
 * @module
 * GET /healthz (docs/architecture.md#operations) as a monitor sees it: 200 while the database (and Redis, when
 * configured) answer, 503 naming the part that does not within the timeout, 200 again once it is
 * back. The outages are network cuts behind a TCP proxy, as in tests/faults/.
 */
import { Database } from "bun:sqlite";
import { SQL } from "bun";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { loadAssets } from "../../src/assets";
import { readConfig } from "../../src/config";
import { HEALTH_TIMEOUT_MS } from "../../src/domain/health";
import { createMemoryBus } from "../../src/realtime/bus";
import { createStore } from "../../src/store";
import { migrate } from "../../src/store/migrate";
import { openPostgres } from "../../src/store/postgres";
import { describeEachDialect, isPostgresAvailable, isRedisAvailable, POSTGRES_ADMIN_URL } from "../helpers/databases";
import { startTcpProxy } from "../helpers/tcp-proxy";
import { makeTestApp } from "../helpers/test-app";

const REDIS_PORT = 6379;

type App = { request(path: string): Response | Promise<Response> };

async function health(app: App) {
  const started = performance.now();
  const response = await app.request("/healthz");
  return {
    status: response.status,
    body: await response.json(),
    cacheControl: response.headers.get("cache-control"),
    ms: performance.now() - started,
  };
}

/** Asks until the answer has `status` (a monitor polls the same way after an outage). */
async function until(app: App, status: number) {
  let last = await health(app);
  for (let tries = 0; last.status !== status && tries < 40; tries++) {
    await Bun.sleep(250);
    last = await health(app);
  }
  return last;
}

const postgresAvailable = await isPostgresAvailable();
const redisAvailable = await isRedisAvailable();
const cleanups: Array<() => unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describeEachDialect("/healthz", (dialect) => {
  it("answers 200 with the database ok, never cached, without a session", async () => {
    const t = await makeTestApp(dialect);
    cleanups.push(() => t.close());
    expect(await health(t.app)).toMatchObject({ status: 200, body: { status: "ok", db: "ok", redis: "off" }, cacheControl: "no-store" });
  });
});

describe("/healthz during outages", () => {
  it("answers 200 on SQLite while another process holds a long write lock", async () => {
    const t = await makeTestApp("sqlite");
    cleanups.push(() => t.close());
    const foreign = new Database(t.databaseUrl);
    foreign.exec("BEGIN IMMEDIATE");
    foreign.exec("INSERT INTO settings (key, value) VALUES ('held', 'lock')");
    try {
      const answer = await health(t.app);
      expect(answer).toMatchObject({ status: 200, body: { status: "ok", db: "ok" } });
      expect(answer.ms).toBeLessThan(HEALTH_TIMEOUT_MS);
    } finally {
      foreign.exec("ROLLBACK");
      foreign.close();
    }
  });

  it.runIf(postgresAvailable)("answers 503 naming the database while PostgreSQL is cut off, and 200 once it is back", async () => {
    const name = `listwell_health_${process.pid}_${crypto.randomUUID().slice(0, 8)}`;
    const admin = new SQL(POSTGRES_ADMIN_URL, { max: 1 });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const proxy = startTcpProxy("127.0.0.1", Number(new URL(POSTGRES_ADMIN_URL).port || 5432));
    const url = new URL(POSTGRES_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`));
    url.host = proxy.address;
    const db = openPostgres(url.toString());
    cleanups.push(async () => {
      proxy.close();
      await db.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    });
    await migrate(db);
    const config = { ...readConfig({}), sessionSecure: false as const };
    const app = createApp({ store: createStore(db), config, bus: createMemoryBus(), assets: await loadAssets() });

    expect(await health(app)).toMatchObject({ status: 200, body: { status: "ok", db: "ok" } });
    proxy.cut();
    const during = await health(app);
    expect(during).toMatchObject({ status: 503, body: { status: "down", db: "down" }, cacheControl: "no-store" });
    // Answered within the timeout (and a little scheduling), not after the pool's own 3 s.
    expect(during.ms).toBeLessThan(HEALTH_TIMEOUT_MS + 1_000);
    proxy.restore();
    expect(await until(app, 200)).toMatchObject({ status: 200, body: { status: "ok", db: "ok" } });
  });

  it.runIf(redisAvailable)("answers 503 naming Redis while it is cut off, and 200 once it is back", async () => {
    const proxy = startTcpProxy("127.0.0.1", REDIS_PORT);
    const t = await makeTestApp("sqlite", { redisUrl: `redis://${proxy.address}` });
    cleanups.push(() => t.close());
    cleanups.push(() => proxy.close());

    expect(await health(t.app)).toMatchObject({ status: 200, body: { status: "ok", db: "ok", redis: "ok" } });
    proxy.cut();
    const during = await health(t.app);
    expect(during).toMatchObject({ status: 503, body: { status: "down", db: "ok", redis: "down" } });
    expect(during.ms).toBeLessThan(HEALTH_TIMEOUT_MS + 1_000);
    proxy.restore();
    expect(await until(t.app, 200)).toMatchObject({ status: 200, body: { status: "ok", db: "ok", redis: "ok" } });
  });
});
