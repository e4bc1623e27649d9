import { afterAll, beforeAll, expect, it } from "vitest";
import type { LiveMessage, PollResponse } from "../../src/shared/realtime";
import type { TaskList } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { jsonCall, startLiveServer, TestSocket } from "../helpers/live";
import { type Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

/**
 * Replay never reaches before access (docs/product-rules.md#history-floor). Whoever can open a list
 * today and asks to replay from lastEventId=0 gets `resync` for it, never the events recorded
 * before their subscription was granted (here: the title of an item deleted before they came).
 * Each case ends with a positive control: an event after the subscription does arrive.
 */
const SECRET = "Secret from before";

describeEachDialect("the replay floor", (dialect) => {
  let t: TestApp;
  let live: ReturnType<typeof startLiveServer>;
  let owner: Awaited<ReturnType<typeof registerUser>>;
  const sockets: TestSocket[] = [];

  const call = <T>(client: Client | undefined, method: string, path: string, body?: unknown) =>
    jsonCall<T>(live.running.url, method, path, body, client?.cookie ? { cookie: client.cookie } : {});
  /** Connects and subscribes a poll client as the page's client does, answering its id. */
  async function follow(client: Client | undefined, target: { listId?: number; shareId?: string }) {
    const query = target.shareId ? `?shareId=${target.shareId}` : "";
    const { clientId } = (await call<{ clientId: string }>(client, "POST", `/api/poll/connect${query}`, {})).body;
    expect((await call(client, "POST", `/api/poll/subscribe${query}`, { clientId, ...target })).status).toBe(200);
    return (lastEventId: number) =>
      call<PollResponse>(client, "GET", `/api/poll/${clientId}?lastEventId=${lastEventId}${query ? `&${query.slice(1)}` : ""}`);
  }
  /** A list with history: an item added, renamed and deleted before anyone else could see it. */
  async function listWithPast(name: string) {
    const list = (await owner.post<TaskList>("/api/task-lists", { name })).body;
    const task = (await owner.post<{ id: number }>("/api/tasks", { title: SECRET, description: "deleted long ago", listId: list.id })).body;
    await owner.patch(`/api/tasks/${task.id}`, { title: `${SECRET}, renamed` });
    await owner.delete(`/api/tasks/${task.id}`);
    return list;
  }
  /** Asking for everything gets exactly `resync` for the list; then a new change arrives. */
  async function expectFloor(poll: (lastEventId: number) => Promise<{ status: number; body: PollResponse }>, list: TaskList) {
    const replay = await poll(0);
    expect(replay.status).toBe(200);
    expect(replay.body.events).toEqual([expect.objectContaining({ type: "resync", listId: list.id, id: expect.any(Number) })]);
    expect(JSON.stringify(replay.body)).not.toContain(SECRET);
    const resyncId = replay.body.events[0]!.id!;
    const next = poll(resyncId);
    await Bun.sleep(100);
    await owner.post("/api/tasks", { title: "Fresh", listId: list.id });
    const fresh = (await next).body.events;
    expect(fresh.map((event: LiveMessage) => [event.type, (event.payload as { title?: string }).title])).toEqual([
      ["task_created", "Fresh"],
    ]);
    // Resuming from what it was sent works as before.
    expect((await poll(resyncId)).body.events.map((event) => event.type)).toEqual(["task_created"]);
  }

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    live = startLiveServer(t, { pollWaitMs: 1_000 });
    owner = await registerUser(t, "owner");
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await live.running.stop();
    await t.close();
  });

  it("gives a new recipient resync, not the list's earlier history", async () => {
    const list = await listWithPast("Shared today");
    const bob = await registerUser(t, "bob");
    await owner.post("/api/share-by-username", { listId: list.id, username: "bob", accessLevel: "write" });
    await expectFloor(await follow(bob, { listId: list.id }), list);
  });

  it("gives an anonymous link holder resync, not the list's earlier history", async () => {
    const list = await listWithPast("Linked today");
    await expectFloor(await follow(undefined, { shareId: list.shareId }), list);
  });

  it("gives someone unshared and shared again nothing from while they were away", async () => {
    const list = (await owner.post<TaskList>("/api/task-lists", { name: "On and off" })).body;
    const carol = await registerUser(t, "carol");
    await owner.post("/api/share-by-username", { listId: list.id, username: "carol", accessLevel: "write" });
    const first = await follow(carol, { listId: list.id });
    await owner.post("/api/tasks", { title: "Seen while shared", listId: list.id });
    const seen = (await first(0)).body.events.filter((event) => event.type === "task_created");
    expect(seen).toHaveLength(1);

    await owner.delete(`/api/unshare/${list.id}/${carol.user.id}`);
    const away = (await owner.post<{ id: number }>("/api/tasks", { title: SECRET, listId: list.id })).body;
    await owner.delete(`/api/tasks/${away.id}`);
    await owner.post("/api/share-by-username", { listId: list.id, username: "carol", accessLevel: "write" });
    // The old client lost the list; following it again starts from now, on a new client or the old one.
    await expectFloor(await follow(carol, { listId: list.id }), list);
    const again = await first(seen[0]!.id!);
    expect(JSON.stringify(again.body)).not.toContain(SECRET);
  });

  it("resumes a new list from the eventId its subscribe answered, without resync, while other lists have newer events", async () => {
    await listWithPast("Someone else's busy list");
    const fresh = (await owner.post<TaskList>("/api/task-lists", { name: "Brand new" })).body;
    const { clientId } = (await call<{ clientId: string }>(owner, "POST", "/api/poll/connect", {})).body;
    const subscribed = await call<{ eventId: number }>(owner, "POST", "/api/poll/subscribe", { clientId, listId: fresh.id });
    expect(subscribed.body.eventId).toBe(0);
    const next = call<PollResponse>(owner, "GET", `/api/poll/${clientId}?lastEventId=${subscribed.body.eventId}`);
    await Bun.sleep(100);
    await owner.post("/api/tasks", { title: "First", listId: fresh.id });
    expect((await next).body.events.map((event) => [event.type, (event.payload as { title?: string }).title])).toEqual([
      ["task_created", "First"],
    ]);
  });

  it("never replays over the websocket either: a connect, even naming lastEventId, only gets what follows", async () => {
    const list = await listWithPast("Socket today");
    const dave = await registerUser(t, "dave");
    await owner.post("/api/share-by-username", { listId: list.id, username: "dave", accessLevel: "write" });
    const socket = await TestSocket.open(live.wsUrl, { cookie: dave.cookie });
    sockets.push(socket);
    socket.send({ type: "connect", listId: list.id, lastEventId: 0, timestamp: Date.now(), messageId: "m1" });
    expect(await socket.next((m) => m.messageId === "m1")).toMatchObject({ type: "connect", listId: list.id });
    await owner.post("/api/tasks", { title: "Fresh over the socket", listId: list.id });
    expect(await socket.nextOfType("task_created")).toMatchObject({ payload: { title: "Fresh over the socket" } });
    expect(JSON.stringify(socket.messages)).not.toContain(SECRET);
  });
});
