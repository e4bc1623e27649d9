import { afterAll, beforeAll, expect, it } from "vitest";
import type { Task } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { createList, insertTask } from "../helpers/lists";
import { addTask, listEventsSince, rowsOf, taskSnapshot } from "../helpers/tasks";
import { Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** POST /api/tasks/bulk (docs/product-rules.md#export-and-import): a pasted list, saved all or nothing. */
describeEachDialect("bulk item creation", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  it("adds items in order after the last one, children under their parent, one task_created each", async () => {
    const ann = await registerUser(t, "ann");
    const list = await createList(ann, "Groceries");
    const first = await addTask(ann, { listId: list.id, title: "Already there" });
    const mark = t.published.length;
    const res = await ann.post<{ tasks: Task[] }>("/api/tasks/bulk", {
      listId: list.id,
      items: [
        { title: "  Milk  " },
        { title: "Party", description: "Saturday", children: [{ title: "Cake", completed: true }, { title: "Candles" }] },
        { title: "Bread", completed: true },
      ],
    });
    expect(res.status).toBe(201);
    // Who added them, and who ticked those added ticked.
    const byAnn = { userId: ann.user.id, username: "ann" };
    const base = {
      listId: list.id,
      userId: ann.user.id,
      createdAt: expect.stringMatching(ISO),
      id: expect.any(Number),
      createdBy: byAnn,
      completedBy: null,
      dueAt: null,
      remindAt: null,
      repeat: null,
      quantity: null,
      sectionId: null,
    };
    expect(res.body.tasks).toEqual([
      { ...base, title: "Milk", description: "", completed: false, isParent: false, parentId: 0, position: 1 },
      { ...base, title: "Party", description: "Saturday", completed: false, isParent: true, parentId: 0, position: 2 },
      {
        ...base,
        title: "Cake",
        description: "",
        completed: true,
        isParent: false,
        parentId: res.body.tasks[1]!.id,
        position: 3,
        completedBy: byAnn,
      },
      { ...base, title: "Candles", description: "", completed: false, isParent: false, parentId: res.body.tasks[1]!.id, position: 4 },
      { ...base, title: "Bread", description: "", completed: true, isParent: false, parentId: 0, position: 5, completedBy: byAnn },
    ]);
    expect(await rowsOf(t, list.id)).toEqual([first, ...res.body.tasks]);
    const events = listEventsSince(t, mark);
    expect(events.map((event) => [event.topic, event.message.type])).toEqual(res.body.tasks.map(() => [`list:${list.id}`, "task_created"]));
    expect(events.map((event) => event.message.payload)).toEqual(res.body.tasks);
  });

  it("puts items under a parent with parentId, and through a write link for a signed-out visitor", async () => {
    const ben = await registerUser(t, "ben");
    const list = await createList(ben, "Trip");
    const parent = await addTask(ben, { listId: list.id, title: "Packing", isParent: true });
    const res = await ben.post<{ tasks: Task[] }>("/api/tasks/bulk", {
      listId: list.id,
      parentId: parent.id,
      items: [{ title: "Tent" }, { title: "Map" }],
    });
    expect(res.status).toBe(201);
    expect(res.body.tasks.map((task) => [task.title, task.parentId, task.isParent, task.position])).toEqual([
      ["Tent", parent.id, false, 1],
      ["Map", parent.id, false, 2],
    ]);
    const visitor = new Client(t);
    const linked = await visitor.post<{ tasks: Task[] }>(`/api/tasks/bulk?shareId=${list.shareId}`, {
      items: [{ title: "From the link" }],
    });
    expect(linked).toMatchObject({ status: 201, body: { tasks: [{ title: "From the link", userId: ben.user.id, listId: list.id }] } });
  });

  it("refuses bad requests with 400 and stores nothing", async () => {
    const cyd = await registerUser(t, "cyd");
    const list = await createList(cyd, "Strict");
    const parent = await addTask(cyd, { listId: list.id, title: "Parent", isParent: true });
    const plain = await addTask(cyd, { listId: list.id, title: "Plain" });
    const before = await taskSnapshot(t);
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `Item ${i}` }));
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ listId: list.id, items: [] }, "Nothing to add"],
      [{ listId: list.id }, "items must be a list of items"],
      [{ listId: list.id, items: many(101) }, "At most 100 items can be added at once"],
      [{ listId: list.id, items: [...many(50), { title: "Parent", children: many(50) }] }, "At most 100 items can be added at once"],
      [{ listId: list.id, items: [{ title: "Fine" }, { title: "   " }] }, "Title is required"],
      [{ listId: list.id, items: [{ title: "x".repeat(81) }] }, "Title cannot exceed 80 characters"],
      [{ listId: list.id, items: [{ title: "Ok", description: "d".repeat(257) }] }, "Description cannot exceed 256 characters"],
      [
        { listId: list.id, parentId: parent.id, items: [{ title: "Nested", children: [{ title: "Too deep" }] }] },
        "Sub-items cannot have sub-items of their own",
      ],
      [
        { listId: list.id, items: [{ title: "Trip", children: [{ title: "Bag", children: [{ title: "Socks" }] }] }] },
        "Sub-items cannot have sub-items of their own",
      ],
      [
        { listId: list.id, parentId: plain.id, items: [{ title: "Under a plain item" }] },
        "The parent must be a parent item of the same list",
      ],
      [{ items: [{ title: "Which list?" }] }, "listId or shareId is required"],
    ];
    for (const [body, message] of cases) {
      const res = await cyd.post("/api/tasks/bulk", body);
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
    }
    const control = await cyd.post("/api/tasks/bulk", { listId: list.id, items: many(98) });
    expect(control.status).toBe(201);
    await cyd.delete(`/api/tasks/${(control.body.tasks as Task[])[0]!.id}`);
    expect((await taskSnapshot(t)).tasks.length).toBe(before.tasks.length + 98);
  });

  it("adds all or nothing within the 100-item limit, counting live items only", async () => {
    const dee = await registerUser(t, "dee");
    const list = await createList(dee, "Nearly full");
    for (let position = 0; position < 95; position++)
      await insertTask(t, { listId: list.id, userId: dee.user.id, title: `#${position}`, position });
    const before = await taskSnapshot(t);
    const mark = t.published.length;
    const res = await dee.post("/api/tasks/bulk", {
      listId: list.id,
      items: [{ title: "A" }, { title: "B", children: [{ title: "C" }] }, { title: "D" }, { title: "E" }, { title: "F" }],
    });
    expect(res).toMatchObject({
      status: 403,
      body: { message: "This list has reached its limit of 100 items", error: "ITEM_LIMIT_REACHED" },
    });
    expect(await taskSnapshot(t)).toEqual(before);
    expect(listEventsSince(t, mark)).toEqual([]);
    const doomed = await rowsOf(t, list.id);
    await dee.delete(`/api/tasks/${doomed[0]!.id}`);
    const fits = await dee.post<{ tasks: Task[] }>("/api/tasks/bulk", {
      listId: list.id,
      items: [{ title: "A" }, { title: "B", children: [{ title: "C" }] }, { title: "D" }, { title: "E" }],
    });
    expect(fits.status).toBe(201);
    expect(await t.store.tasks.countInList(list.id)).toBe(99);
  });

  it("answers 404 for a list the caller may not see and 403 for a read-only one, storing nothing", async () => {
    const eli = await registerUser(t, "eli");
    const reader = await registerUser(t, "eli_reader");
    const stranger = await registerUser(t, "stranger");
    const list = await createList(eli, "Eli's");
    await eli.post("/api/share-by-username", { listId: list.id, username: "eli_reader", accessLevel: "read" });
    const before = await taskSnapshot(t);
    const body = { listId: list.id, items: [{ title: "Sneaky" }] };
    expect(await stranger.post("/api/tasks/bulk", body)).toMatchObject({ status: 404, body: { message: "List not found" } });
    expect(await reader.post("/api/tasks/bulk", body)).toMatchObject({ status: 403, body: { error: "READ_ONLY" } });
    await t.store.lists.update(list.id, { linkAccess: "read" });
    const visitor = new Client(t);
    expect(await visitor.post(`/api/tasks/bulk?shareId=${list.shareId}`, { items: [{ title: "Sneaky" }] })).toMatchObject({
      status: 403,
    });
    expect(await visitor.post("/api/tasks/bulk", body)).toMatchObject({ status: 401 });
    expect(await taskSnapshot(t)).toEqual(before);
  });
});
