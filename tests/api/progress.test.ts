import { afterAll, beforeAll, expect, it } from "vitest";
import type { Task } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { addTask } from "../helpers/tasks";
import { Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

type ProgressBody = { progress: Record<string, { done: number; total: number }> };

describeEachDialect("list progress", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  it("counts the live top-level items of every list on the caller's Home, own and shared, as the list page does", async () => {
    const ann = await registerUser(t, "ann");
    const ben = await registerUser(t, "ben");
    const groceries = await createList(ann, "Groceries");
    const empty = await createList(ann, "Empty");
    const shared = await createList(ben, "Ben's shared");
    const hidden = await createList(ben, "Ben's own");
    const milk = await addTask(ann, { listId: groceries.id, title: "Milk", completed: true });
    const party = await addTask(ann, { listId: groceries.id, title: "Party", isParent: true });
    await addTask(ann, { listId: groceries.id, title: "Cake", parentId: party.id, completed: true });
    await addTask(ann, { listId: groceries.id, title: "Candles", parentId: party.id });
    const gone = await addTask(ann, { listId: groceries.id, title: "Gone", completed: true });
    expect((await ann.delete(`/api/tasks/${gone.id}`)).status).toBe(200);
    await addTask(ben, { listId: shared.id, title: "Tent" });
    await addTask(ben, { listId: hidden.id, title: "Secret", completed: true });
    expect((await ben.post("/api/share-by-username", { listId: shared.id, username: "ann", accessLevel: "read" })).status).toBe(201);

    const res = await ann.get<ProgressBody>("/api/task-lists/progress");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      progress: {
        // Milk and Party: a parent counts once, by its own mark, its sub-items not apart (docs/decisions/043-sub-item-ticks.md).
        [groceries.id]: { done: 1, total: 2 },
        [empty.id]: { done: 0, total: 0 },
        [shared.id]: { done: 0, total: 1 },
      },
    });
    expect(milk.completed).toBe(true);

    // Ticking an item moves the count; a deleted list leaves the answer.
    expect((await ann.post<Task>(`/api/tasks/${party.id}/toggle`)).status).toBe(200);
    expect((await ann.delete(`/api/task-lists/${empty.id}`)).status).toBe(200);
    const after = await ann.get<ProgressBody>("/api/task-lists/progress");
    expect(after.body).toEqual({
      progress: { [groceries.id]: { done: 2, total: 2 }, [shared.id]: { done: 0, total: 1 } },
    });
    const owner = await ben.get<ProgressBody>("/api/task-lists/progress");
    expect(owner.body).toEqual({
      progress: { [shared.id]: { done: 0, total: 1 }, [hidden.id]: { done: 1, total: 1 } },
    });
  });

  it("tells the owner and each recipient on their own topic when a list's counts may have changed, and only then", async () => {
    const cyd = await registerUser(t, "cyd");
    const dee = await registerUser(t, "dee");
    const list = await createList(cyd, "Chores");
    expect((await cyd.post("/api/share-by-username", { listId: list.id, username: "dee" })).status).toBe(201);
    const told = { type: "list_progress", listId: list.id };
    const both = [
      { topic: `user:${cyd.user.id}`, message: told },
      { topic: `user:${dee.user.id}`, message: told },
    ];
    const progressSince = (mark: number) => t.published.slice(mark).filter((entry) => entry.message.type === "list_progress");
    const changes: Array<[string, () => Promise<unknown>]> = [];
    let sweep: Task;
    let dust: Task;
    changes.push(["create", async () => (sweep = await addTask(dee, { listId: list.id, title: "Sweep" }))]);
    changes.push([
      "bulk",
      async () =>
        (dust = (await cyd.post<{ tasks: Task[] }>("/api/tasks/bulk", { listId: list.id, items: [{ title: "Dust" }] })).body.tasks[0]!),
    ]);
    changes.push(["toggle", () => dee.post(`/api/tasks/${sweep.id}/toggle`)]);
    changes.push(["tick by PATCH", () => cyd.patch(`/api/tasks/${dust.id}`, { completed: true })]);
    changes.push(["reset", () => cyd.post("/api/tasks/reset-completions", { listId: list.id })]);
    changes.push(["delete", () => cyd.delete(`/api/tasks/${dust.id}`)]);
    changes.push(["restore", () => cyd.post("/api/tasks/restore", { ids: [dust.id] })]);
    changes.push(["tick again", () => cyd.post(`/api/tasks/${dust.id}/toggle`)]);
    changes.push(["clear completed", () => cyd.post(`/api/tasks/clear-completed?listId=${list.id}`)]);
    for (const [name, change] of changes) {
      const mark = t.published.length;
      await change();
      expect({ name, told: progressSince(mark) }).toEqual({ name, told: both });
    }
    // A new title, a move or a clear with nothing completed changes no count: nothing is told.
    const mark = t.published.length;
    expect((await cyd.patch(`/api/tasks/${sweep!.id}`, { title: "Sweep the floor" })).status).toBe(200);
    expect((await cyd.post("/api/tasks/reorder", [{ id: sweep!.id, position: 3 }])).status).toBe(200);
    expect((await cyd.post(`/api/tasks/clear-completed?listId=${list.id}`)).status).toBe(200);
    expect(progressSince(mark)).toEqual([]);
  });

  it("answers 401 to a caller who is not signed in", async () => {
    const res = await new Client(t).get("/api/task-lists/progress");
    expect(res).toMatchObject({ status: 401, body: { message: "Authentication required. Please log in again." } });
  });
});
