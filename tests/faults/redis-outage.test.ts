import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadAssets } from "../../src/assets";
import { readConfig } from "../../src/config";
import { ensureInviteCode } from "../../src/domain/invites";
import { createRealtime } from "../../src/realtime";
import type { EventBus } from "../../src/domain/bus";
import { createRedisBus } from "../../src/realtime/redis-bus";
import { startServer, type RunningServer } from "../../src/serve";
import type { LiveMessage } from "../../src/shared/realtime";
import type { TaskList } from "../../src/shared/types";
import { createStore } from "../../src/store";
import { migrate } from "../../src/store/migrate";
import { openPostgres } from "../../src/store/postgres";
import { freshDatabase, isPostgresAvailable, isRedisAvailable } from "../helpers/databases";
import { TestSocket } from "../helpers/live";
import { startTcpProxy, type TcpProxy } from "../helpers/tcp-proxy";
import { TEST_INVITE_CODE, TEST_PASSWORD } from "../helpers/test-app";

const REDIS_HOST = "127.0.0.1";
const REDIS_PORT = 6379;
/** A 5 s cut in every run, 30 s when LISTWELL_FAULTS=long. */
const CUT_MS = process.env.LISTWELL_FAULTS === "long" ? 30_000 : 5_000;

const available = (await isPostgresAvailable()) && (await isRedisAvailable());

/**
 * Redis cut off for a while behind a TCP proxy, two instances on one
 * PostgreSQL database. Writes made meanwhile are answered while Redis is still away (they never
 * wait for the bus); once it is back, every websocket client on both instances gets the events or
 * a `resync` for the list, and live updates carry on across instances.
 */
describe.skipIf(!available)(`Redis cut for ${CUT_MS / 1000} s under two instances`, () => {
  let proxy: TcpProxy;
  let dropDatabase: () => Promise<void>;
  const instances: Array<{ running: RunningServer; bus: EventBus; close: () => Promise<void> }> = [];
  const sockets: TestSocket[] = [];
  let cookie = "";
  let bob: { id: number; cookie: string };

  beforeAll(async () => {
    const { db, url, drop } = await freshDatabase("postgres");
    dropDatabase = drop;
    await migrate(db);
    await ensureInviteCode(createStore(db), TEST_INVITE_CODE);
    proxy = startTcpProxy(REDIS_HOST, REDIS_PORT);
    const prefix = `listwell-outage-${crypto.randomUUID()}:`;
    const assets = await loadAssets();
    const config = { ...readConfig({}), sessionSecure: false as const };
    for (const own of [db, openPostgres(url)]) {
      const store = createStore(own);
      const bus = createRedisBus(`redis://${proxy.address}`, { prefix });
      const realtime = createRealtime({ store, bus });
      const running = startServer({ store, config, bus, assets, realtime }, { port: 0, hostname: "127.0.0.1" });
      const close = async () => {
        await running.stop();
        await bus.close();
        if (own !== db) await own.close();
      };
      instances.push({ running, bus, close });
    }
    const registered = await fetch(`${instances[0]!.running.url}/api/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "outage", password: TEST_PASSWORD, inviteCode: TEST_INVITE_CODE }),
    });
    cookie = registered.headers.get("set-cookie")!.split(";")[0]!;
    const second = await fetch(`${instances[1]!.running.url}/api/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "bob", password: TEST_PASSWORD, inviteCode: TEST_INVITE_CODE }),
    });
    bob = { id: ((await second.json()) as { id: number }).id, cookie: second.headers.get("set-cookie")!.split(";")[0]! };
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    proxy?.restore();
    for (const instance of instances) await instance.close();
    proxy?.close();
    await dropDatabase?.();
  });

  async function call<T>(index: number, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = { cookie, ...(body !== undefined ? { "content-type": "application/json" } : {}) };
    const response = await fetch(`${instances[index]!.running.url}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as T };
  }
  const titleOf = (message: LiveMessage) => (message.payload as { title?: string } | undefined)?.title;

  it(
    "answers writes while Redis is away, then brings every client up to date and carries on",
    async () => {
      const list = (await call<TaskList>(0, "POST", "/api/task-lists", { name: "Through the outage" })).body;
      for (const index of [0, 1]) {
        const socket = await TestSocket.open(`${instances[index]!.running.url.replace("http", "ws")}/ws`, { cookie });
        sockets.push(socket);
        expect(await socket.connect({ listId: list.id })).toMatchObject({ type: "connect", listId: list.id });
      }
      // Bob follows the list on B until he is unshared through A during the outage.
      expect(
        (await call(0, "POST", "/api/share-by-username", { listId: list.id, username: "bob", accessLevel: "write" })).status,
      ).toBeLessThan(300);
      const bobSocket = await TestSocket.open(`${instances[1]!.running.url.replace("http", "ws")}/ws`, { cookie: bob.cookie });
      expect(await bobSocket.connect({ listId: list.id })).toMatchObject({ type: "connect", listId: list.id });
      // Live across instances before the fault, so what follows is the fault's doing.
      await call(0, "POST", "/api/tasks", { title: "Before", listId: list.id });
      for (const socket of [...sockets, bobSocket]) await socket.next((m) => m.type === "task_created" && titleOf(m) === "Before");
      const marks = sockets.map((socket) => socket.messages.length);

      proxy.cut();
      let restored = false;
      const restoring = Bun.sleep(CUT_MS).then(() => {
        proxy.restore();
        restored = true;
      });
      await Bun.sleep(200);
      const during = ["During on A", "During on B", "Also on A"];
      const answers = await Promise.all(
        during.map((title, i) => call<{ id: number }>(i === 1 ? 1 : 0, "POST", "/api/tasks", { title, listId: list.id })),
      );
      const toggled = await call(1, "POST", `/api/tasks/${answers[0]!.body.id}/toggle`);
      const unshared = await call(0, "DELETE", `/api/unshare/${list.id}/${bob.id}`);
      // Every write was answered, and answered while Redis was still cut off.
      expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
      expect(toggled.status).toBe(200);
      expect(unshared.status).toBeLessThan(300);
      expect(restored).toBe(false);
      await restoring;

      // Each client, on either instance, gets the missed events or is told to refetch the list.
      for (const [i, socket] of sockets.entries()) {
        await socket.next(() => {
          const since = socket.messages.slice(marks[i]);
          const resynced = since.some((m) => m.type === "resync" && m.listId === list.id);
          const titles = new Set(since.filter((m) => m.type === "task_created").map(titleOf));
          return resynced || during.every((title) => titles.has(title));
        }, 15_000);
      }
      // The writes are all there to refetch.
      const stored = await call<Array<{ title: string }>>(1, "GET", `/api/tasks?listId=${list.id}`);
      expect(stored.body.map((task) => task.title).sort()).toEqual(["Before", ...during].sort());

      // Live updates resume across instances.
      await call(1, "POST", "/api/tasks", { title: "After", listId: list.id });
      for (const socket of sockets)
        expect(await socket.next((m) => m.type === "task_created" && titleOf(m) === "After", 5_000)).toBeTruthy();
      // The unshare made during the outage was not lost with it: Bob was told, and sees no more.
      await bobSocket.next((m) => m.type === "access_revoked" && m.listId === list.id, 5_000);
      expect(bobSocket.messages.filter((m) => m.type === "task_created").map(titleOf)).not.toContain("After");
      bobSocket.close();
    },
    CUT_MS + 40_000,
  );
});
