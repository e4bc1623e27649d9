import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { PollResponse } from "../../src/shared/realtime";
import type { TaskList } from "../../src/shared/types";
import { startLiveServer, TestSocket } from "../helpers/live";
import { type Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

/**
 * Home's live counts: `list_progress` reaches the owner's and recipients' clients that follow no
 * list (Home), over the websocket and long polling, and never a list page's (docs/http-contract.md#long-poll).
 * It carries the list's new counts, read once per change and only while a Home is open
 * (docs/http-contract.md#live-messages).
 */
describe("list progress live", () => {
  let t: TestApp;
  let live: ReturnType<typeof startLiveServer>;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    t = await makeTestApp("sqlite");
    live = startLiveServer(t, { pollWaitMs: 1_000 });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await live.running.stop();
    await t.close();
  });

  const open = async (client: Client) => {
    const socket = await TestSocket.open(live.wsUrl, { cookie: client.cookie });
    sockets.push(socket);
    return socket;
  };
  const call = async <T>(client: Client, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${live.running.url}${path}`, {
      method,
      headers: { cookie: client.cookie, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return (await response.json()) as T;
  };

  it("tells Home on every device of the owner and recipients, and no list page", async () => {
    const ann = await registerUser(t, "ann");
    const ben = await registerUser(t, "ben");
    const groceries = (await ann.post<TaskList>("/api/task-lists", { name: "Groceries" })).body;
    const chores = (await ann.post<TaskList>("/api/task-lists", { name: "Chores" })).body;
    await ann.post("/api/share-by-username", { listId: groceries.id, username: "ben" });
    const annHome = await open(ann);
    const benHome = await open(ben);
    const choresPage = await open(ann);
    expect(await choresPage.connect({ listId: chores.id })).toMatchObject({ type: "connect" });
    const { clientId: homePoll } = await call<{ clientId: string }>(ann, "POST", "/api/poll/connect", {});
    const { clientId: pagePoll } = await call<{ clientId: string }>(ann, "POST", "/api/poll/connect", {});
    await call(ann, "POST", "/api/poll/subscribe", { clientId: pagePoll, listId: chores.id });
    const homeAnswer = call<PollResponse>(ann, "GET", `/api/poll/${homePoll}`);
    const pageAnswer = call<PollResponse>(ann, "GET", `/api/poll/${pagePoll}`);
    const from = choresPage.messages.length;

    await ann.post("/api/tasks", { listId: groceries.id, title: "Milk" });
    const told = { type: "list_progress", listId: groceries.id, payload: { done: 0, total: 1 } };
    expect(await annHome.nextOfType("list_progress")).toMatchObject(told);
    expect(await benHome.nextOfType("list_progress")).toMatchObject(told);
    expect((await homeAnswer).events).toEqual([expect.objectContaining(told)]);
    // The page following another list neither wakes nor hears of it; its own list's change reaches it.
    expect((await pageAnswer).events).toEqual([]);
    expect(await choresPage.settle(from, 200, ["list_progress"])).toEqual([]);
    await ann.post("/api/tasks", { listId: chores.id, title: "Sweep" });
    expect(await choresPage.nextOfType("task_created", 3000, from)).toMatchObject({ listId: chores.id });
    expect(await choresPage.settle(from, 200, ["list_progress"])).toEqual([]);
  });

  it("carries the counts after each change, and reads them only while a Home of the list's users is open", async () => {
    const cleo = await registerUser(t, "cleo");
    const trip = (await cleo.post<TaskList>("/api/task-lists", { name: "Trip" })).body;
    const page = await open(cleo);
    expect(await page.connect({ listId: trip.id })).toMatchObject({ type: "connect" });
    const reads = vi.spyOn(t.store.db, "get");
    const countReads = () => reads.mock.calls.filter(([sql]) => /FROM tasks t WHERE t.list_id = \?/.test(sql)).length;
    try {
      // Only the list page is open: the change reaches it, and nothing is counted for a Home.
      const from = page.messages.length;
      const tent = (await cleo.post<{ id: number }>("/api/tasks", { listId: trip.id, title: "Tent" })).body;
      expect(await page.nextOfType("task_created", 3000, from)).toMatchObject({ listId: trip.id });
      expect(countReads()).toBe(0);

      // With Home open, each change arrives counted: one read for it.
      const home = await open(cleo);
      await cleo.patch(`/api/tasks/${tent.id}`, { completed: true });
      expect(await home.nextOfType("list_progress")).toMatchObject({ listId: trip.id, payload: { done: 1, total: 1 } });
      expect(countReads()).toBe(1);
      const mark = home.messages.length;
      await cleo.post("/api/tasks", { listId: trip.id, title: "Stove" });
      expect(await home.nextOfType("list_progress", 3000, mark)).toMatchObject({ listId: trip.id, payload: { done: 1, total: 2 } });
      expect(countReads()).toBe(2);
    } finally {
      reads.mockRestore();
    }
  });
});
