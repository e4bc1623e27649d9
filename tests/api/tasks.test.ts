import { afterAll, beforeAll, expect, it } from "vitest";
import type { Task, TaskList } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { addTask, listEventsSince, makeList, rowsOf, taskSnapshot } from "../helpers/tasks";
import { Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

type Signed = Awaited<ReturnType<typeof registerUser>>;
const task = (fields: Partial<Task>) => ({
  id: expect.any(Number),
  title: expect.any(String),
  description: "",
  completed: false,
  position: expect.any(Number),
  listId: expect.any(Number),
  userId: expect.any(Number),
  isParent: false,
  parentId: 0,
  createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  completedBy: null,
  dueAt: null,
  remindAt: null,
  repeat: null,
  quantity: null,
  sectionId: null,
  ...fields,
});

describeEachDialect("tasks", (dialect) => {
  let t: TestApp;
  let owner: Signed;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    owner = await registerUser(t, "owner");
  });
  afterAll(() => t.close());

  it("creates an item with its payload coerced, 201, one row and one task_created event", async () => {
    const list = await makeList(t, owner.user.id);
    const from = t.published.length;
    const res = await owner.post<Task>("/api/tasks", {
      title: "  Milk  ",
      description: "  two litres ",
      listId: String(list.id),
      isParent: "false",
      completed: 1,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual(
      task({
        title: "Milk",
        description: "two litres",
        completed: true,
        position: 0,
        listId: list.id,
        userId: owner.user.id,
        // Who added it and who ticked it.
        createdBy: { userId: owner.user.id, username: "owner" },
        completedBy: { userId: owner.user.id, username: "owner" },
      }),
    );
    expect(await rowsOf(t, list.id)).toEqual([res.body]);
    const events = listEventsSince(t, from);
    expect(events).toHaveLength(1);
    expect(events[0]).toEqual({
      topic: `list:${list.id}`,
      message: expect.objectContaining({ type: "task_created", payload: res.body, listId: list.id, shareId: list.shareId }),
    });
    // A number title is text, too; positions default to the highest plus one.
    const second = await addTask(owner, { title: 42, listId: list.id });
    expect(second).toEqual(
      task({ title: "42", position: 1, listId: list.id, userId: owner.user.id, createdBy: { userId: owner.user.id, username: "owner" } }),
    );
    const placed = await addTask(owner, { title: "Placed", listId: list.id, position: 7 });
    expect(placed.position).toBe(7);
    expect((await addTask(owner, { title: "Next", listId: list.id })).position).toBe(8);
  });

  it("refuses invalid items with 400 and a clear message, creating nothing", async () => {
    const list = await makeList(t, owner.user.id);
    const before = await taskSnapshot(t);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ listId: list.id }, "Title is required"],
      [{ title: "   ", listId: list.id }, "Title is required"],
      [{ title: "x".repeat(81), listId: list.id }, "Title cannot exceed 80 characters"],
      [{ title: { text: "Milk" }, listId: list.id }, "Title must be text"],
      [{ title: "ok", description: ["two"], listId: list.id }, "Description must be text"],
      [{ title: "ok", description: "d".repeat(257), listId: list.id }, "Description cannot exceed 256 characters"],
      [{ title: "ok", listId: "abc" }, "listId must be a number"],
      [{ title: "ok", listId: list.id, position: -1 }, "Position cannot be negative"],
      [{ title: "ok" }, "listId or shareId is required"],
      [{ title: "ok", listId: list.id, completed: "yes" }, "completed must be true or false"],
      [{ title: "ok", listId: list.id, isParent: 2 }, "isParent must be true or false"],
    ];
    for (const [body, message] of cases) {
      const res = await owner.post("/api/tasks", body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message });
    }
    // Exactly at the limits, after trimming, is fine.
    const edge = await addTask(owner, { title: ` ${"t".repeat(80)} `, description: `${"d".repeat(256)}  `, listId: list.id });
    expect([edge.title.length, edge.description.length]).toEqual([80, 256]);
    expect((await taskSnapshot(t)).tasks).toHaveLength(before.tasks.length + 1);
  });

  it("lists all items by position then id without changing state, and 401s without a session", async () => {
    const list = await makeList(t, owner.user.id);
    const b = await addTask(owner, { title: "b", listId: list.id, position: 5 });
    const a = await addTask(owner, { title: "a", listId: list.id, position: 2 });
    const c = await addTask(owner, { title: "c", listId: list.id, position: 5 });
    const res = await owner.get<Task[]>(`/api/tasks?listId=${list.id}`);
    expect(res.status).toBe(200);
    expect(res.body.map((item) => item.id)).toEqual([a.id, b.id, c.id]);
    // GET never changes state; opening a list is remembered when its page follows it live (docs/product-rules.md#accounts).
    expect((await owner.get("/api/user/last-list")).body).toEqual({ listId: null });
    const anonymous = await new Client(t).get(`/api/tasks?listId=${list.id}`);
    expect(anonymous.status).toBe(401);
    expect((await owner.get("/api/tasks")).status).toBe(400);
    expect((await owner.get("/api/tasks?listId=999999")).body).toEqual({ message: "List not found" });
  });

  it("updates partially, toggles, and deletes, one event each", async () => {
    const list = await makeList(t, owner.user.id);
    const item = await addTask(owner, { title: "Bread", listId: list.id });
    const from = t.published.length;
    const patched = await owner.patch<Task>(`/api/tasks/${item.id}`, { title: " Rye bread ", description: "sliced", listId: 12345 });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ ...item, title: "Rye bread", description: "sliced" });
    const tooLong = await owner.patch(`/api/tasks/${item.id}`, { title: "x".repeat(81) });
    expect([tooLong.status, tooLong.body.message]).toEqual([400, "Title cannot exceed 80 characters"]);
    const empty = await owner.patch(`/api/tasks/${item.id}`, { title: "" });
    expect([empty.status, empty.body.message]).toEqual([400, "Title is required"]);
    // A tick is set absolutely, so a word that is neither is refused, not read as "not done"; "true" is true.
    const unclear = await owner.patch(`/api/tasks/${item.id}`, { completed: "yes" });
    expect([unclear.status, unclear.body.message]).toEqual([400, "completed must be true or false"]);
    expect((await owner.get<Task[]>(`/api/tasks?listId=${list.id}`)).body[0]).toEqual(patched.body);
    const toggled = await owner.post<Task>(`/api/tasks/${item.id}/toggle`);
    expect([toggled.status, toggled.body.completed]).toEqual([200, true]);
    const back = await owner.post<Task>(`/api/tasks/${item.id}/toggle`);
    expect(back.body.completed).toBe(false);
    expect((await owner.patch<Task>(`/api/tasks/${item.id}`, { completed: true })).body.completed).toBe(true);
    const deleted = await owner.delete(`/api/tasks/${item.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: "Task deleted", id: item.id, deletedIds: [item.id] });
    expect(await rowsOf(t, list.id)).toEqual([]);
    const types = listEventsSince(t, from).map((entry) => entry.message.type);
    expect(types).toEqual(["task_updated", "task_updated", "task_updated", "task_updated", "task_deleted"]);
    expect(listEventsSince(t, from).at(-1)!.message.payload).toEqual({ id: item.id, deletedIds: [item.id] });
    // Gone is gone: a second delete, a toggle or a patch answer 404.
    expect((await owner.delete(`/api/tasks/${item.id}`)).status).toBe(404);
    expect((await owner.post(`/api/tasks/${item.id}/toggle`)).body).toEqual({ message: "Task not found" });
    expect((await owner.patch(`/api/tasks/abc`, { title: "x" })).status).toBe(404);
  });

  it("knows an item by its decimal id only: other spellings of the number find nothing", async () => {
    const list = await makeList(t, owner.user.id);
    const item = await addTask(owner, { title: "Spelled", listId: list.id });
    for (const spelling of [`0x${item.id.toString(16)}`, `${item.id}e0`, `${item.id}.0`, ` ${item.id}`, `+${item.id}`]) {
      const res = await owner.post(`/api/tasks/${encodeURIComponent(spelling)}/toggle`);
      expect(res).toMatchObject({ status: 404, body: { message: "Task not found" } });
    }
    expect((await rowsOf(t, list.id)).map((row) => row.completed)).toEqual([false]);
    expect((await owner.get(`/api/list/${list.id}e0`)).status).toBe(404);
  });

  it("answers the 101st item (sub-items count) with 403 ITEM_LIMIT_REACHED", async () => {
    const list = await makeList(t, owner.user.id);
    const parent = await addTask(owner, { title: "Parent", listId: list.id, isParent: true });
    for (let i = 0; i < 49; i++) await addTask(owner, { title: `sub ${i}`, listId: list.id, parentId: parent.id });
    for (let i = 0; i < 50; i++) await addTask(owner, { title: `top ${i}`, listId: list.id });
    expect(await rowsOf(t, list.id)).toHaveLength(100);
    const from = t.published.length;
    for (const body of [
      { title: "one too many", listId: list.id },
      { title: "sub too many", listId: list.id, parentId: parent.id },
    ]) {
      const res = await owner.post("/api/tasks", body);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: "This list has reached its limit of 100 items", error: "ITEM_LIMIT_REACHED" });
    }
    expect(await rowsOf(t, list.id)).toHaveLength(100);
    expect(listEventsSince(t, from)).toEqual([]);
    // Deleting one makes room for exactly one.
    await owner.delete(`/api/tasks/${(await rowsOf(t, list.id)).at(-1)!.id}`);
    await addTask(owner, { title: "fits again", listId: list.id });
    expect((await owner.post("/api/tasks", { title: "not again", listId: list.id })).status).toBe(403);
  });

  it("makes exactly one of ten parallel creates at 99 items", async () => {
    const list = await makeList(t, owner.user.id);
    for (let i = 0; i < 99; i++) {
      await t.store.tasks.insert({
        listId: list.id,
        userId: owner.user.id,
        parentId: 0,
        title: `t${i}`,
        description: "",
        completed: false,
        isParent: false,
        position: i,
      });
    }
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => owner.post("/api/tasks", { title: `race ${i}`, listId: list.id })),
    );
    expect(results.map((res) => res.status).sort()).toEqual([201, ...Array(9).fill(403)]);
    expect(await rowsOf(t, list.id)).toHaveLength(100);
  });

  it("clears completed items (owner only) in one event, and answers the deleted ids", async () => {
    const list = await makeList(t, owner.user.id);
    const done = await addTask(owner, { title: "done", listId: list.id, completed: true });
    const open = await addTask(owner, { title: "open", listId: list.id });
    const from = t.published.length;
    const res = await owner.post(`/api/tasks/clear-completed?listId=${list.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: null, deletedIds: [done.id] });
    expect((await rowsOf(t, list.id)).map((item) => item.id)).toEqual([open.id]);
    expect(listEventsSince(t, from).map((entry) => [entry.message.type, entry.message.payload])).toEqual([
      ["task_deleted", { id: null, deletedIds: [done.id] }],
    ]);
    // Nothing completed: nothing deleted, no event.
    const again = await owner.post(`/api/tasks/clear-completed?listId=${list.id}`);
    expect(again.body).toEqual({ id: null, deletedIds: [] });
    expect(listEventsSince(t, from)).toHaveLength(1);
    expect((await owner.post("/api/tasks/clear-completed")).status).toBe(400);
  });

  it("resets completions by body listId or by shareId, answering {tasks} with one tasks_reset event", async () => {
    const list = await makeList(t, owner.user.id);
    await addTask(owner, { title: "a", listId: list.id, completed: true });
    await addTask(owner, { title: "b", listId: list.id, completed: true });
    const from = t.published.length;
    const res = await owner.post<{ tasks: Task[] }>("/api/tasks/reset-completions", { listId: list.id });
    expect(res.status).toBe(200);
    expect(res.body.tasks.map((item) => item.completed)).toEqual([false, false]);
    expect(res.body.tasks).toEqual(await rowsOf(t, list.id));
    expect(listEventsSince(t, from).map((entry) => [entry.message.type, entry.message.payload])).toEqual([
      // A list without a routine says so: routine null (docs/decisions/053-routines.md).
      ["tasks_reset", { tasks: res.body.tasks, routine: null }],
    ]);
    await owner.post(`/api/tasks/${res.body.tasks[0]!.id}/toggle`);
    // Sent as browsers' fetch helpers send it: the JSON content type and no body at all.
    const viaLink = await new Client(t).post<{ tasks: Task[] }>(`/api/tasks/reset-completions?shareId=${list.shareId}`, undefined, {
      "content-type": "application/json",
    });
    expect(viaLink.status).toBe(200);
    expect((await rowsOf(t, list.id)).every((item) => !item.completed)).toBe(true);
    expect((await owner.post("/api/tasks/reset-completions", {})).status).toBe(400);
  });

  it("reorders items of one list in one transaction, answering and publishing the new order", async () => {
    const list = await makeList(t, owner.user.id);
    const [a, b, c] = [
      await addTask(owner, { title: "a", listId: list.id }),
      await addTask(owner, { title: "b", listId: list.id }),
      await addTask(owner, { title: "c", listId: list.id }),
    ];
    const from = t.published.length;
    const res = await owner.post<{ tasks: Task[] }>("/api/tasks/reorder", [
      { id: c!.id, position: 0 },
      { id: a!.id, position: 1 },
      { id: b!.id, position: 2 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.tasks.map((item) => [item.id, item.position])).toEqual([
      [c!.id, 0],
      [a!.id, 1],
      [b!.id, 2],
    ]);
    expect(await rowsOf(t, list.id)).toEqual(res.body.tasks);
    expect(listEventsSince(t, from).map((entry) => [entry.message.type, entry.message.payload])).toEqual([
      ["tasks_reordered", { tasks: res.body.tasks }],
    ]);
    // Reorder items {id, position}: the positions sent are the positions stored.
    const spaced = await owner.post<{ tasks: Task[] }>("/api/tasks/reorder", [
      { id: a!.id, position: 10 },
      { id: b!.id, position: 20 },
      { id: c!.id, position: 30 },
    ]);
    expect(spaced.body.tasks.map((item) => [item.id, item.position])).toEqual([
      [a!.id, 10],
      [b!.id, 20],
      [c!.id, 30],
    ]);
    expect((await owner.get<Task[]>(`/api/tasks?listId=${list.id}`)).body.map((item) => [item.id, item.position])).toEqual([
      [a!.id, 10],
      [b!.id, 20],
      [c!.id, 30],
    ]);
    // An id of another list (or unknown) refuses the whole reorder, changing nothing.
    const other: TaskList = await makeList(t, owner.user.id, "Other");
    const foreign = await addTask(owner, { title: "x", listId: other.id });
    const before = await taskSnapshot(t);
    const mixed = await owner.post("/api/tasks/reorder", [
      { id: a!.id, position: 0 },
      { id: foreign.id, position: 1 },
    ]);
    expect([mixed.status, mixed.body.message]).toEqual([404, "Task not found"]);
    const duplicate = await owner.post("/api/tasks/reorder", [
      { id: a!.id, position: 0 },
      { id: a!.id, position: 1 },
    ]);
    expect([duplicate.status, duplicate.body.message]).toEqual([400, "Each item may appear only once"]);
    expect((await owner.post("/api/tasks/reorder", [])).body.message).toBe("Nothing to reorder");
    expect((await owner.post("/api/tasks/reorder", { id: a!.id })).status).toBe(400);
    expect(await taskSnapshot(t)).toEqual(before);
  });

  it("lets an anonymous share-link visitor work on the list; their items belong to the owner", async () => {
    const list = await makeList(t, owner.user.id);
    const visitor = new Client(t);
    const created = await addTask(visitor, { title: "from the link", description: 5 }, `?shareId=${list.shareId}`);
    expect(created).toEqual(
      task({
        title: "from the link",
        description: "5",
        listId: list.id,
        userId: owner.user.id,
        position: 0,
        // A link guest who gave no name (docs/product-rules.md#guests).
        createdBy: null,
      }),
    );
    const read = await visitor.get<Task[]>(`/api/tasks?shareId=${list.shareId}`);
    expect(read.body).toEqual([created]);
    expect((await visitor.post<Task>(`/api/tasks/${created.id}/toggle?shareId=${list.shareId}`)).body.completed).toBe(true);
    expect((await visitor.patch<Task>(`/api/tasks/${created.id}?shareId=${list.shareId}`, { title: "edited" })).body.title).toBe("edited");
    expect((await visitor.delete(`/api/tasks/${created.id}?shareId=${list.shareId}`)).status).toBe(200);
    // A signed-in visitor's items are theirs.
    const friend = await registerUser(t, "friend");
    const mine = await addTask(friend, { title: "friend's", listId: list.id }, `?shareId=${list.shareId}`);
    expect(mine.userId).toBe(friend.user.id);
    // listId and shareId must name the same list.
    const other = await makeList(t, owner.user.id, "Other");
    const mismatch = await visitor.post(`/api/tasks?shareId=${list.shareId}`, { title: "x", listId: other.id });
    expect([mismatch.status, mismatch.body.message]).toEqual([404, "List not found"]);
  });
});
