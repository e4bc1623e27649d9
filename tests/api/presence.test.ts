import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRealtime } from "../../src/realtime";
import { createRedisBus } from "../../src/realtime/redis-bus";
import { startServer, type RunningServer } from "../../src/serve";
import type { PresencePayload } from "../../src/shared/live-messages";
import type { LiveMessage, PollResponse } from "../../src/shared/realtime";
import type { TaskList } from "../../src/shared/types";
import { createStore } from "../../src/store";
import { openPostgres } from "../../src/store/postgres";
import { describeEachDialect, isPostgresAvailable, isRedisAvailable, TEST_REDIS_URL } from "../helpers/databases";
import { type Instance, startTwoInstances } from "../helpers/instances";
import { jsonCall, TestSocket } from "../helpers/live";
import { makeTestApp, TEST_INVITE_CODE, TEST_PASSWORD, type TestApp } from "../helpers/test-app";

/**
 * Presence (docs/decisions/024-attribution-and-presence.md): who has a list open, told live to those who follow it, on both transports
 * and across instances; a silent long-poll client leaves after the TTL (short here: 1.5 s).
 */
const TTL_MS = 1_500;
const REDIS_URL = TEST_REDIS_URL;

const presenceOf = (message: LiveMessage) => message.payload as PresencePayload;
const names = (payload: PresencePayload) => payload.people.map((person) => person.username);
/** The next presence message on the socket (after `from`) that satisfies `check`. */
const presenceWhere = (socket: TestSocket, check: (payload: PresencePayload) => boolean, from = 0, timeoutMs = 4_000) =>
  socket.next((m) => m.type === "presence" && check(presenceOf(m)), timeoutMs, from);

/** Follows a list as the browser does, asking for its presence; answers the server's reply. */
function follow(socket: TestSocket, target: { listId?: number; shareId?: string }): Promise<LiveMessage> {
  const messageId = crypto.randomUUID();
  socket.send({ type: "connect", ...target, presence: true, timestamp: Date.now(), messageId });
  return socket.next((m) => m.messageId === messageId);
}

/** One server over a URL's API: register, sign-in cookie, calls with or without it. */
function apiOf(url: string) {
  const call = <T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    jsonCall<T>(url, method, path, body, headers);
  async function register(username: string) {
    const response = await fetch(`${url}/api/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username, password: TEST_PASSWORD, inviteCode: TEST_INVITE_CODE }),
    });
    const cookie = response.headers.get("set-cookie")!.split(";")[0]!;
    const { id } = (await response.json()) as { id: number };
    return { id, cookie };
  }
  return { call, register, ws: `${url.replace("http", "ws")}/ws` };
}

const twoInstances = (await isPostgresAvailable()) && (await isRedisAvailable());

/**
 * Its tests mostly wait out the TTL and share nothing but their servers (each its own people and
 * lists): they wait together, so the file holds a worker for its longest test, not for their sum.
 */
describe.concurrent("presence", () => {
  describeEachDialect("presence on one instance", (dialect) => {
    let t: TestApp;
    let running: RunningServer;
    const sockets: TestSocket[] = [];
    const open = async (url: string, headers: Record<string, string> = {}) => {
      const socket = await TestSocket.open(url, headers);
      sockets.push(socket);
      return socket;
    };
    beforeAll(async () => {
      t = await makeTestApp(dialect);
      const realtime = createRealtime({ store: t.store, bus: t.bus, poll: { waitMs: 500 }, presence: { ttlMs: TTL_MS } });
      running = startServer(
        { store: t.store, config: t.config, bus: t.bus, assets: t.assets, realtime },
        { port: 0, hostname: "127.0.0.1" },
      );
    });
    afterAll(async () => {
      for (const socket of sockets) socket.close();
      await running.stop();
      await t.close();
    });

    it("shows accounts and named guests by name and counts other guests, over websocket and long-poll, to followers only", async () => {
      const api = apiOf(running.url);
      const alex = await api.register("alex");
      const eve = await api.register("eve");
      const list = (await api.call<TaskList>("POST", "/api/task-lists", { name: "Shopping" }, { cookie: alex.cookie })).body;
      const evesList = (await api.call<TaskList>("POST", "/api/task-lists", { name: "Eve's" }, { cookie: eve.cookie })).body;

      const owner = await open(api.ws, { cookie: alex.cookie });
      await follow(owner, { listId: list.id });
      expect(presenceOf(await owner.nextOfType("presence"))).toEqual({ people: [{ userId: alex.id, username: "alex" }], guests: 0 });

      // A stranger is refused the list and hears nothing of it; the same socket does hear its own
      // list's presence (the positive control: it would have seen a presence message).
      const stranger = await open(api.ws, { cookie: eve.cookie });
      expect(await follow(stranger, { listId: list.id })).toMatchObject({ type: "error", message: "List not found" });
      await follow(stranger, { listId: evesList.id });
      expect(await stranger.nextOfType("presence")).toMatchObject({ listId: evesList.id, payload: { people: [{ username: "eve" }] } });

      const sam = await open(api.ws, { cookie: `listwell_guest=${encodeURIComponent("Sam")}` });
      await follow(sam, { shareId: list.shareId });
      const withSam = await presenceWhere(owner, (p) => names(p).includes("Sam (guest)"));
      expect(presenceOf(withSam)).toEqual({
        people: [
          { userId: alex.id, username: "alex" },
          { userId: null, username: "Sam (guest)" },
        ],
        guests: 0,
      });
      expect(presenceOf(await sam.nextOfType("presence"))).toMatchObject({ guests: 0 });

      // An unnamed guest polling through the link is counted; a name that is an account's is not taken.
      const pollHeaders = { "X-Guest-Name": "ALEX" };
      const { clientId } = (await api.call<{ clientId: string }>("POST", `/api/poll/connect?shareId=${list.shareId}`, {}, pollHeaders))
        .body;
      await api.call("POST", `/api/poll/subscribe?shareId=${list.shareId}`, { clientId, shareId: list.shareId, presence: true });
      const withPoller = await presenceWhere(owner, (p) => p.guests === 1);
      expect(names(presenceOf(withPoller))).toEqual(["alex", "Sam (guest)"]);
      const polled = await api.call<PollResponse>("GET", `/api/poll/${clientId}?shareId=${list.shareId}`);
      expect(polled.body.events.filter((m) => m.type === "presence").at(-1)?.payload).toEqual(presenceOf(withPoller));

      // Sam closes the tab: gone at once. The poller stops polling: gone after the TTL (well within 10 s).
      const beforeClose = owner.messages.length;
      sam.close();
      expect(names(presenceOf(await presenceWhere(owner, (p) => !names(p).includes("Sam (guest)"), beforeClose, 1_000)))).toEqual(["alex"]);
      const stoppedAt = Date.now();
      await presenceWhere(owner, (p) => p.guests === 0, beforeClose, 4_000);
      expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(TTL_MS - 700);

      // Nothing of the shopping list ever reached the stranger.
      expect(stranger.messages.filter((m) => m.listId === list.id && m.type === "presence")).toEqual([]);
    });

    it("shows an account's new name once it is renamed, within the TTL", async () => {
      const api = apiOf(running.url);
      const ren = await api.register("renamer");
      const list = (await api.call<TaskList>("POST", "/api/task-lists", { name: "Names" }, { cookie: ren.cookie })).body;
      const socket = await open(api.ws, { cookie: ren.cookie });
      await follow(socket, { listId: list.id });
      await presenceWhere(socket, (p) => names(p).join() === "renamer");
      expect((await api.call("PATCH", "/api/update-username", { username: "renamed" }, { cookie: ren.cookie })).status).toBe(200);
      await presenceWhere(socket, (p) => names(p).join() === "renamed", 0, TTL_MS + 3_000);
    });

    it("lets a long-poll guest whose waiting poll is cut (the tab closed) leave within the TTL, not the poll's 20 s wait", async () => {
      const realtime = createRealtime({ store: t.store, bus: t.bus, poll: { waitMs: 20_000 }, presence: { ttlMs: TTL_MS } });
      const slow = startServer(
        { store: t.store, config: t.config, bus: t.bus, assets: t.assets, realtime },
        { port: 0, hostname: "127.0.0.1" },
      );
      try {
        const api = apiOf(slow.url);
        const owner = await api.register("owner_slow");
        const list = (await api.call<TaskList>("POST", "/api/task-lists", { name: "Slow" }, { cookie: owner.cookie })).body;
        const socket = await open(api.ws, { cookie: owner.cookie });
        await follow(socket, { listId: list.id });
        const link = `?shareId=${list.shareId}`;
        const { clientId } = (await api.call<{ clientId: string }>("POST", `/api/poll/connect${link}`, {})).body;
        await api.call("POST", `/api/poll/subscribe${link}`, { clientId, shareId: list.shareId });
        await presenceWhere(socket, (p) => p.guests === 1);
        const controller = new AbortController();
        const waiting = fetch(`${slow.url}/api/poll/${clientId}${link}`, { signal: controller.signal }).catch(() => "cut");
        // Still there well past the TTL while the poll waits: a waiting poll is a present client.
        const from = socket.messages.length;
        await Bun.sleep(TTL_MS + 1_200);
        expect(socket.messages.slice(from).filter((m) => m.type === "presence")).toEqual([]);
        controller.abort();
        expect(await waiting).toBe("cut");
        const cutAt = Date.now();
        await presenceWhere(socket, (p) => p.guests === 0, from, TTL_MS + 3_000);
        expect(Date.now() - cutAt).toBeLessThan(TTL_MS + 3_000);
      } finally {
        await slow.stop();
      }
    });
  });

  /** Two instances on one PostgreSQL database and one Redis (tests/helpers/instances.ts). */
  describe("presence across two instances on PostgreSQL and Redis", { skip: !twoInstances }, () => {
    let cluster: Awaited<ReturnType<typeof startTwoInstances>>;
    let instances: Instance[] = [];
    const sockets: TestSocket[] = [];

    beforeAll(async () => {
      cluster = await startTwoInstances({ poll: { waitMs: 500 }, presence: { ttlMs: TTL_MS } });
      instances = cluster.instances;
    });
    afterAll(async () => {
      for (const socket of sockets) socket.close();
      await cluster?.close();
    });

    it("a guest on instance B appears to the owner on instance A, and goes when their tab closes", async () => {
      const a = apiOf(instances[0]!.running.url);
      const b = apiOf(instances[1]!.running.url);
      const alex = await a.register("alexa");
      const list = (await a.call<TaskList>("POST", "/api/task-lists", { name: "Across" }, { cookie: alex.cookie })).body;

      const owner = await TestSocket.open(a.ws, { cookie: alex.cookie });
      sockets.push(owner);
      await follow(owner, { listId: list.id });
      await presenceWhere(owner, (p) => names(p).includes("alexa"));

      const sam = await TestSocket.open(b.ws, { cookie: "listwell_guest=Sam" });
      sockets.push(sam);
      await follow(sam, { shareId: list.shareId });
      const seen = await presenceWhere(owner, (p) => names(p).includes("Sam (guest)"));
      expect(names(presenceOf(seen))).toEqual(["alexa", "Sam (guest)"]);
      // And B's guest sees the owner held by A.
      await presenceWhere(sam, (p) => names(p).includes("alexa"));

      // A long-poll guest on B is counted on A too, and leaves once it stops polling.
      const { clientId } = (await b.call<{ clientId: string }>("POST", `/api/poll/connect?shareId=${list.shareId}`, {})).body;
      await b.call("POST", `/api/poll/subscribe?shareId=${list.shareId}`, { clientId, shareId: list.shareId });
      await presenceWhere(owner, (p) => p.guests === 1);

      const from = owner.messages.length;
      sam.close();
      await presenceWhere(owner, (p) => !names(p).includes("Sam (guest)"), from, 2_000);
      await presenceWhere(owner, (p) => p.guests === 0 && names(p).join() === "alexa", from, 5_000);
    });

    it("forgets the people of an instance that stops without a word, after the TTL", async () => {
      const a = apiOf(instances[0]!.running.url);
      const alex = await a.register("alexb");
      const list = (await a.call<TaskList>("POST", "/api/task-lists", { name: "Crash" }, { cookie: alex.cookie })).body;
      const owner = await TestSocket.open(a.ws, { cookie: alex.cookie });
      sockets.push(owner);
      await follow(owner, { listId: list.id });

      // A third instance on the same Redis and database, whose guest the owner sees.
      const store = createStore(openPostgres(cluster.url));
      const bus = createRedisBus(REDIS_URL, { prefix: cluster.prefix });
      const realtime = createRealtime({ store, bus, poll: { waitMs: 500 }, presence: { ttlMs: TTL_MS } });
      const running = startServer(
        { store, config: cluster.config, bus, assets: cluster.assets, realtime },
        { port: 0, hostname: "127.0.0.1" },
      );
      const c = apiOf(running.url);
      const kim = await TestSocket.open(c.ws, { cookie: "listwell_guest=Kim" });
      await follow(kim, { shareId: list.shareId });
      await presenceWhere(owner, (p) => names(p).includes("Kim (guest)"));

      // Its bus goes first, so the instance cannot say that Kim left: the heartbeats stop instead.
      const from = owner.messages.length;
      await bus.close();
      const silentAt = Date.now();
      await running.stop();
      await store.db.close();
      await presenceWhere(owner, (p) => !names(p).includes("Kim (guest)"), from, TTL_MS + 3_000);
      expect(Date.now() - silentAt).toBeGreaterThanOrEqual(TTL_MS / 2);
    });
  });
});
