import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_LIFETIME_MS, sessionIdFromToken } from "../../src/auth/sessions";
import type { TaskList } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { addTask } from "../helpers/tasks";
import { Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * src/http/middleware/kept-reads.ts keeps the signed-in `GET /api/list/{id}` and
 * `GET /api/tasks?listId=` answers per session and address. A trailing `?` is another address, read
 * afresh by the rules, so each case compares a kept answer with a fresh one to the same caller:
 * same status, headers and bytes.
 */
describeEachDialect("the list read kept per session,", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  async function ownerWithItems(name: string, items: number) {
    const owner = await registerUser(t, name);
    const list = (await owner.post<TaskList>("/api/task-lists", { name: `${name}'s list` })).body;
    for (let i = 0; i < items; i++)
      await addTask(owner, { title: `Item ${i} of a list long enough to pass one kilobyte`, listId: list.id });
    return { owner, list };
  }

  const raw = async (client: Client, path: string, headers: Record<string, string> = {}) =>
    t.app.request(path, { headers: { cookie: client.cookie, ...headers } });
  const comparable = (headers: Headers) => [...headers].filter(([name]) => name !== "date").sort(([a], [b]) => a.localeCompare(b));

  it("answers a kept read with the fresh read's status, headers and body, with and without compression and on revalidation", async () => {
    const { owner, list } = await ownerWithItems("hattie", 20);
    const codings: Array<Record<string, string>> = [{}, { "accept-encoding": "br, gzip" }, { "accept-encoding": "gzip" }];
    for (const headers of codings) {
      const [kept, fresh] = [await raw(owner, `/api/list/${list.id}`, headers), await raw(owner, `/api/list/${list.id}?`, headers)];
      expect(kept.status).toBe(200);
      expect(comparable(kept.headers)).toEqual(comparable(fresh.headers));
      const [keptBytes, freshBytes] = [Buffer.from(await kept.arrayBuffer()), Buffer.from(await fresh.arrayBuffer())];
      const decode = (bytes: Buffer) =>
        kept.headers.get("content-encoding") === "br"
          ? brotliDecompressSync(bytes)
          : kept.headers.get("content-encoding") === "gzip"
            ? gunzipSync(bytes)
            : bytes;
      expect(decode(keptBytes).toString()).toBe(decode(freshBytes).toString());
      expect(JSON.parse(decode(keptBytes).toString()).tasks).toHaveLength(20);
    }
    const etag = (await raw(owner, `/api/list/${list.id}`)).headers.get("etag")!;
    expect(etag).toMatch(/^W\/"/);
    const [kept, fresh] = [
      await raw(owner, `/api/list/${list.id}`, { "if-none-match": etag }),
      await raw(owner, `/api/list/${list.id}?`, { "if-none-match": etag }),
    ];
    expect([kept.status, fresh.status]).toEqual([304, 304]);
    expect(comparable(kept.headers)).toEqual(comparable(fresh.headers));
    expect(await kept.text()).toBe("");
  });

  it("answers the items read, /api/tasks?listId, with the fresh read's status, headers and body", async () => {
    const { owner, list } = await ownerWithItems("gil", 15);
    for (const headers of [{}, { "accept-encoding": "gzip" }] as Array<Record<string, string>>) {
      const [kept, fresh] = [
        await raw(owner, `/api/tasks?listId=${list.id}`, headers),
        await raw(owner, `/api/tasks?listId=${list.id}&`, headers),
      ];
      expect(kept.status).toBe(200);
      expect(comparable(kept.headers)).toEqual(comparable(fresh.headers));
      expect(Buffer.from(await kept.arrayBuffer())).toEqual(Buffer.from(await fresh.arrayBuffer()));
    }
    const items = (await owner.get<Array<{ title: string }>>(`/api/tasks?listId=${list.id}`)).body;
    expect(items.map((item) => item.title)).toHaveLength(15);
    const stranger = await registerUser(t, "gala");
    expect((await stranger.get(`/api/tasks?listId=${list.id}`)).status).toBe(404);
  });

  it("finds the session cookie among others, spaced, quoted or named twice, as Hono's cookie parser does", async () => {
    const { owner, list } = await ownerWithItems("hedda", 12);
    const token = owner.cookie.split("=")[1]!;
    const headers = [
      `theme=dark; listwell_session=${token}`,
      `listwell_session=${token}; theme=dark`,
      `theme=listwell_session; listwell_session=${token}`,
      `listwell_session = ${token}`,
      `listwell_session="${token}"`,
      `listwell_session=${token}x; listwell_session=${token}`,
      `listwell_session=not-a-token; listwell_session=${token}`,
    ];
    for (const cookie of headers) {
      const [kept, fresh] = [
        await t.app.request(`/api/list/${list.id}`, { headers: { cookie } }),
        await t.app.request(`/api/list/${list.id}?`, { headers: { cookie } }),
      ];
      expect([cookie, kept.status]).toEqual([cookie, fresh.status]);
      expect(await kept.text()).toBe(await fresh.text());
    }
    // Positive control: a quoted token, which only Hono's parser reads, still opens the list.
    expect((await t.app.request(`/api/list/${list.id}`, { headers: { cookie: headers[4]! } })).status).toBe(200);
  });

  it("serves the new items, with a new ETag, as soon as the list changes", async () => {
    const { owner, list } = await ownerWithItems("ivo", 12);
    const before = await raw(owner, `/api/list/${list.id}`);
    await addTask(owner, { title: "One more", listId: list.id });
    const after = await raw(owner, `/api/list/${list.id}`);
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
    expect(((await after.json()) as { tasks: Array<{ title: string }> }).tasks.at(-1)!.title).toBe("One more");
  });

  it("renews a session due for renewal on a kept read and re-sends the cookie", async () => {
    const { owner, list } = await ownerWithItems("jonas", 12);
    const id = sessionIdFromToken(owner.cookie.split("=")[1]!);
    await t.store.sessions.extend(id, Date.now() + 10 * DAY_MS);
    const renewed = await raw(owner, `/api/list/${list.id}`);
    expect(renewed.status).toBe(200);
    expect(renewed.headers.get("set-cookie")).toMatch(/listwell_session=\w+;.*Max-Age=2592000/);
    expect((await t.store.sessions.find(id))!.expiresAt).toBeGreaterThan(Date.now() + 29 * DAY_MS);
    // The control: a current session gets no cookie.
    expect((await raw(owner, `/api/list/${list.id}`)).headers.get("set-cookie")).toBeNull();
  });

  it("answers 404 to a stranger and an unknown list, and 401 signed out and after logout", async () => {
    const { owner, list } = await ownerWithItems("kira", 12);
    const stranger = await registerUser(t, "lenny");
    expect((await stranger.get(`/api/list/${list.id}`)).status).toBe(404);
    expect((await stranger.get(`/api/list/${list.id}`)).body).toEqual((await stranger.get(`/api/list/${list.id}?`)).body);
    expect((await new Client(t).get(`/api/list/${list.id}`)).status).toBe(401);
    expect((await owner.get("/api/list/999999")).status).toBe(404);
    const reader = Object.assign(new Client(t), { cookie: owner.cookie });
    expect((await reader.get(`/api/list/${list.id}`)).status).toBe(200);
    await owner.post("/api/logout");
    expect((await reader.get(`/api/list/${list.id}`)).status).toBe(401);
  });

  it("shows a named share's reader the list as a fresh read does, and a link visitor their list", async () => {
    const { owner, list } = await ownerWithItems("mona", 12);
    const friend = await registerUser(t, "nico");
    expect((await owner.post("/api/share-by-username", { listId: list.id, username: "nico", accessLevel: "read" })).status).toBe(201);
    const [kept, fresh] = [await friend.get(`/api/list/${list.id}`), await friend.get(`/api/list/${list.id}?`)];
    expect(kept.status).toBe(200);
    expect(kept.body).toEqual(fresh.body);
    expect(kept.body).toMatchObject({ accessLevel: "read", isOwner: false, ownerInfo: { username: "mona" } });
    const guest = await new Client(t).get(`/api/list?shareId=${list.shareId}`);
    expect(guest.status).toBe(200);
    expect(guest.body).toMatchObject({
      isOwner: false,
      tasks: expect.arrayContaining([expect.objectContaining({ title: expect.any(String) })]),
    });
  });
});

/**
 * docs/decisions/025: on SQLite each session's answer is kept while the database's change mark
 * stands. Each case first shows the answer is kept (the same read twice), then changes the
 * database where no event or cache of the app can see it, and expects the very next read to show it.
 */
describe("the list read kept while the SQLite database stands", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp("sqlite");
  });
  afterAll(() => t.close());

  async function ownerWithList(name: string) {
    const owner = await registerUser(t, name);
    const list = (await owner.post<TaskList>("/api/task-lists", { name: `${name}'s list` })).body;
    for (let i = 0; i < 12; i++) await addTask(owner, { title: `Item ${i} of a list long enough to pass one kilobyte`, listId: list.id });
    return { owner, list };
  }

  /** Runs SQL in a separate process on the app's database file, as another instance would. */
  async function otherProcess(sql: string, params: Array<string | number>) {
    const script = `const { Database } = require("bun:sqlite");
      const db = new Database(process.argv[1]); db.exec("PRAGMA busy_timeout = 5000");
      db.query(process.argv[2]).run(...JSON.parse(process.argv[3])); db.close();`;
    const child = Bun.spawn([process.execPath, "-e", script, t.databaseUrl, sql, JSON.stringify(params)], { stderr: "pipe" });
    expect(await child.exited, await new Response(child.stderr).text()).toBe(0);
  }

  it("shows a rename another process commits, which no event announces, at the very next read", async () => {
    const { owner, list } = await ownerWithList("oskar");
    const first = await owner.get<{ list: TaskList }>(`/api/list/${list.id}`);
    const again = await owner.get<{ list: TaskList }>(`/api/list/${list.id}`);
    expect([first.status, again.status, again.body.list.name]).toEqual([200, 200, "oskar's list"]);

    await otherProcess("UPDATE task_lists SET name = ? WHERE id = ?", ["Renamed elsewhere", list.id]);

    expect((await owner.get<{ list: TaskList }>(`/api/list/${list.id}`)).body.list.name).toBe("Renamed elsewhere");
  });

  it("refuses a session another process deletes at the very next read, of the list and of its items", async () => {
    const { owner, list } = await ownerWithList("petra");
    const reads = [`/api/list/${list.id}`, `/api/tasks?listId=${list.id}`];
    for (const path of [...reads, ...reads]) expect((await owner.get(path)).status).toBe(200);

    await otherProcess("DELETE FROM sessions WHERE id = ?", [sessionIdFromToken(owner.cookie.split("=")[1]!)]);

    expect((await owner.get(reads[0]!)).status).toBe(401);
    expect((await owner.get(reads[1]!)).status).toBe(401);
  });

  it("keeps a session through its caller's own ticks, and refuses it at the next call once a logout here or another process ends it", async () => {
    const { owner, list } = await ownerWithList("rosa");
    const [task] = (await owner.get<Array<{ id: number; completed: boolean }>>(`/api/tasks?listId=${list.id}`)).body;
    const tick = () => owner.post<{ completed: boolean }>(`/api/tasks/${task!.id}/toggle`);
    expect([(await tick()).body.completed, (await tick()).body.completed]).toEqual([true, false]);

    await otherProcess("DELETE FROM sessions WHERE id = ?", [sessionIdFromToken(owner.cookie.split("=")[1]!)]);

    expect((await tick()).status).toBe(401);
    expect((await owner.get(`/api/list/${list.id}`)).status).toBe(401);

    const again = await registerUser(t, "sven");
    const twin = Object.assign(new Client(t), { cookie: again.cookie });
    const ownList = (await again.post<TaskList>("/api/task-lists", { name: "Sven's" })).body;
    const item = await addTask(again, { title: "Tick me", listId: ownList.id });
    expect((await again.post(`/api/tasks/${item.id}/toggle`)).status).toBe(200);
    await twin.post("/api/logout");
    expect((await again.post(`/api/tasks/${item.id}/toggle`)).status).toBe(401);
  });

  it("renews a kept session once it falls due, with nothing changed in the database", async () => {
    const { owner, list } = await ownerWithList("quinn");
    const id = sessionIdFromToken(owner.cookie.split("=")[1]!);
    // Due for renewal (half its lifetime left) one second from now, by the store's clock.
    await t.store.sessions.extend(id, t.clock.now() + SESSION_LIFETIME_MS / 2 + 1_000);
    const kept = await owner.get(`/api/list/${list.id}`);
    expect([kept.status, kept.headers.get("set-cookie")]).toEqual([200, null]);

    t.clock.advance(1_100);

    const renewed = await owner.get(`/api/list/${list.id}`);
    expect(renewed.status).toBe(200);
    expect(renewed.headers.get("set-cookie")).toMatch(/listwell_session=\w+;.*Max-Age=2592000/);
  });
});
