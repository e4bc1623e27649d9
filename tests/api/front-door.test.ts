import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import type { Logger } from "../../src/logger";
import type { TaskList } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { startLiveServer, TestSocket } from "../helpers/live";
import { addTask } from "../helpers/tasks";
import { makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

/**
 * docs/decisions/032: every request enters through the one app, with one parse of the session and
 * the same header code; the reads an open list repeats are routes of it with a memory, and `/ws`
 * is a route of it too.
 */

/** The headers every answer of the app carries, whatever route answered. */
const COMMON = ["content-security-policy", "x-content-type-options", "referrer-policy", "x-frame-options", "x-listwell-cache-partition"];
const common = (headers: Headers) => Object.fromEntries(COMMON.map((name) => [name, headers.get(name)]));

async function ownerWithList(t: TestApp, name: string, items = 12) {
  const owner = await registerUser(t, name);
  const list = (await owner.post<TaskList>("/api/task-lists", { name: `${name}'s list` })).body;
  for (let i = 0; i < items; i++) await addTask(owner, { title: `Item ${i} of a list long enough to pass one kilobyte`, listId: list.id });
  return { owner, list };
}

describeEachDialect("one front door", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  it("answers a kept list read with the headers of the route that ran the rules, and of every other route", async () => {
    const { owner, list } = await ownerWithList(t, "ada");
    for (const path of [`/api/list/${list.id}`, `/api/tasks?listId=${list.id}`]) {
      const first = await owner.get(path, { "accept-encoding": "gzip" });
      const again = await owner.get(path, { "accept-encoding": "gzip" });
      expect([first.status, again.status]).toEqual([200, 200]);
      expect(again.body).toEqual(first.body);
      const sorted = (headers: Headers) => [...headers].filter(([name]) => name !== "date").sort(([a], [b]) => a.localeCompare(b));
      expect(sorted(again.headers)).toEqual(sorted(first.headers));
      expect(again.headers.get("content-encoding")).toBe("gzip");
      expect(again.headers.get("cache-control")).toBe("private, no-cache");
      const etag = again.headers.get("etag")!;
      const revalidated = await owner.get(path, { "if-none-match": etag });
      expect([revalidated.status, common(revalidated.headers)]).toEqual([304, common(first.headers)]);
    }
    // Another route (not kept) and a refusal carry the same protective headers and partition.
    const lists = await owner.get("/api/task-lists");
    const missing = await owner.get("/api/list/999999");
    expect(common(lists.headers)).toEqual(common((await owner.get(`/api/list/${list.id}`)).headers));
    expect(common(missing.headers)).toEqual(common(lists.headers));
    expect(lists.headers.get("x-listwell-cache-partition")).toBe(`user:${owner.user.id}`);
    expect([missing.status, missing.headers.get("cache-control")]).toEqual([404, "no-store"]);
  });

  it("refuses another spelling of an id in a path, a query, a body and a poll alike: no list is read", async () => {
    const { owner, list } = await ownerWithList(t, "bea", 1);
    const hex = `0x${list.id.toString(16)}`;
    const path = await owner.get(`/api/list/${hex}`);
    const query = await owner.get(`/api/tasks?listId=${hex}`);
    const body = await owner.post("/api/tasks", { title: "Spelled", listId: hex });
    const client = (await owner.post<{ clientId: string }>("/api/poll/connect", {})).body.clientId;
    const poll = await owner.post("/api/poll/subscribe", { clientId: client, listId: hex });
    // A path in another spelling is no address (404, as for a list that does not exist); a query or a body is bad input (400).
    expect([path.status, path.body]).toEqual([404, { message: "List not found" }]);
    for (const refused of [query, body, poll]) {
      expect([refused.status, refused.body]).toMatchObject([400, { message: "listId must be written in decimal digits" }]);
    }
    // The same id in decimal digits opens the list everywhere.
    expect((await owner.get(`/api/list/${list.id}`)).status).toBe(200);
    expect((await owner.get(`/api/tasks?listId=${list.id}`)).status).toBe(200);
    expect((await owner.post("/api/poll/subscribe", { clientId: client, listId: String(list.id) })).status).toBe(200);
  });
});

describe("errors inside a kept read", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp("sqlite");
  });
  afterAll(() => t.close());

  it("reach the one error handler: logged once with the route, answered 500 with the headers of any answer", async () => {
    const lines: string[] = [];
    const keep = (...parts: unknown[]) => void lines.push(parts.map(String).join(" "));
    const logger: Logger = { debug: keep, info: keep, warn: keep, error: keep };
    const app = createApp({ store: t.store, config: t.config, bus: t.bus, assets: t.assets, logger });
    const { owner, list } = await ownerWithList(t, "cleo");
    const read = () => app.request(`/api/list/${list.id}`, { headers: { cookie: owner.cookie } });
    // Kept: read twice, so the second answer comes from the route's memory.
    expect([(await read()).status, (await read()).status]).toEqual([200, 200]);

    // Another connection takes away a table the list read needs: a commit, so nothing kept holds.
    const other = new Database(t.databaseUrl);
    other.exec("ALTER TABLE events RENAME TO events_away");
    try {
      const failed = await read();
      expect(failed.status).toBe(500);
      expect(await failed.json()).toEqual({ message: "Something went wrong on the server. Please try again." });
      expect(failed.headers.get("cache-control")).toBe("no-store");
      expect(failed.headers.get("content-security-policy")).toContain("default-src 'self'");
      expect(lines.filter((line) => line.includes("/api/list/:id failed"))).toHaveLength(1);
    } finally {
      other.exec("ALTER TABLE events_away RENAME TO events");
      other.close();
    }
    expect((await read()).status).toBe(200);
    expect(lines.filter((line) => line.includes("failed"))).toHaveLength(1);
  });
});

describe("errors in the door's own parse", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp("sqlite");
  });
  afterAll(() => t.close());

  it("reach the one error handler too: a session that cannot be read is logged once and answered 500, never skipped", async () => {
    const lines: string[] = [];
    const keep = (...parts: unknown[]) => void lines.push(parts.map(String).join(" "));
    const logger: Logger = { debug: keep, info: keep, warn: keep, error: keep };
    const app = createApp({ store: t.store, config: t.config, bus: t.bus, assets: t.assets, logger });
    const { owner, list } = await ownerWithList(t, "edda");
    const read = () => app.request(`/api/list/${list.id}`, { headers: { cookie: owner.cookie } });
    expect([(await read()).status, (await read()).status]).toEqual([200, 200]);

    const other = new Database(t.databaseUrl);
    other.exec("ALTER TABLE sessions RENAME TO sessions_away");
    try {
      // Not answered as a signed-out caller (404), nor from the answer kept for the session.
      const failed = await read();
      expect([failed.status, await failed.json()]).toEqual([500, { message: "Something went wrong on the server. Please try again." }]);
      expect(failed.headers.get("x-content-type-options")).toBe("nosniff");
      expect(lines.filter((line) => line.includes("/api/list/:id failed"))).toHaveLength(1);
    } finally {
      other.exec("ALTER TABLE sessions_away RENAME TO sessions");
      other.close();
    }
    expect((await read()).status).toBe(200);
  });
});

describe("/ws through the front door", () => {
  let t: TestApp;
  let live: ReturnType<typeof startLiveServer>;
  beforeAll(async () => {
    t = await makeTestApp("sqlite");
    live = startLiveServer(t);
  });
  afterAll(async () => {
    await live.running.stop({ graceMs: 100 });
    await t.close();
  });

  it("refuses a foreign origin and a plain request with the statuses it always had, and the headers every answer carries", async () => {
    const base = live.running.url;
    const upgrade = {
      connection: "Upgrade",
      upgrade: "websocket",
      "sec-websocket-version": "13",
      "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
    };
    const foreign = await fetch(`${base}/ws`, { headers: { ...upgrade, origin: "http://evil.example" } });
    expect([foreign.status, await foreign.json()]).toEqual([403, { message: "Cross-origin requests are not allowed" }]);
    const plain = await fetch(`${base}/ws`);
    expect([plain.status, await plain.json()]).toEqual([426, { message: "Expected a websocket upgrade" }]);
    for (const answer of [foreign, plain]) expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await fetch(`${base}/ws/elsewhere`)).status).toBe(404);
  });

  it("knows the socket's user from the same session parse as every request, and reads ids with the one schema", async () => {
    const { owner, list } = await ownerWithList(t, "dora", 1);
    const socket = await TestSocket.open(live.wsUrl, { cookie: owner.cookie });
    try {
      socket.send({ type: "connect", listId: `0x${list.id.toString(16)}` });
      expect(await socket.nextOfType("error")).toMatchObject({ message: "listId must be written in decimal digits" });
      // The signed-in owner follows their list by its decimal id: the session came through the upgrade.
      expect(await socket.connect({ listId: list.id })).toMatchObject({ type: "connect", listId: list.id });
    } finally {
      socket.close();
    }
    // A signed-out socket cannot follow the same list.
    const stranger = await TestSocket.open(live.wsUrl, {});
    try {
      expect((await stranger.connect({ listId: list.id })).type).toBe("error");
    } finally {
      stranger.close();
    }
  });
});
