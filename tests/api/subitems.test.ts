import { afterAll, beforeAll, expect, it } from "vitest";
import { orderChildrenAfterParents } from "../../src/domain/reorder";
import type { ParentTaskResponse, Task } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { addTask, listEventsSince, makeList, rowsOf, taskSnapshot } from "../helpers/tasks";
import { makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

type Signed = Awaited<ReturnType<typeof registerUser>>;
const ids = (tasks: Task[]) => tasks.map((task) => task.id);

describeEachDialect("sub-items", (dialect) => {
  let t: TestApp;
  let owner: Signed;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    owner = await registerUser(t, "owner");
  });
  afterAll(() => t.close());

  /** A list with a parent item holding two sub-items, and a plain item. */
  async function nested() {
    const list = await makeList(t, owner.user.id);
    const parent = await addTask(owner, { title: "Party", listId: list.id, isParent: true });
    const plain = await addTask(owner, { title: "Plain", listId: list.id });
    const first = await addTask(owner, { title: "Cake", listId: list.id, parentId: parent.id });
    const second = await addTask(owner, { title: "Balloons", listId: list.id, parentId: parent.id, isParent: true });
    return { list, parent, plain, first, second };
  }

  it("creates sub-items under a parent of the same list, never as parents themselves", async () => {
    const { list, parent, first, second } = await nested();
    expect(parent).toMatchObject({ isParent: true, parentId: 0, position: 0 });
    expect(first).toMatchObject({ parentId: parent.id, isParent: false, position: 2, listId: list.id });
    // "Sub-items created always have isParent false", even when asked otherwise (docs/product-rules.md#sub-items).
    expect(second).toMatchObject({ parentId: parent.id, isParent: false, position: 3 });
    const children = await owner.get<Task[]>(`/api/tasks?listId=${list.id}&parentId=${parent.id}`);
    expect(children.status).toBe(200);
    expect(children.body).toEqual([first, second]);
    expect((await owner.get(`/api/tasks?listId=${list.id}&parentId=999999`)).body).toEqual({ message: "Task not found" });
    // parentId null or absent means top level.
    const top = await addTask(owner, { title: "top", listId: list.id, parentId: null });
    expect(top.parentId).toBe(0);
    // ParentId 0 is the top level, so asking for its "children" lists the top-level items (docs/http-contract.md#shapes).
    const topLevel = await owner.get<Task[]>(`/api/tasks?listId=${list.id}&parentId=0`);
    expect(topLevel.body.map((task) => task.id)).toEqual(expect.arrayContaining([parent.id, top.id]));
    expect(topLevel.body.every((task) => task.parentId === 0)).toBe(true);
    expect((await owner.get(`/api/tasks?listId=${list.id}&parentId=-1`)).status).toBe(400);
  });

  it("refuses a parent that is not a parent item of the same list, or a sub-item placed before its parent", async () => {
    const { list, parent, plain, first } = await nested();
    const other = await makeList(t, owner.user.id, "Other");
    const foreignParent = await addTask(owner, { title: "Elsewhere", listId: other.id, isParent: true });
    const before = await taskSnapshot(t);
    for (const parentId of [plain.id, first.id, foreignParent.id, 999999]) {
      const res = await owner.post("/api/tasks", { title: "child", listId: list.id, parentId });
      expect({ parentId, status: res.status, body: res.body }).toEqual({
        parentId,
        status: 400,
        body: { message: "The parent must be a parent item of the same list", error: "INVALID_PARENT" },
      });
    }
    const early = await owner.post("/api/tasks", { title: "child", listId: list.id, parentId: parent.id, position: parent.position });
    expect([early.status, early.body.message]).toEqual([400, "A sub-item cannot be placed before its parent"]);
    expect(await taskSnapshot(t)).toEqual(before);
  });

  it("applies the nesting rules on update", async () => {
    const { list, parent, plain, first } = await nested();
    const other = await makeList(t, owner.user.id, "Other");
    const foreignParent = await addTask(owner, { title: "Elsewhere", listId: other.id, isParent: true });
    const before = await taskSnapshot(t);
    const refusals: Array<[number, Record<string, unknown>, string]> = [
      [parent.id, { isParent: false }, "Move or delete its sub-items before making this a regular item"],
      [plain.id, { parentId: foreignParent.id }, "The parent must be a parent item of the same list"],
      [plain.id, { parentId: first.id }, "The parent must be a parent item of the same list"],
      [parent.id, { parentId: parent.id }, "An item cannot be its own parent"],
      [first.id, { position: 0 }, "A sub-item cannot be placed before its parent"],
      [parent.id, { position: 50 }, "A parent item cannot be placed after its sub-items; reorder the list instead"],
    ];
    for (const [id, body, message] of refusals) {
      const res = await owner.patch(`/api/tasks/${id}`, body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message });
    }
    expect(await taskSnapshot(t)).toEqual(before);
    // A parent with sub-items cannot itself become a sub-item.
    const otherParent = await addTask(owner, { title: "Other parent", listId: list.id, isParent: true });
    const nestedTwice = await owner.patch(`/api/tasks/${parent.id}`, { parentId: otherParent.id });
    expect([nestedTwice.status, nestedTwice.body.message]).toEqual([400, "An item with sub-items cannot become a sub-item"]);
    // Moving a plain top-level item under a parent puts it after the parent and keeps it a plain item.
    const moved = await owner.patch<Task>(`/api/tasks/${plain.id}`, { parentId: otherParent.id, isParent: true });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ parentId: otherParent.id, isParent: false });
    expect(moved.body.position).toBeGreaterThan(otherParent.position);
    // parentId null brings it back to the top level (docs/product-rules.md#items).
    const back = await owner.patch<Task>(`/api/tasks/${plain.id}`, { parentId: null });
    expect(back.body.parentId).toBe(0);
    // A sub-item can never be turned into a parent; an empty parent can become a plain item.
    expect((await owner.patch<Task>(`/api/tasks/${first.id}`, { isParent: true })).body.isParent).toBe(false);
    expect((await owner.patch<Task>(`/api/tasks/${otherParent.id}`, { isParent: false })).body.isParent).toBe(false);
  });

  it("deletes a parent with its children in one change", async () => {
    const { list, parent, plain, first, second } = await nested();
    const from = t.published.length;
    const res = await owner.delete(`/api/tasks/${parent.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Task deleted", id: parent.id, deletedIds: [parent.id, first.id, second.id] });
    expect(ids(await rowsOf(t, list.id))).toEqual([plain.id]);
    const events = listEventsSince(t, from);
    expect(events.map((entry) => [entry.message.type, entry.message.payload])).toEqual([
      ["task_deleted", { id: parent.id, deletedIds: [parent.id, first.id, second.id] }],
    ]);
    // Deleting a sub-item leaves its parent alone.
    const again = await nested();
    await owner.delete(`/api/tasks/${again.first.id}`);
    expect(ids(await rowsOf(t, again.list.id))).toEqual([again.parent.id, again.plain.id, again.second.id]);
  });

  it("answers the parent view with its children, ownership and access level", async () => {
    const { list, parent, first, second } = await nested();
    const res = await owner.get<ParentTaskResponse>(`/api/tasks/parent/${parent.id}?listId=${list.id}&_t=1`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ parent, children: [first, second], isOwner: true, accessLevel: "admin" });
    const visitor = await registerUser(t, `visitor_${dialect}`);
    const viaLink = await visitor.get<ParentTaskResponse>(`/api/tasks/parent/${parent.id}?shareId=${list.shareId}`);
    expect(viaLink.body).toEqual({ parent, children: [first, second], isOwner: false, accessLevel: "write" });
    const other = await makeList(t, owner.user.id, "Other");
    expect((await owner.get(`/api/tasks/parent/${parent.id}?listId=${other.id}`)).body).toEqual({ message: "Task not found" });
    expect((await owner.get(`/api/tasks/parent/999999`)).status).toBe(404);
  });

  it("clear-completed takes a completed parent's children, and completed children alone", async () => {
    const { list, parent, plain, first, second } = await nested();
    const lone = await addTask(owner, { title: "Lone parent", listId: list.id, isParent: true });
    // An open sibling keeps the lone parent open when its other sub-item comes ticked (docs/decisions/043-sub-item-ticks.md).
    const loneOpen = await addTask(owner, { title: "Lone open", listId: list.id, parentId: lone.id });
    const loneChild = await addTask(owner, { title: "Lone child", listId: list.id, parentId: lone.id, completed: true });
    await owner.post(`/api/tasks/${parent.id}/toggle`);
    const res = await owner.post(`/api/tasks/clear-completed?listId=${list.id}`);
    expect(res.status).toBe(200);
    expect([...(res.body.deletedIds as number[])].sort((a, b) => a - b)).toEqual([parent.id, first.id, second.id, loneChild.id]);
    expect(ids(await rowsOf(t, list.id))).toEqual([plain.id, lone.id, loneOpen.id]);
  });

  it("reset uncompletes children too", async () => {
    const { list, first, second, parent } = await nested();
    for (const item of [parent, first, second]) await owner.post(`/api/tasks/${item.id}/toggle`);
    const res = await owner.post<{ tasks: Task[] }>("/api/tasks/reset-completions", { listId: list.id });
    expect(res.body.tasks.filter((task) => task.completed)).toEqual([]);
    expect((await rowsOf(t, list.id)).filter((task) => task.completed)).toEqual([]);
  });

  it("reorder keeps every child directly after its parent, whatever positions were sent", async () => {
    const { list, parent, plain, first, second } = await nested();
    // Moving the parent below the plain item: its children follow it.
    const moved = await owner.post<{ tasks: Task[] }>("/api/tasks/reorder", [
      { id: plain.id, position: 0 },
      { id: parent.id, position: 1 },
    ]);
    expect(moved.status).toBe(200);
    expect(moved.body.tasks.map((task) => [task.id, task.position])).toEqual([
      [plain.id, 0],
      [parent.id, 1],
      [first.id, 2],
      [second.id, 3],
    ]);
    // A child sent before its parent is placed after it; the children's own order is kept.
    const childFirst = await owner.post<{ tasks: Task[] }>("/api/tasks/reorder", [
      { id: second.id, position: 0 },
      { id: first.id, position: 1 },
    ]);
    expect(ids(childFirst.body.tasks)).toEqual([plain.id, parent.id, second.id, first.id]);
    expect(await rowsOf(t, list.id)).toEqual(childFirst.body.tasks);
  });

  it("orderChildrenAfterParents groups children under their parent and renumbers", () => {
    const base = { title: "", description: "", completed: false, listId: 1, userId: 1, createdAt: "" };
    const tasks: Task[] = [
      { ...base, id: 1, position: 5, isParent: true, parentId: 0 },
      { ...base, id: 2, position: 0, isParent: false, parentId: 1 },
      { ...base, id: 3, position: 3, isParent: false, parentId: 0 },
      { ...base, id: 4, position: 9, isParent: false, parentId: 1 },
      { ...base, id: 5, position: 1, isParent: false, parentId: 77 },
    ];
    expect(orderChildrenAfterParents(tasks).map((task) => [task.id, task.position])).toEqual([
      [5, 0],
      [3, 1],
      [1, 2],
      [2, 3],
      [4, 4],
    ]);
  });
});
