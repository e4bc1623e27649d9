import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { DELETED_KEPT_MS, purgeDeleted } from "../../src/domain/undo";
import { createStore } from "../../src/store";
import { migrate } from "../../src/store/migrate";
import { openSqlite } from "../../src/store/sqlite";
import type { ShareRecord, SharedWithMeItem, Task, TaskList } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { startLiveServer, TestSocket } from "../helpers/live";
import { startServerProcess } from "../helpers/server-process";
import { createList, publishedSince, snapshot } from "../helpers/lists";
import { addTask } from "../helpers/tasks";
import { Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

/** Undo for lists (docs/product-rules.md#undo-and-restore) (soft delete everywhere, live included, and restore), and the 30-day purge. */
describeEachDialect("undoing list deletes", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  it("hides a deleted list everywhere, live updates included, and its owner alone restores it as it was", async () => {
    const ann = await registerUser(t, "ann");
    const ben = await registerUser(t, "ben");
    const eve = await registerUser(t, "eve");
    const list = await createList(ann, "Trip");
    const tent = await addTask(ann, { listId: list.id, title: "Tent", completed: true });
    expect((await ann.post("/api/share-by-username", { listId: list.id, username: "ben" })).status).toBe(201);
    expect((await ann.delete(`/api/task-lists/${list.id}`)).body).toEqual({ message: "List deleted", id: list.id });

    const notFound = { status: 404, body: { message: "List not found" } };
    const visitor = new Client(t);
    expect((await ann.get<TaskList[]>("/api/task-lists")).body).toEqual([]);
    expect((await ann.get<ShareRecord[]>("/api/my-shared-lists")).body).toEqual([]);
    expect((await ben.get<SharedWithMeItem[]>("/api/shared-with-me")).body).toEqual([]);
    expect((await ben.get<number[]>("/api/shared-list-ids")).body).toEqual([]);
    expect((await ann.get("/api/task-lists/progress")).body).toEqual({ progress: {} });
    expect(await ben.get(`/api/list/${list.id}`)).toMatchObject(notFound);
    expect(await ann.get(`/api/tasks?listId=${list.id}`)).toMatchObject(notFound);
    expect(await visitor.get(`/api/list?shareId=${list.shareId}`)).toMatchObject(notFound);
    expect(await visitor.get(`/api/task-lists/by-share-id/${list.shareId}`)).toMatchObject(notFound);
    expect(await ann.patch(`/api/task-lists/${list.id}`, { name: "Renamed" })).toMatchObject(notFound);
    expect(await ann.post(`/api/tasks/${tent.id}/toggle`)).toMatchObject({ status: 404 });
    expect((await ann.get(`/list/${list.id}`)).status).toBe(404);

    // Live updates refuse it too, over the websocket and long polling.
    const live = startLiveServer(t, { pollWaitMs: 200 });
    try {
      const socket = await TestSocket.open(live.wsUrl, { cookie: ann.cookie });
      expect(await socket.connect({ listId: list.id })).toMatchObject({ type: "error", message: "List not found" });
      expect(await socket.connect({ shareId: list.shareId })).toMatchObject({ type: "error", message: "List not found" });
      socket.ws.close();
      const post = (path: string, body: unknown) =>
        fetch(`${live.running.url}${path}`, {
          method: "POST",
          headers: { cookie: ann.cookie, "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      const { clientId } = (await (await post("/api/poll/connect", {})).json()) as { clientId: string };
      const subscribed = await post("/api/poll/subscribe", { clientId, listId: list.id });
      expect({ status: subscribed.status, body: await subscribed.json() }).toEqual(notFound);
    } finally {
      await live.running.stop();
    }

    const before = await snapshot(t);
    expect(await ben.post(`/api/task-lists/${list.id}/restore`)).toMatchObject(notFound);
    expect(await eve.post(`/api/task-lists/${list.id}/restore`)).toMatchObject(notFound);
    expect(await visitor.post(`/api/task-lists/${list.id}/restore`)).toMatchObject({ status: 401 });
    expect(await snapshot(t)).toEqual(before);

    const mark = t.published.length;
    const restored = await ann.post<TaskList>(`/api/task-lists/${list.id}/restore`);
    expect(restored).toMatchObject({ status: 200, body: list });
    const row = await t.store.db.get<{ deleted_at: unknown }>("SELECT deleted_at FROM task_lists WHERE id = ?", [list.id]);
    expect(row?.deleted_at).toBeNull();
    const { shareId: _secret, ...withoutLink } = list;
    expect(publishedSince(t, mark).map(({ topic, message }) => [topic, message.type, message.payload ?? message.listId])).toEqual([
      [`list:${list.id}`, "list_updated", withoutLink],
      [`user:${ann.user.id}`, "list_updated", list.id],
      [`user:${ben.user.id}`, "share_added", list.id],
    ]);
    expect((await ann.get<TaskList[]>("/api/task-lists")).body).toEqual([list]);
    expect((await ben.get<SharedWithMeItem[]>("/api/shared-with-me")).body.map((item) => item.list.id)).toEqual([list.id]);
    expect((await ben.get<{ tasks: Task[] }>(`/api/list/${list.id}`)).body.tasks).toEqual([tent]);
    expect(await ann.post(`/api/task-lists/${list.id}/restore`)).toMatchObject(notFound);
  });

  it("counts live lists only against the 25-list limit, and restores only within it", async () => {
    const cat = await registerUser(t, "cat");
    const lists = [];
    for (let n = 0; n < 25; n++) lists.push(await createList(cat, `List ${n}`));
    expect((await cat.delete(`/api/task-lists/${lists[0]!.id}`)).status).toBe(200);
    await createList(cat, "The 25th live one");
    const before = await snapshot(t);
    expect(await cat.post(`/api/task-lists/${lists[0]!.id}/restore`)).toMatchObject({
      status: 403,
      body: { message: "You can have at most 25 lists", error: "LIST_LIMIT_REACHED" },
    });
    expect(await snapshot(t)).toEqual(before);
    expect((await cat.delete(`/api/task-lists/${lists[1]!.id}`)).status).toBe(200);
    expect(await cat.post(`/api/task-lists/${lists[0]!.id}/restore`)).toMatchObject({ status: 200, body: { id: lists[0]!.id } });
  });

  it("purges items and lists deleted more than 30 days before, and nothing younger", async () => {
    // A database of its own: the purge counts every deleted row in it.
    const t = await makeTestApp(dialect);
    onTestFinished(() => t.close());
    const dan = await registerUser(t, "dan");
    await registerUser(t, "ida");
    const kept = await createList(dan, "Kept");
    const doomed = await createList(dan, "Doomed");
    const live = await addTask(dan, { listId: kept.id, title: "Live" });
    const old = await addTask(dan, { listId: kept.id, title: "Old" });
    const recent = await addTask(dan, { listId: kept.id, title: "Recent" });
    const inDoomed = await addTask(dan, { listId: doomed.id, title: "In doomed" });
    await dan.post("/api/share-by-username", { listId: doomed.id, username: "ida" });
    await dan.delete(`/api/tasks/${old.id}`);
    await dan.delete(`/api/tasks/${recent.id}`);
    await dan.delete(`/api/task-lists/${doomed.id}`);
    const deletedAt = Date.now();
    await t.store.db.run("UPDATE tasks SET deleted_at = ? WHERE id = ?", [deletedAt - DELETED_KEPT_MS - 60_000, old.id]);
    const ids = async () => ({
      tasks: (await t.store.db.all<{ id: number | string }>("SELECT id FROM tasks ORDER BY id")).map((r) => Number(r.id)),
      lists: (await t.store.db.all<{ id: number | string }>("SELECT id FROM task_lists ORDER BY id")).map((r) => Number(r.id)),
      shares: (await t.store.db.all("SELECT id FROM list_shares WHERE list_id = ?", [doomed.id])).length,
    });
    const before = await ids();
    expect(before.shares).toBe(1);

    expect(await purgeDeleted(t.store)).toEqual({ tasks: 1, lists: 0 });
    expect(await ids()).toEqual({ ...before, tasks: before.tasks.filter((id) => id !== old.id) });

    // 29 days on, nothing more goes; past 30 days the rest of what was deleted goes, with the list's items and shares.
    expect(await purgeDeleted(t.store, deletedAt + DELETED_KEPT_MS - 24 * 60 * 60 * 1000)).toEqual({ tasks: 0, lists: 0 });
    expect(await purgeDeleted(t.store, deletedAt + DELETED_KEPT_MS + 60_000)).toEqual({ tasks: 1, lists: 1 });
    const after = await ids();
    expect(after.tasks).toContain(live.id);
    expect(after.tasks).not.toContain(recent.id);
    expect(after.tasks).not.toContain(inDoomed.id);
    expect(after.lists).toContain(kept.id);
    expect(after.lists).not.toContain(doomed.id);
    expect(after.shares).toBe(0);
    expect(await dan.post(`/api/task-lists/${doomed.id}/restore`)).toMatchObject({ status: 404 });
    expect(await dan.post("/api/tasks/restore", { ids: [recent.id] })).toMatchObject({ status: 404 });
  });
});

describe("the server process", () => {
  it("purges what was deleted over 30 days ago as it starts", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "listwell-purge-")), "listwell.db");
    const db = openSqlite(path);
    await migrate(db);
    const store = createStore(db);
    const user = await store.users.create("old", "x");
    const list = await store.lists.create({ name: "Old", userId: user.id, shareId: "old-link", position: 0 });
    await db.run("UPDATE task_lists SET deleted_at = ? WHERE id = ?", [Date.now() - DELETED_KEPT_MS - 60_000, list.id]);
    const control = await store.lists.create({ name: "Recent", userId: user.id, shareId: "recent-link", position: 1 });
    await db.run("UPDATE task_lists SET deleted_at = ? WHERE id = ?", [Date.now(), control.id]);
    await db.close();

    const server = await startServerProcess({ DATABASE_URL: path, INVITE_CODE: "purge-test" });
    const reader = openSqlite(path);
    try {
      const remaining = async () => (await reader.all<{ name: string }>("SELECT name FROM task_lists ORDER BY id")).map((row) => row.name);
      await expect.poll(remaining).toEqual(["Recent"]);
    } finally {
      await reader.close();
      expect(await server.stop()).toBe(0);
    }
  });
});
