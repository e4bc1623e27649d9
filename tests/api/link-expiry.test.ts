import { afterAll, beforeAll, expect, it } from "vitest";
import { createLinkExpirySweeper, type LinkExpirySweeper } from "../../src/realtime/link-expiry";
import { DAY_MS } from "../../src/shared/rules/links";
import type { LiveMessage, PollResponse } from "../../src/shared/realtime";
import type { SharedListResponse, Task, TaskList } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { jsonCall, CHANGE_TYPES, startLiveServer, TestSocket } from "../helpers/live";
import { snapshot } from "../helpers/lists";
import { Client, makeTestApp, registerUser, TEST_PASSWORD, type JsonBody, type Response, type TestApp } from "../helpers/test-app";

/**
 * Links: the owner gives a share link an expiry (never, 1, 7 or 30 days); past it
 * the link behaves as a rotated one on HTTP, websocket and long-poll, and the owner sees it
 * expired. Time moves by the test app's clock, never by sleeping.
 */
describeEachDialect("link expiry", (dialect) => {
  let t: TestApp;
  let live: ReturnType<typeof startLiveServer>;
  let sweeper: LinkExpirySweeper;
  let owner: Awaited<ReturnType<typeof registerUser>>;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    live = startLiveServer(t, { pollWaitMs: 1_000 });
    sweeper = createLinkExpirySweeper(t.store, t.bus);
    owner = await registerUser(t, "owner");
  });
  afterAll(async () => {
    sweeper.stop();
    for (const socket of sockets) socket.close();
    await live.running.stop();
    await t.close();
  });

  const newList = async (name: string) => (await owner.post<TaskList>("/api/task-lists", { name })).body;
  const addTask = async (listId: number, title: string) => (await owner.post<Task>("/api/tasks", { title, listId })).body;
  const expireIn = (list: TaskList, days: number | null) =>
    owner.patch<TaskList>(`/api/task-lists/${list.id}`, { linkExpiresInDays: days });
  const open = async () => {
    const socket = await TestSocket.open(live.wsUrl);
    sockets.push(socket);
    return socket;
  };
  /** A long-poll call to the running server, signed out (a link holder's). */
  const call = <T>(method: string, path: string, body?: unknown) => jsonCall<T>(live.running.url, method, path, body);
  const types = (events: LiveMessage[]) => events.map((event) => event.type);

  it("stores the expiry as a time counted from now, and 'never' clears it", async () => {
    const list = await newList("Babysitter");
    const before = t.clock.now();
    const week = await expireIn(list, 7);
    expect(week.status).toBe(200);
    const at = Date.parse(week.body.linkExpiresAt!);
    expect(at).toBeGreaterThanOrEqual(before + 7 * DAY_MS);
    expect(at).toBeLessThanOrEqual(t.clock.now() + 7 * DAY_MS);
    const row = await t.store.db.get<{ share_expires_at: number | string }>("SELECT share_expires_at FROM task_lists WHERE id = ?", [
      list.id,
    ]);
    expect(Number(row!.share_expires_at)).toBe(at);
    expect((await expireIn(list, null)).body.linkExpiresAt).toBeNull();
    const refused = await owner.patch(`/api/task-lists/${list.id}`, { linkExpiresInDays: 3 });
    expect([refused.status, refused.body.message]).toEqual([400, "Link expiry must be 1, 7 or 30 days, or null for never"]);
    // Only the owner sets it: a link holder gets 403.
    const stranger = await registerUser(t, "stranger");
    const denied = await stranger.patch(`/api/task-lists/${list.id}?shareId=${list.shareId}`, { linkExpiresInDays: 30 });
    expect([denied.status, denied.body.error]).toEqual([403, "OWNER_ONLY"]);
  });

  it("answers 404 everywhere past the expiry, like a rotated link, while the owner and recipients keep the list", async () => {
    const list = await newList("Weekend");
    const task = await addTask(list.id, "Feed the cat");
    const recipient = await registerUser(t, "recipient");
    await owner.post("/api/share-by-username", { listId: list.id, username: "recipient", accessLevel: "write" });
    await expireIn(list, 1);
    const visitor = new Client(t);
    const q = `?shareId=${list.shareId}`;
    const calls: Array<[string, () => Promise<Response<JsonBody>>]> = [
      ["shared list", () => visitor.get(`/api/list${q}`)],
      ["list by id", () => visitor.get(`/api/list/${list.id}${q}`)],
      ["items", () => visitor.get(`/api/tasks${q}`)],
      ["by share id", () => visitor.get(`/api/task-lists/by-share-id/${list.shareId}`)],
      ["parent view", () => visitor.get(`/api/tasks/parent/${task.id}${q}`)],
      ["toggle", () => visitor.post(`/api/tasks/${task.id}/toggle${q}`)],
      ["create", () => visitor.post(`/api/tasks${q}`, { title: "late", listId: list.id })],
    ];
    // A minute before the expiry, every read works.
    t.clock.advance(DAY_MS - 60_000);
    for (const [label, run] of calls.slice(0, 5)) expect({ label, status: (await run()).status }).toEqual({ label, status: 200 });
    expect((await visitor.get(`/list/${list.id}${q}`)).status).toBe(200);

    t.clock.advance(60_000);
    const before = await snapshot(t);
    for (const [label, run] of calls) {
      const res = await run();
      expect({ label, status: res.status, message: res.body.message }).toEqual({ label, status: 404, message: "List not found" });
    }
    expect(await snapshot(t)).toEqual(before);
    const page = await visitor.get<string>(`/list/${list.id}${q}`);
    expect(page.status).toBe(404);
    expect(page.body).not.toContain("Feed the cat");
    // The legacy route and a sign-in with the link treat it as gone: no list id, no share.
    const legacy = await visitor.get(`/shared/${list.shareId}`);
    expect([legacy.status, legacy.headers.get("location")]).toEqual([302, `/?shareId=${list.shareId}`]);
    const joiner = await registerUser(t, "joiner");
    const login = await new Client(t).post("/api/login", { username: "joiner", password: TEST_PASSWORD, shareId: list.shareId });
    expect(login.status).toBe(200);
    expect(login.body.sharedList).toBeUndefined();
    expect((await joiner.get("/api/shared-with-me")).body).toEqual([]);

    // The owner sees it expired; the named recipient keeps the list, the link or not.
    const mine = (await owner.get<TaskList[]>("/api/task-lists")).body.find((l) => l.id === list.id)!;
    expect(Date.parse(mine.linkExpiresAt!)).toBeLessThanOrEqual(t.clock.now());
    expect((await owner.get(`/api/list/${list.id}`)).status).toBe(200);
    expect((await recipient.get<SharedListResponse>(`/api/list${q}`)).body.accessLevel).toBe("write");

    // A new expiry brings the same link back.
    await expireIn(list, 30);
    expect((await visitor.get(`/api/list${q}`)).status).toBe(200);
  });

  it("keeps a future expiry through a rotation, and drops one already past so the new link works", async () => {
    const list = await newList("Rotations");
    const set = (await expireIn(list, 7)).body;
    const rotated = (await owner.post<TaskList>(`/api/task-lists/${list.id}/rotate-share-id`)).body;
    expect(rotated.linkExpiresAt).toBe(set.linkExpiresAt);
    t.clock.advance(8 * DAY_MS);
    expect((await new Client(t).get(`/api/list?shareId=${rotated.shareId}`)).status).toBe(404);
    const fresh = (await owner.post<TaskList>(`/api/task-lists/${list.id}/rotate-share-id`)).body;
    expect(fresh.linkExpiresAt).toBeNull();
    expect((await new Client(t).get(`/api/list?shareId=${fresh.shareId}`)).status).toBe(200);
  });

  it("refuses a websocket subscribe and a long-poll subscribe with an expired link", async () => {
    const list = await newList("Refused live");
    await expireIn(list, 1);
    t.clock.advance(DAY_MS);
    const socket = await open();
    expect(await socket.connect({ shareId: list.shareId })).toMatchObject({ type: "error" });
    const { clientId } = (await call<{ clientId: string }>("POST", "/api/poll/connect", {})).body;
    const subscribed = await call<{ message: string }>("POST", "/api/poll/subscribe", { clientId, shareId: list.shareId });
    expect([subscribed.status, subscribed.body.message]).toEqual([404, "List not found"]);
    // Positive control: the same link, given a new expiry, subscribes on both transports.
    await expireIn(list, 1);
    expect(await socket.connect({ shareId: list.shareId })).toMatchObject({ type: "connect", listId: list.id });
    expect((await call("POST", "/api/poll/subscribe", { clientId, shareId: list.shareId })).status).toBe(200);
  });

  it("cuts a websocket and a long-poll client that followed the link when it expires", async () => {
    const list = await newList("Cut live");
    await expireIn(list, 1);
    const socket = await open();
    expect(await socket.connect({ shareId: list.shareId })).toMatchObject({ type: "connect" });
    const { clientId } = (await call<{ clientId: string }>("POST", "/api/poll/connect", {})).body;
    expect((await call("POST", "/api/poll/subscribe", { clientId, shareId: list.shareId })).status).toBe(200);
    const from = socket.messages.length;
    await addTask(list.id, "Before");
    expect(await socket.nextOfType("task_created", 3000, from)).toMatchObject({ payload: { title: "Before" } });
    const pollQuery = `?shareId=${list.shareId}`;
    const polled = await call<PollResponse>("GET", `/api/poll/${clientId}${pollQuery}`);
    expect(types(polled.body.events)).toEqual(["task_created"]);

    t.clock.advance(DAY_MS);
    await sweeper.sweep();
    await socket.nextOfType("access_revoked", 3000, from);
    const revoked = await call<PollResponse>("GET", `/api/poll/${clientId}${pollQuery}`);
    expect(types(revoked.body.events)).toContain("access_revoked");
    const cut = socket.messages.length;
    await addTask(list.id, "After");
    expect(await socket.settle(cut, 300, CHANGE_TYPES)).toEqual([]);
    const after = await call<PollResponse>("GET", `/api/poll/${clientId}${pollQuery}`);
    expect(after.body.events).toEqual([]);
  });

  it("sweeps at the next expiry by itself, without being asked", async () => {
    const list = await newList("On time");
    await expireIn(list, 1);
    const socket = await open();
    expect(await socket.connect({ shareId: list.shareId })).toMatchObject({ type: "connect" });
    const from = socket.messages.length;
    // The link now expires in half a second of real time: the sweep arms its timer for then.
    t.clock.advance(DAY_MS - 500);
    await sweeper.sweep();
    expect(types(socket.messages.slice(from))).not.toContain("access_revoked");
    await socket.nextOfType("access_revoked", 5000, from);
  });
});
