import { afterAll, beforeAll, expect, it } from "vitest";
import type { Task } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { createList, insertTask } from "../helpers/lists";
import { addTask, listEventsSince, taskSnapshot } from "../helpers/tasks";
import { Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

/** Undo for items (docs/product-rules.md#undo-and-restore): soft delete, restore, and what deleted items leave visible (nothing). */
const deletedAtOf = async (t: TestApp, ids: number[]) => {
  const rows = await t.store.db.all<{ id: number | string; deleted_at: number | string | null }>(
    `SELECT id, deleted_at FROM tasks WHERE id IN (${ids.map(() => "?").join(", ")}) ORDER BY id`,
    ids,
  );
  return rows.map((row) => (row.deleted_at === null ? null : Number(row.deleted_at)));
};

describeEachDialect("undoing item deletes", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  /** A list with a parent of two sub-items and a plain item, added through the API. */
  async function groceries(client: Awaited<ReturnType<typeof registerUser>>) {
    const list = await createList(client, "Groceries");
    const parent = await addTask(client, { listId: list.id, title: "Party", isParent: true });
    const cake = await addTask(client, { listId: list.id, title: "Cake", parentId: parent.id, completed: true });
    const candles = await addTask(client, { listId: list.id, title: "Candles", parentId: parent.id });
    const milk = await addTask(client, { listId: list.id, title: "Milk" });
    return { list, parent, cake, candles, milk };
  }

  it("deletes an item and its sub-items softly: the rows stay, every read and page treats them as gone", async () => {
    const ann = await registerUser(t, "ann");
    const { list, parent, cake, candles, milk } = await groceries(ann);
    const before = Date.now();
    const res = await ann.delete(`/api/tasks/${parent.id}`);
    expect(res).toEqual(
      expect.objectContaining({
        status: 200,
        body: { message: "Task deleted", id: parent.id, deletedIds: [parent.id, cake.id, candles.id] },
      }),
    );
    const stamps = await deletedAtOf(t, [parent.id, cake.id, candles.id, milk.id]);
    expect(stamps.slice(0, 3).every((stamp) => stamp !== null && stamp >= before && stamp <= Date.now())).toBe(true);
    expect(stamps[3]).toBeNull();

    expect((await ann.get<Task[]>(`/api/tasks?listId=${list.id}`)).body).toEqual([milk]);
    expect((await ann.get(`/api/list/${list.id}`)).body).toMatchObject({ tasks: [milk] });
    const gone = { status: 404, body: { message: "Task not found" } };
    expect(await ann.get(`/api/tasks/parent/${parent.id}`)).toMatchObject(gone);
    expect(await ann.get(`/api/tasks?listId=${list.id}&parentId=${parent.id}`)).toMatchObject(gone);
    expect(await ann.patch(`/api/tasks/${cake.id}`, { title: "Pie" })).toMatchObject(gone);
    expect(await ann.post(`/api/tasks/${cake.id}/toggle`)).toMatchObject(gone);
    expect(await ann.delete(`/api/tasks/${parent.id}`)).toMatchObject(gone);
    expect(await ann.post("/api/tasks", { listId: list.id, title: "Under a deleted parent", parentId: parent.id })).toMatchObject({
      status: 400,
      body: { error: "INVALID_PARENT" },
    });
    const page = await ann.get<string>(`/list/${list.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Milk");
    expect(page.body).not.toContain("Candles");
    // A reset leaves deleted items as they were (cake stays completed for its undo).
    expect((await ann.post(`/api/tasks/reset-completions`, { listId: list.id })).status).toBe(200);
    const row = await t.store.db.get<{ completed: number | string }>("SELECT completed FROM tasks WHERE id = ?", [cake.id]);
    expect(Number(row?.completed)).toBe(1);
  });

  it("restores items with the same ids, positions and completion, parents first, each announced as task_created", async () => {
    const ben = await registerUser(t, "ben");
    const { list, parent, cake, candles, milk } = await groceries(ben);
    await ben.delete(`/api/tasks/${parent.id}`);
    const mark = t.published.length;
    const res = await ben.post<{ tasks: Task[] }>("/api/tasks/restore", { ids: [candles.id, parent.id, cake.id] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ tasks: [parent, cake, candles] });
    expect(await deletedAtOf(t, [parent.id, cake.id, candles.id])).toEqual([null, null, null]);
    expect((await ben.get<Task[]>(`/api/tasks?listId=${list.id}`)).body).toEqual([parent, cake, candles, milk]);
    const events = listEventsSince(t, mark);
    expect(events.map((event) => [event.topic, event.message.type, (event.message.payload as Task).id])).toEqual([
      [`list:${list.id}`, "task_created", parent.id],
      [`list:${list.id}`, "task_created", cake.id],
      [`list:${list.id}`, "task_created", candles.id],
    ]);
    expect(events[1]!.message.payload).toEqual(cake);

    // Nothing left to restore: live, unknown and mixed ids answer 404 and change nothing.
    const snapshot = await taskSnapshot(t);
    for (const ids of [[milk.id], [999_999], [parent.id, 999_999]]) {
      expect(await ben.post("/api/tasks/restore", { ids })).toMatchObject({ status: 404, body: { message: "Task not found" } });
    }
    expect(await ben.post("/api/tasks/restore", { ids: [] })).toMatchObject({ status: 400, body: { message: "Nothing to restore" } });
    expect(await new Client(t).post("/api/tasks/restore", { ids: [milk.id] })).toMatchObject({ status: 401 });
    expect(await taskSnapshot(t)).toEqual(snapshot);
  });

  it("undoes clear-completed: the owner gets completed items back still completed", async () => {
    const cy = await registerUser(t, "cyd");
    const { list, parent, cake, candles, milk } = await groceries(cy);
    await cy.post(`/api/tasks/${parent.id}/toggle`);
    const cleared = await cy.post<{ deletedIds: number[] }>(`/api/tasks/clear-completed?listId=${list.id}`);
    expect(cleared.body).toEqual({ id: null, deletedIds: [parent.id, cake.id, candles.id] });
    expect((await cy.get<Task[]>(`/api/tasks?listId=${list.id}`)).body).toEqual([milk]);
    const res = await cy.post<{ tasks: Task[] }>("/api/tasks/restore", { ids: cleared.body.deletedIds });
    expect(res.body.tasks.map((task) => [task.title, task.completed, task.position])).toEqual([
      ["Party", true, parent.position],
      ["Cake", true, cake.position],
      // Ticking the parent ticked its open sub-item too (docs/decisions/043-sub-item-ticks.md).
      ["Candles", true, candles.position],
    ]);
  });

  it("lets callers restore what they deleted while they may write the list; a sub-item needs its parent", async () => {
    const dee = await registerUser(t, "dee");
    const reader = await registerUser(t, "dee_reader");
    const writer = await registerUser(t, "dee_writer");
    const eve = await registerUser(t, "eve");
    const { list, parent, cake, milk } = await groceries(dee);
    const other = await groceries(dee);
    await dee.post("/api/share-by-username", { listId: list.id, username: "dee_reader", accessLevel: "read" });
    await dee.post("/api/share-by-username", { listId: list.id, username: "dee_writer", accessLevel: "write" });
    const visitor = new Client(t);
    await writer.delete(`/api/tasks/${parent.id}`);
    await visitor.delete(`/api/tasks/${milk.id}?shareId=${list.shareId}`);
    await dee.delete(`/api/tasks/${other.milk.id}`);
    const snapshot = await taskSnapshot(t);
    const notFound = { status: 404, body: { message: "Task not found" } };
    expect(await eve.post("/api/tasks/restore", { ids: [milk.id] })).toMatchObject(notFound);
    expect(await eve.post(`/api/tasks/restore?shareId=${other.list.shareId}`, { ids: [milk.id] })).toMatchObject(notFound);
    expect(await dee.post("/api/tasks/restore", { ids: [milk.id, other.milk.id] })).toMatchObject(notFound);
    expect(await writer.post("/api/tasks/restore", { ids: [cake.id] })).toMatchObject(notFound);
    // What someone else deleted is, to anyone but the owner, an id that never was (docs/product-rules.md#undo-and-restore).
    expect(await reader.post("/api/tasks/restore", { ids: [milk.id] })).toMatchObject(notFound);
    await t.store.lists.update(list.id, { linkAccess: "read" });
    expect(await visitor.post(`/api/tasks/restore?shareId=${list.shareId}`, { ids: [milk.id] })).toMatchObject({
      status: 403,
      body: { error: "READ_ONLY" },
    });
    expect(await taskSnapshot(t)).toEqual(snapshot);

    await t.store.lists.update(list.id, { linkAccess: "write" });
    expect(await visitor.post(`/api/tasks/restore?shareId=${list.shareId}`, { ids: [milk.id] })).toMatchObject({
      status: 200,
      body: { tasks: [milk] },
    });
    expect(await writer.post("/api/tasks/restore", { ids: [parent.id, cake.id] })).toMatchObject({ status: 200 });
  });

  it("counts live items only against the 100-item limit, and restores only within it", async () => {
    const fay = await registerUser(t, "fay");
    const list = await createList(fay, "Full");
    for (let position = 0; position < 99; position++)
      await insertTask(t, { listId: list.id, userId: fay.user.id, title: `#${position}`, position });
    const doomed = await addTask(fay, { listId: list.id, title: "Doomed" });
    await fay.delete(`/api/tasks/${doomed.id}`);
    // 99 live and one deleted: the 100th live item fits.
    const hundredth = await addTask(fay, { listId: list.id, title: "Hundredth" });
    expect(await fay.post("/api/tasks", { listId: list.id, title: "101st" })).toMatchObject({
      status: 403,
      body: { error: "ITEM_LIMIT_REACHED" },
    });
    const snapshot = await taskSnapshot(t);
    expect(await fay.post("/api/tasks/restore", { ids: [doomed.id] })).toMatchObject({
      status: 403,
      body: { message: "This list has reached its limit of 100 items", error: "ITEM_LIMIT_REACHED" },
    });
    expect(await taskSnapshot(t)).toEqual(snapshot);
    await fay.delete(`/api/tasks/${hundredth.id}`);
    expect(await fay.post("/api/tasks/restore", { ids: [doomed.id] })).toMatchObject({ status: 200, body: { tasks: [doomed] } });
    expect(await t.store.tasks.countInList(list.id)).toBe(100);
  });

  it("puts a restored sub-item after its parent when the parent moved below it meanwhile", async () => {
    const gus = await registerUser(t, "gus");
    const list = await createList(gus, "Moves");
    const parent = await addTask(gus, { listId: list.id, title: "Parent", isParent: true });
    const child = await addTask(gus, { listId: list.id, title: "Child", parentId: parent.id });
    const other = await addTask(gus, { listId: list.id, title: "Other" });
    await gus.delete(`/api/tasks/${child.id}`);
    expect(
      (
        await gus.post("/api/tasks/reorder", [
          { id: other.id, position: 0 },
          { id: parent.id, position: 1 },
        ])
      ).status,
    ).toBe(200);
    const moved = (await gus.get<Task[]>(`/api/tasks?listId=${list.id}`)).body;
    const res = await gus.post<{ tasks: Task[] }>("/api/tasks/restore", { ids: [child.id] });
    expect(res.status).toBe(200);
    const parentNow = moved.find((task) => task.id === parent.id)!;
    expect(res.body.tasks[0]!.position).toBeGreaterThan(parentNow.position);
    expect((await gus.get<Task[]>(`/api/tasks?listId=${list.id}`)).body.map((task) => task.title)).toEqual(["Other", "Parent", "Child"]);
  });
});
