import { afterAll, beforeAll, expect, it } from "vitest";
import { userTopic } from "../../src/domain/bus";
import { LIST_PROGRESS, type LiveMessage, NOTIFICATION } from "../../src/shared/live-messages";
import type { TaskList, Task } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { startLiveServer, TestSocket } from "../helpers/live";
import { addTask, rowsOf } from "../helpers/tasks";
import { BearerClient, makeToken } from "../helpers/tokens";
import { Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

const LIST_NOT_FOUND = { message: "List not found" };
const SOME_LISTS = {
  error: "TOKEN_NOT_ALLOWED",
  message: "A token limited to some lists cannot make lists, order them, export them all or read the inbox",
};

/** A token limited to some lists: everything else is as for a stranger (docs/decisions/061-api-tokens.md). */
describeEachDialect("API token scope", (dialect) => {
  let t: TestApp;
  let live: ReturnType<typeof startLiveServer>;
  let ann: Awaited<ReturnType<typeof registerUser>>;
  let bob: Awaited<ReturnType<typeof registerUser>>;
  let groceries: TaskList;
  let hardware: TaskList;
  let bobs: TaskList;
  let scoped: BearerClient;
  let secret: string;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    live = startLiveServer(t);
    ann = await registerUser(t, `${dialect}_scope_ann`);
    bob = await registerUser(t, `${dialect}_scope_bob`);
    groceries = await createList(ann, "Groceries");
    hardware = await createList(ann, "Hardware");
    bobs = await createList(bob, "Bob's garden");
    await bob.post("/api/share-by-username", { listId: bobs.id, username: ann.user.username, accessLevel: "write" });
    await addTask(ann, { listId: groceries.id, title: "Milk" });
    await addTask(ann, { listId: hardware.id, title: "Milk paint" });
    await addTask(bob, { listId: bobs.id, title: "Milk thistle" });
    secret = (await makeToken(ann, { name: "Groceries only", access: "write", listIds: [groceries.id] })).token;
    scoped = new BearerClient(t, secret);
  });
  afterAll(async () => {
    await live.running.stop();
    await t.close();
  });

  it("opens its lists and answers 404 for the user's other lists, own or shared, as the cookie does not", async () => {
    for (const other of [hardware, bobs]) {
      expect(await scoped.get(`/api/list/${other.id}`)).toMatchObject({ status: 404, body: LIST_NOT_FOUND });
      expect(await scoped.get(`/api/tasks?listId=${other.id}`)).toMatchObject({ status: 404, body: LIST_NOT_FOUND });
      expect(await scoped.get(`/api/task-lists/${other.id}/sections`)).toMatchObject({ status: 404, body: LIST_NOT_FOUND });
      expect(await scoped.get(`/api/task-lists/${other.id}/suggestions?q=mi`)).toMatchObject({ status: 404, body: LIST_NOT_FOUND });
      expect(await scoped.get(`/api/task-lists/${other.id}/export?format=md`)).toMatchObject({ status: 404, body: LIST_NOT_FOUND });
      expect((await ann.get(`/api/list/${other.id}`)).status).toBe(200);
    }
    expect(await scoped.get(`/api/list/${groceries.id}`)).toMatchObject({ status: 200, body: { list: { id: groceries.id } } });
    expect(await scoped.get<Task[]>(`/api/tasks?listId=${groceries.id}`)).toMatchObject({ status: 200, body: [{ title: "Milk" }] });
    expect((await scoped.get(`/api/task-lists/${groceries.id}/sections`)).status).toBe(200);
    expect((await scoped.get(`/api/task-lists/${groceries.id}/suggestions?q=mi`)).status).toBe(200);
    expect((await scoped.get(`/api/task-lists/${groceries.id}/export?format=md`)).status).toBe(200);
  });

  it("changes only its lists: an item of another list is not found and stays as it was", async () => {
    const [paint] = await rowsOf(t, hardware.id);
    expect(await scoped.patch(`/api/tasks/${paint!.id}`, { completed: true })).toMatchObject({ status: 404 });
    expect(await scoped.post("/api/tasks", { listId: hardware.id, title: "Nails" })).toMatchObject({ status: 404, body: LIST_NOT_FOUND });
    expect(await scoped.post(`/api/task-lists/${hardware.id}/sections`, { name: "Aisle" })).toMatchObject({ status: 404 });
    expect((await rowsOf(t, hardware.id)).map((row) => [row.title, row.completed])).toEqual([["Milk paint", false]]);
    // Its lists' notifications only: another list's mode is neither read nor changed.
    expect(await scoped.get(`/api/task-lists/${hardware.id}/notifications`)).toMatchObject({ status: 404, body: LIST_NOT_FOUND });
    expect(await scoped.request("PUT", `/api/task-lists/${hardware.id}/notifications`, { mode: "off" })).toMatchObject({
      status: 404,
      body: LIST_NOT_FOUND,
    });
    expect(await ann.get(`/api/task-lists/${hardware.id}/notifications`)).toMatchObject({ status: 200, body: { mode: "all" } });
    expect(await scoped.request("PUT", `/api/task-lists/${groceries.id}/notifications`, { mode: "off" })).toMatchObject({
      status: 200,
      body: { mode: "off" },
    });
    expect(await ann.get(`/api/task-lists/${groceries.id}/notifications`)).toMatchObject({ status: 200, body: { mode: "off" } });
    expect(await scoped.post("/api/tasks", { listId: groceries.id, title: "Eggs" })).toMatchObject({
      status: 201,
      body: { title: "Eggs" },
    });
  });

  it("lists only its lists on Home, in sharing and in search", async () => {
    expect(await scoped.get<TaskList[]>("/api/task-lists")).toMatchObject({ status: 200, body: [{ id: groceries.id }] });
    expect((await scoped.get<TaskList[]>("/api/task-lists")).body).toHaveLength(1);
    expect((await ann.get<TaskList[]>("/api/task-lists")).body.map((list) => list.id)).toEqual([groceries.id, hardware.id]);
    expect(Object.keys((await scoped.get<{ progress: object }>("/api/task-lists/progress")).body.progress)).toEqual([String(groceries.id)]);
    expect(await scoped.get("/api/shared-with-me")).toMatchObject({ status: 200, body: [] });
    await t.store.users.setLastList(ann.user.id, hardware.id);
    expect(await scoped.get("/api/user/last-list")).toMatchObject({ status: 200, body: { listId: null } });
    expect(await ann.get("/api/user/last-list")).toMatchObject({ status: 200, body: { listId: hardware.id } });
    await t.store.users.setLastList(ann.user.id, groceries.id);
    expect(await scoped.get("/api/user/last-list")).toMatchObject({ status: 200, body: { listId: groceries.id } });
    expect(await scoped.get("/api/shared-list-ids")).toMatchObject({ status: 200, body: [] });
    expect((await ann.get<unknown[]>("/api/shared-with-me")).body).toHaveLength(1);
    const found = await scoped.get<{ results: Array<{ listId: number; title: string }> }>("/api/search?q=milk");
    expect(found.body.results.map((result) => [result.listId, result.title])).toEqual([[groceries.id, "Milk"]]);
    const everywhere = await ann.get<{ results: Array<{ listId: number }> }>("/api/search?q=milk");
    expect(new Set(everywhere.body.results.map((result) => result.listId))).toEqual(new Set([groceries.id, hardware.id, bobs.id]));
  });

  it("may not make, order or export all lists, nor read the inbox; a token for all lists may", async () => {
    const before = (await ann.get<TaskList[]>("/api/task-lists")).body.length;
    expect(await scoped.post("/api/task-lists", { name: "Sneaky" })).toMatchObject({ status: 403, body: SOME_LISTS });
    expect(await scoped.post("/api/task-lists/reorder", { ids: [hardware.id, groceries.id] })).toMatchObject({
      status: 403,
      body: SOME_LISTS,
    });
    expect(await scoped.post(`/api/task-lists/${groceries.id}/duplicate`, { name: "Copy" })).toMatchObject({
      status: 403,
      body: SOME_LISTS,
    });
    expect(await scoped.get("/api/task-lists/export")).toMatchObject({ status: 403, body: SOME_LISTS });
    expect(await scoped.get("/api/notifications")).toMatchObject({ status: 403, body: SOME_LISTS });
    expect((await ann.get<TaskList[]>("/api/task-lists")).body).toHaveLength(before);
    const everything = new BearerClient(t, (await makeToken(ann, { name: "All", access: "write" })).token);
    const made = await everything.post<TaskList>("/api/task-lists", { name: "Made by a script" });
    expect(made).toMatchObject({ status: 201, body: { name: "Made by a script", userId: ann.user.id } });
    expect((await everything.get("/api/notifications")).status).toBe(200);
    await ann.delete(`/api/task-lists/${made.body.id}`);
  });

  it("follows only its lists live: a websocket and a long poll are refused another list like a stranger", async () => {
    const socket = await TestSocket.open(live.wsUrl, { authorization: `Bearer ${secret}` });
    try {
      expect(await socket.connect({ listId: hardware.id })).toMatchObject({
        type: "error",
        message: "List not found",
        listId: hardware.id,
      });
      expect(await socket.connect({ listId: bobs.id })).toMatchObject({ type: "error", message: "List not found" });
      expect(await socket.connect({ listId: groceries.id })).toMatchObject({ type: "connect", listId: groceries.id });
      const from = socket.messages.length;
      await addTask(ann, { listId: hardware.id, title: "Screws" });
      await addTask(ann, { listId: groceries.id, title: "Bread" });
      await socket.next((message) => message.type === "task_created" && message.listId === groceries.id, 3_000, from);
      expect(socket.messages.slice(from).filter((message) => message.listId === hardware.id)).toEqual([]);
    } finally {
      socket.close();
    }

    const connected = await scoped.post<{ clientId: string }>("/api/poll/connect");
    expect(connected.status).toBe(200);
    const { clientId } = connected.body;
    expect(await scoped.post("/api/poll/subscribe", { clientId, listId: hardware.id })).toMatchObject({
      status: 404,
      body: LIST_NOT_FOUND,
    });
    expect(await scoped.post("/api/poll/subscribe", { clientId, listId: groceries.id })).toMatchObject({
      status: 200,
      body: { subscribed: true, listId: groceries.id },
    });
    // The client is the token's: neither a caller without it nor another token of the same user may use it.
    const another = new BearerClient(t, (await makeToken(ann, { name: "Another", access: "read" })).token);
    for (const caller of [new Client(t), another, ann])
      expect(await caller.post("/api/poll/unsubscribe", { clientId, listId: groceries.id })).toMatchObject({
        status: 404,
        body: { message: "Unknown poll client" },
      });
  });

  it("tells a token's Home of its own lists alone: no other list's counts or shares, no inbox", async () => {
    const socket = await TestSocket.open(live.wsUrl, { authorization: `Bearer ${secret}` });
    const browser = await TestSocket.open(live.wsUrl, { cookie: ann.cookie });
    const poller = (await scoped.post<{ clientId: string }>("/api/poll/connect")).body.clientId;
    try {
      const [from, browserFrom] = [socket.messages.length, browser.messages.length];
      await addTask(ann, { listId: hardware.id, title: "Nails" });
      const bobsShed = await createList(bob, "Shed");
      await bob.post("/api/share-by-username", { listId: bobsShed.id, username: ann.user.username, accessLevel: "read" });
      await t.bus.publish(userTopic(ann.user.id), { type: NOTIFICATION, payload: { notification: { listId: groceries.id }, unread: 3 } });
      await addTask(ann, { listId: groceries.id, title: "Butter" });
      // The browser's socket hears all four; the token's hears the last alone, which says it would hear.
      const heard = (messages: LiveMessage[]) => messages.map((message) => `${message.type} ${message.listId ?? ""}`.trim());
      await browser.next((message) => message.type === LIST_PROGRESS && message.listId === groceries.id, 3_000, browserFrom);
      expect(heard(browser.messages.slice(browserFrom)).sort()).toEqual(
        [`${LIST_PROGRESS} ${groceries.id}`, `${LIST_PROGRESS} ${hardware.id}`, NOTIFICATION, `share_added ${bobsShed.id}`].sort(),
      );
      await socket.next((message) => message.type === LIST_PROGRESS && message.listId === groceries.id, 3_000, from);
      expect(heard(socket.messages.slice(from))).toEqual([`${LIST_PROGRESS} ${groceries.id}`]);
      const polled = await scoped.get<{ events: LiveMessage[] }>(`/api/poll/${poller}`);
      expect(heard(polled.body.events)).toEqual([`${LIST_PROGRESS} ${groceries.id}`]);
    } finally {
      socket.close();
      browser.close();
    }
  });

  it("stops a token's websocket at once when the token is revoked", async () => {
    const made = await makeToken(ann, { name: "Revoked live", access: "read", listIds: [groceries.id] });
    const socket = await TestSocket.open(live.wsUrl, { authorization: `Bearer ${made.token}` });
    try {
      expect(await socket.connect({ listId: groceries.id })).toMatchObject({ type: "connect", listId: groceries.id });
      const before = socket.messages.length;
      await addTask(ann, { listId: groceries.id, title: "Before" });
      await socket.next((message) => message.type === "task_created", 3_000, before);
      expect((await ann.delete(`/api/tokens/${made.id}`)).status).toBe(204);
      await Bun.sleep(200);
      const after = socket.messages.length;
      await addTask(ann, { listId: groceries.id, title: "After" });
      expect((await socket.settle(after, 400)).filter((message) => message.type === "task_created")).toEqual([]);
    } finally {
      socket.close();
    }
  });

  it("stops a token's websocket once the token expires", async () => {
    const made = await makeToken(ann, { name: "Expiring live", access: "read", listIds: [groceries.id], expiresInDays: 1 });
    const soon = Date.now() + 800;
    await t.store.db.run("UPDATE api_tokens SET expires_at = ? WHERE id = ?", [soon, made.id]);
    const socket = await TestSocket.open(live.wsUrl, { authorization: `Bearer ${made.token}` });
    try {
      expect(await socket.connect({ listId: groceries.id })).toMatchObject({ type: "connect", listId: groceries.id });
      const before = socket.messages.length;
      await addTask(ann, { listId: groceries.id, title: "In time" });
      await socket.next((message) => message.type === "task_created", 3_000, before);
      await Bun.sleep(Math.max(0, soon - Date.now()) + 50);
      const after = socket.messages.length;
      await addTask(ann, { listId: groceries.id, title: "Too late" });
      expect((await socket.settle(after, 400)).filter((message) => message.type === "task_created")).toEqual([]);
    } finally {
      socket.close();
    }
  });
});
