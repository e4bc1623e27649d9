import { afterAll, beforeAll, expect, it } from "vitest";
import type { ParentTaskResponse, Task, TaskList } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { addTask, makeList, taskSnapshot } from "../helpers/tasks";
import { Client, makeTestApp, registerUser, type JsonBody, type Response, type TestApp } from "../helpers/test-app";

type Signed = Awaited<ReturnType<typeof registerUser>>;
type Call = [label: string, run: (client: Client) => Promise<Response<JsonBody>>];

/** Every task call on a list, reads and writes, with `q` appended to each path's query. */
function taskCalls(list: TaskList, parent: Task, child: Task, q: string): { reads: Call[]; writes: Call[] } {
  const amp = q ? `&${q.slice(1)}` : "";
  return {
    reads: [
      ["list items", (c) => c.get(`/api/tasks?listId=${list.id}${amp}`)],
      ["children", (c) => c.get(`/api/tasks?listId=${list.id}&parentId=${parent.id}${amp}`)],
      ["parent view", (c) => c.get(`/api/tasks/parent/${parent.id}${q}`)],
      ["parent view with listId", (c) => c.get(`/api/tasks/parent/${parent.id}?listId=${list.id}${amp}`)],
    ],
    writes: [
      ["create", (c) => c.post(`/api/tasks${q}`, { title: "sneaky", listId: list.id })],
      ["update", (c) => c.patch(`/api/tasks/${child.id}${q}`, { title: "sneaky" })],
      ["toggle", (c) => c.post(`/api/tasks/${child.id}/toggle${q}`)],
      ["delete", (c) => c.delete(`/api/tasks/${child.id}${q}`)],
      ["delete parent", (c) => c.delete(`/api/tasks/${parent.id}${q}`)],
      ["reorder", (c) => c.post(`/api/tasks/reorder${q}`, [{ id: child.id, position: 0 }])],
      ["reset", (c) => c.post(`/api/tasks/reset-completions${q}`, { listId: list.id })],
      ["clear completed", (c) => c.post(`/api/tasks/clear-completed?listId=${list.id}${amp}`)],
    ],
  };
}

describeEachDialect("task access", (dialect) => {
  let t: TestApp;
  let owner: Signed;
  let stranger: Signed;
  let list: TaskList;
  let parent: Task;
  let child: Task;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    owner = await registerUser(t, "owner");
    stranger = await registerUser(t, "stranger");
    list = await makeList(t, owner.user.id);
    parent = await addTask(owner, { title: "Parent", listId: list.id, isParent: true });
    child = await addTask(owner, { title: "Child", listId: list.id, parentId: parent.id, completed: true });
    // Its only sub-item, added ticked, ticked the parent (docs/decisions/043-sub-item-ticks.md).
    parent = (await t.store.tasks.findById(parent.id))!;
  });
  afterAll(() => t.close());

  /** Runs each call, expecting status and message, and proves no row, event or bus message changed. */
  async function expectRefused(client: Client, calls: Call[], expected: (label: string) => [number, string]) {
    const before = await taskSnapshot(t);
    const published = t.published.length;
    for (const [label, run] of calls) {
      const res = await run(client);
      const [status, message] = expected(label);
      expect({ label, status: res.status, message: res.body.message }).toEqual({ label, status, message });
    }
    expect(await taskSnapshot(t)).toEqual(before);
    expect(t.published.length).toBe(published);
  }

  it("answers 404 to a signed-in stranger on every call, as if the list did not exist", async () => {
    const { reads, writes } = taskCalls(list, parent, child, "");
    const listCalls = new Set(["list items", "children", "create", "reset", "clear completed"]);
    await expectRefused(stranger, [...reads, ...writes], (label) => [404, listCalls.has(label) ? "List not found" : "Task not found"]);
  });

  it("answers 401 to a signed-out caller without a share link", async () => {
    const { reads, writes } = taskCalls(list, parent, child, "");
    await expectRefused(new Client(t), [...reads, ...writes], () => [401, "Authentication required. Please log in again."]);
  });

  it("answers 404 for an unknown or rotated share link", async () => {
    const { reads, writes } = taskCalls(list, parent, child, "?shareId=not-a-real-link");
    await expectRefused(new Client(t), [...reads, ...writes], () => [404, "List not found"]);
  });

  it("lets a read-level recipient read, and refuses every write with 403, with or without the link", async () => {
    const reader = await registerUser(t, "reader");
    await t.store.shares.grant(list.id, reader.user.id, "read");
    for (const q of ["", `?shareId=${list.shareId}`]) {
      const { reads, writes } = taskCalls(list, parent, child, q);
      for (const [label, run] of reads) expect({ label, status: (await run(reader)).status }).toEqual({ label, status: 200 });
      await expectRefused(reader, writes, (label) =>
        label === "reset"
          ? [403, "You don't have permission to reset items in this shared list"]
          : label === "clear completed"
            ? [403, "Only the list's owner can clear completed items"]
            : [403, "You have read-only access to this list"],
      );
    }
    const view = await reader.get<ParentTaskResponse>(`/api/tasks/parent/${parent.id}`);
    expect(view.body).toEqual({ parent, children: [child], isOwner: false, accessLevel: "read" });
  });

  it("makes a read-only link read-only for anonymous visitors", async () => {
    await t.store.lists.update(list.id, { linkAccess: "read" });
    try {
      const visitor = new Client(t);
      const { reads, writes } = taskCalls(list, parent, child, `?shareId=${list.shareId}`);
      for (const [label, run] of reads) expect({ label, status: (await run(visitor)).status }).toEqual({ label, status: 200 });
      const items = await visitor.get<Task[]>(`/api/tasks?shareId=${list.shareId}`);
      expect(items.body).toEqual([parent, child]);
      await expectRefused(visitor, writes, (label) =>
        label === "reset"
          ? [403, "You don't have permission to reset items in this shared list"]
          : label === "clear completed"
            ? [403, "Only the list's owner can clear completed items"]
            : [403, "You have read-only access to this list"],
      );
    } finally {
      await t.store.lists.update(list.id, { linkAccess: "write" });
    }
  });

  /** Level `check`: tick and untick; every other write of the matrix and beyond is 403 and changes nothing (docs/product-rules.md#share-links). */
  async function expectTickOnly(client: Client, q: string, level: string) {
    const { reads, writes } = taskCalls(list, parent, child, q);
    for (const [label, run] of reads) expect({ label, status: (await run(client)).status }).toEqual({ label, status: 200 });
    expect((await client.get<ParentTaskResponse>(`/api/tasks/parent/${parent.id}${q}`)).body.accessLevel).toBe(level);
    const gone = await addTask(owner, { title: "Deleted", listId: list.id });
    await owner.delete(`/api/tasks/${gone.id}`);
    const beyond: Call[] = [
      ["edit and tick", (c) => c.patch(`/api/tasks/${child.id}${q}`, { title: "sneaky", completed: false })],
      ["describe", (c) => c.patch(`/api/tasks/${child.id}${q}`, { description: "sneaky" })],
      ["move", (c) => c.patch(`/api/tasks/${child.id}${q}`, { position: 9 })],
      ["lift out", (c) => c.patch(`/api/tasks/${child.id}${q}`, { parentId: 0 })],
      ["make parent", (c) => c.patch(`/api/tasks/${parent.id}${q}`, { isParent: false })],
      ["bulk", (c) => c.post(`/api/tasks/bulk${q}`, { listId: list.id, items: [{ title: "sneaky" }] })],
      ["restore", (c) => c.post(`/api/tasks/restore${q}`, { ids: [gone.id] })],
    ];
    const refused = [...writes.filter(([label]) => label !== "toggle"), ...beyond];
    // An item someone else deleted is, to anyone but the owner, as if it never was (docs/product-rules.md#undo-and-restore).
    await expectRefused(client, refused, (label) =>
      label === "clear completed"
        ? [403, "Only the list's owner can clear completed items"]
        : label === "restore"
          ? [404, "Task not found"]
          : [403, "You can only tick items on this list"],
    );
    const create = await client.post(`/api/tasks${q}`, { title: "sneaky", listId: list.id });
    expect([create.status, create.body.error]).toEqual([403, "CHECK_ONLY"]);

    // Ticking and unticking work, by toggle and by PATCH {completed}, and change the tick alone.
    const before = await t.store.tasks.findById(child.id);
    const toggled = await client.post<Task>(`/api/tasks/${child.id}/toggle${q}`);
    expect([toggled.status, toggled.body.completed]).toEqual([200, !before!.completed]);
    const patched = await client.patch<Task>(`/api/tasks/${child.id}${q}`, { completed: before!.completed });
    expect([patched.status, patched.body.completed]).toEqual([200, before!.completed]);
    // Who ticked it last is attribution's to record; everything else is as it was.
    expect({ ...(await t.store.tasks.findById(child.id)), completedBy: undefined }).toEqual({ ...before, completedBy: undefined });
  }

  it("lets a check-level recipient read and tick, with or without the link, and refuses every other write with 403", async () => {
    const ticker = await registerUser(t, "ticker");
    await t.store.shares.grant(list.id, ticker.user.id, "check");
    for (const q of ["", `?shareId=${list.shareId}`]) await expectTickOnly(ticker, q, "check");
  });

  it("lets anyone holding a check-level link read and tick, and nothing else", async () => {
    await t.store.lists.update(list.id, { linkAccess: "check" });
    try {
      await expectTickOnly(new Client(t), `?shareId=${list.shareId}`, "check");
      // A read-level link stays read-only: ticking is refused there.
      await t.store.lists.update(list.id, { linkAccess: "read" });
      const res = await new Client(t).post(`/api/tasks/${child.id}/toggle?shareId=${list.shareId}`);
      expect([res.status, res.body.error]).toEqual([403, "READ_ONLY"]);
    } finally {
      await t.store.lists.update(list.id, { linkAccess: "write" });
    }
  });

  it("lets a write-level recipient change items but not clear completed ones", async () => {
    const writer = await registerUser(t, "writer");
    await t.store.shares.grant(list.id, writer.user.id, "write");
    const created = await addTask(writer, { title: "mine", listId: list.id });
    expect(created.userId).toBe(writer.user.id);
    expect((await writer.post<Task>(`/api/tasks/${created.id}/toggle`)).status).toBe(200);
    expect((await writer.post(`/api/tasks/reorder`, [{ id: created.id, position: 0 }])).status).toBe(200);
    expect((await writer.post(`/api/tasks/reset-completions`, { listId: list.id })).status).toBe(200);
    const clear = await writer.post(`/api/tasks/clear-completed?listId=${list.id}`);
    expect([clear.status, clear.body.message]).toEqual([403, "Only the list's owner can clear completed items"]);
    expect((await writer.delete(`/api/tasks/${created.id}`)).status).toBe(200);
  });

  it("answers 404 for a task of another list under a valid shareId, changing nothing", async () => {
    const other = await makeList(t, owner.user.id, "Private");
    const otherParent = await addTask(owner, { title: "Private parent", listId: other.id, isParent: true });
    const secret = await addTask(owner, { title: "Secret", listId: other.id, parentId: otherParent.id });
    const q = `?shareId=${list.shareId}`;
    const calls: Call[] = [
      ["update", (c) => c.patch(`/api/tasks/${secret.id}${q}`, { title: "stolen" })],
      ["toggle", (c) => c.post(`/api/tasks/${secret.id}/toggle${q}`)],
      ["delete", (c) => c.delete(`/api/tasks/${secret.id}${q}`)],
      ["parent view", (c) => c.get(`/api/tasks/parent/${otherParent.id}${q}`)],
      ["reorder", (c) => c.post(`/api/tasks/reorder${q}`, [{ id: secret.id, position: 0 }])],
      ["children", (c) => c.get(`/api/tasks?parentId=${otherParent.id}&shareId=${list.shareId}`)],
      ["as parent", (c) => c.post(`/api/tasks${q}`, { title: "x", parentId: otherParent.id })],
    ];
    // Anonymous visitors and signed-in strangers alike; "as parent" is a 400 (not this list's parent).
    for (const client of [new Client(t), stranger]) {
      await expectRefused(client, calls, (label) =>
        label === "as parent" ? [400, "The parent must be a parent item of the same list"] : [404, "Task not found"],
      );
    }
    // Naming another list next to the link is refused too.
    const res = await new Client(t).get(`/api/tasks?listId=${other.id}&shareId=${list.shareId}`);
    expect([res.status, res.body]).toEqual([404, { message: "List not found" }]);
  });
});
