import { afterAll, beforeAll, expect, it } from "vitest";
import type { Task } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { addTask } from "../helpers/tasks";
import { makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

/** Deleted rows are bounded (docs/product-rules.md#undo-and-restore), and live rows read without passing over deleted ones. */

const count = async (t: TestApp, sql: string, params: Array<number | string>) =>
  Number((await t.store.db.get<{ n: number | string }>(sql, params))?.n);

const deletedItemsOf = (t: TestApp, listId: number) =>
  count(t, "SELECT COUNT(*) AS n FROM tasks WHERE list_id = ? AND deleted_at IS NOT NULL", [listId]);

const rowExists = async (t: TestApp, table: string, id: number) =>
  (await count(t, `SELECT COUNT(*) AS n FROM ${table} WHERE id = ?`, [id])) === 1;

/** `n` deleted rows put straight into the table, as a database from before the bound could hold. */
async function insertDeletedRows(t: TestApp, listId: number, userId: number, n: number) {
  await t.store.db.run(
    `INSERT INTO tasks (list_id, user_id, title, position, created_at, deleted_at)
     SELECT ?, ?, 'gone', g, 0, g FROM (${t.dialect === "sqlite" ? "WITH RECURSIVE s(g) AS (SELECT 1 UNION ALL SELECT g + 1 FROM s WHERE g < ?) SELECT g FROM s" : "SELECT generate_series(1, ?) AS g"}) AS numbers`,
    [listId, userId, n],
  );
}

/** The query plan of `sql` as one string: SQLite's EXPLAIN QUERY PLAN, PostgreSQL's EXPLAIN. */
async function planOf(t: TestApp, sql: string, params: Array<number | string>): Promise<string> {
  if (t.dialect === "sqlite") {
    const rows = await t.store.db.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, params);
    return rows.map((row) => row.detail).join("\n");
  }
  await t.store.db.run("ANALYZE tasks");
  const rows = await t.store.db.all<{ "QUERY PLAN": string }>(`EXPLAIN ${sql}`, params);
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}

describeEachDialect("deleted rows", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  it("keeps the newest 200 deleted items of a list: the oldest go first, a parent with its sub-items, and undo still works for the rest", async () => {
    const ann = await registerUser(t, "ann");
    const list = await createList(ann, "Chores");
    const party = await addTask(ann, { listId: list.id, title: "Party", isParent: true });
    const cake = await addTask(ann, { listId: list.id, title: "Cake", parentId: party.id });
    const candles = await addTask(ann, { listId: list.id, title: "Candles", parentId: party.id });
    expect((await ann.delete(`/api/tasks/${party.id}`)).status).toBe(200);
    const singles: Task[] = [];
    for (let i = 0; i < 197; i++) {
      const item = await addTask(ann, { listId: list.id, title: `Chore ${i}` });
      expect((await ann.delete(`/api/tasks/${item.id}`)).status).toBe(200);
      singles.push(item);
    }
    // The party's three rows and 197 more: just at the bound, nothing has gone yet.
    expect(await deletedItemsOf(t, list.id)).toBe(200);
    expect(await rowExists(t, "tasks", party.id)).toBe(true);

    const last = await addTask(ann, { listId: list.id, title: "One more" });
    expect((await ann.delete(`/api/tasks/${last.id}`)).status).toBe(200);
    // The 201st deleted row was the party: it went, and its sub-items with it.
    expect(await Promise.all([party, cake, candles].map((task) => rowExists(t, "tasks", task.id)))).toEqual([false, false, false]);
    expect(await deletedItemsOf(t, list.id)).toBe(198);
    expect(await ann.post("/api/tasks/restore", { ids: [party.id] })).toMatchObject({ status: 404, body: { message: "Task not found" } });
    // The newest are kept for undo.
    const restored = await ann.post<{ tasks: Task[] }>("/api/tasks/restore", { ids: [last.id, singles[0]!.id] });
    expect(restored.status).toBe(200);
    expect(restored.body.tasks.map((task) => task.title)).toEqual(["Chore 0", "One more"]);
    expect((await ann.get<Task[]>(`/api/tasks?listId=${list.id}`)).body.map((task) => task.title)).toEqual(["Chore 0", "One more"]);
  });

  it("keeps the newest 200 deleted lists of an owner: an older one goes for good with its items and its last event", async () => {
    const bea = await registerUser(t, "bea");
    const ids: number[] = [];
    for (let i = 0; i < 201; i++) {
      const list = await createList(bea, `List ${i}`);
      if (i === 0) await addTask(bea, { listId: list.id, title: "Milk" });
      expect((await bea.delete(`/api/task-lists/${list.id}`)).status).toBe(200);
      ids.push(list.id);
    }
    const [oldest, second] = [ids[0]!, ids[1]!];
    expect(await count(t, "SELECT COUNT(*) AS n FROM task_lists WHERE user_id = ? AND deleted_at IS NOT NULL", [bea.user.id])).toBe(200);
    expect(await rowExists(t, "task_lists", oldest)).toBe(false);
    expect(await count(t, "SELECT COUNT(*) AS n FROM tasks WHERE list_id = ?", [oldest])).toBe(0);
    expect(await count(t, "SELECT COUNT(*) AS n FROM events WHERE list_id = ?", [oldest])).toBe(0);
    expect((await bea.post(`/api/task-lists/${oldest}/restore`)).status).toBe(404);
    // The next oldest is still there, with the event its deletion left, and comes back.
    expect(await count(t, "SELECT COUNT(*) AS n FROM events WHERE list_id = ?", [second])).toBeGreaterThan(0);
    expect(await bea.post(`/api/task-lists/${second}/restore`)).toMatchObject({ status: 200, body: { id: second, name: "List 1" } });
  });

  it("counts, limits and reads live items only, through the index of live rows, however many deleted rows the list holds", async () => {
    const cy = await registerUser(t, "cyd");
    const list = await createList(cy, "Big");
    await insertDeletedRows(t, list.id, cy.user.id, 2000);
    for (let i = 0; i < 100; i++) await addTask(cy, { listId: list.id, title: `Item ${i}` });
    expect(await cy.post("/api/tasks", { listId: list.id, title: "Item 101" })).toMatchObject({
      status: 403,
      body: { error: "ITEM_LIMIT_REACHED" },
    });
    const items = (await cy.get<Task[]>(`/api/tasks?listId=${list.id}`)).body;
    expect(items.map((item) => item.position)).toEqual([...Array(100).keys()]);
    expect((await cy.get("/api/task-lists/progress")).body).toEqual({ progress: { [list.id]: { done: 0, total: 100 } } });

    const live = "list_id = ? AND deleted_at IS NULL";
    for (const sql of [
      `SELECT COUNT(*) AS n FROM tasks WHERE ${live}`,
      `SELECT MAX(position) AS p FROM tasks WHERE ${live}`,
      `SELECT * FROM tasks WHERE ${live} ORDER BY position, id`,
    ]) {
      expect(await planOf(t, sql, [list.id])).toContain("tasks_live");
    }
    // The control: a query over deleted rows does not use it.
    expect(await planOf(t, "SELECT COUNT(*) AS n FROM tasks WHERE list_id = ? AND deleted_at IS NOT NULL", [list.id])).not.toContain(
      "tasks_live",
    );
  });
});
