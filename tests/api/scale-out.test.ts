import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PollResponse } from "../../src/shared/realtime";
import type { TaskList } from "../../src/shared/types";
import { isPostgresAvailable, isRedisAvailable } from "../helpers/databases";
import { type Instance, startTwoInstances } from "../helpers/instances";
import { jsonCall, TestSocket } from "../helpers/live";
import { TEST_INVITE_CODE, TEST_PASSWORD } from "../helpers/test-app";

const available = (await isPostgresAvailable()) && (await isRedisAvailable());

/**
 * Scale-out: two instances on one PostgreSQL database and one Redis, as behind a load
 * balancer. A change made through instance A reaches a websocket client of instance B, and a
 * long-poll client of B replays it from the shared events table.
 */
describe.skipIf(!available)("two instances on PostgreSQL and Redis", () => {
  let cluster: Awaited<ReturnType<typeof startTwoInstances>>;
  let instances: Instance[] = [];
  let cookie = "";
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    cluster = await startTwoInstances({ poll: { waitMs: 2_000 } });
    instances = cluster.instances;
    const registered = await fetch(`${instances[0]!.running.url}/api/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "scaler", password: TEST_PASSWORD, inviteCode: TEST_INVITE_CODE }),
    });
    cookie = registered.headers.get("set-cookie")!.split(";")[0]!;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await cluster?.close();
  });

  const on = (index: number) => instances[index]!.running.url;
  const call = <T>(index: number, method: string, path: string, body?: unknown) => jsonCall<T>(on(index), method, path, body, { cookie });

  it("delivers a change made through instance A to a websocket client of instance B", async () => {
    const list = (await call<TaskList>(0, "POST", "/api/task-lists", { name: "Across" })).body;
    const socket = await TestSocket.open(`${on(1).replace("http", "ws")}/ws`, { cookie });
    sockets.push(socket);
    // The session made on A is valid on B: it lives in the shared database.
    expect(await socket.connect({ listId: list.id })).toMatchObject({ type: "connect", listId: list.id });
    const created = await call<{ id: number }>(0, "POST", "/api/tasks", { title: "From A", listId: list.id });
    expect(created.status).toBe(201);
    expect(await socket.nextOfType("task_created")).toMatchObject({ listId: list.id, payload: { id: created.body.id, title: "From A" } });
    await call(0, "POST", `/api/tasks/${created.body.id}/toggle`);
    expect(await socket.nextOfType("task_updated")).toMatchObject({ payload: { completed: true } });
  });

  it("lets a long-poll client of B replay changes made on A, and answers 404 for A's client on B", async () => {
    const list = (await call<TaskList>(0, "POST", "/api/task-lists", { name: "Polled across" })).body;
    const onA = (await call<{ clientId: string }>(0, "POST", "/api/poll/connect", {})).body.clientId;
    expect((await call(1, "GET", `/api/poll/${onA}`)).status).toBe(404);

    const clientId = (await call<{ clientId: string }>(1, "POST", "/api/poll/connect", {})).body.clientId;
    expect((await call(1, "POST", "/api/poll/subscribe", { clientId, listId: list.id })).status).toBe(200);
    const waiting = call<PollResponse>(1, "GET", `/api/poll/${clientId}`);
    await Bun.sleep(100);
    await call(0, "POST", "/api/tasks", { title: "One", listId: list.id });
    const first = (await waiting).body.events;
    expect(first.map((event) => event.type)).toEqual(["task_created"]);
    await call(0, "POST", "/api/tasks", { title: "Two", listId: list.id });
    await call(0, "POST", "/api/tasks", { title: "Three", listId: list.id });
    // A fresh client on B, resuming from the last id it saw as a browser does after a 404, is told
    // to refetch (its subscription is newer than that id: the replay floor), then follows on.
    const again = (await call<{ clientId: string }>(1, "POST", "/api/poll/connect", {})).body.clientId;
    await call(1, "POST", "/api/poll/subscribe", { clientId: again, listId: list.id });
    const replay = (await call<PollResponse>(1, "GET", `/api/poll/${again}?lastEventId=${first[0]!.id}`)).body.events;
    expect(replay.map((event) => [event.type, event.listId])).toEqual([["resync", list.id]]);
    const next = call<PollResponse>(1, "GET", `/api/poll/${again}?lastEventId=${replay[0]!.id}`);
    await Bun.sleep(100);
    await call(0, "POST", "/api/tasks", { title: "Four", listId: list.id });
    expect((await next).body.events.map((event) => (event.payload as { title: string }).title)).toEqual(["Four"]);
  });

  it("stops B's link-holding socket when the link is rotated through A", async () => {
    const list = (await call<TaskList>(0, "POST", "/api/task-lists", { name: "Revoked across" })).body;
    const socket = await TestSocket.open(`${on(1).replace("http", "ws")}/ws`);
    sockets.push(socket);
    expect(await socket.connect({ shareId: list.shareId })).toMatchObject({ type: "connect" });
    await call(0, "POST", `/api/task-lists/${list.id}/rotate-share-id`);
    await socket.nextOfType("access_revoked");
    const from = socket.messages.length;
    await call(0, "POST", "/api/tasks", { title: "Unseen", listId: list.id });
    expect(await socket.settle(from, 300, ["task_created"])).toEqual([]);
  });
});
