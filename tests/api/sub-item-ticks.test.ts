import { afterAll, beforeAll, expect, it } from "vitest";
import type { Task, TaskList } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { addTask, listEventsSince, makeList, rowsOf, taskSnapshot } from "../helpers/tasks";
import { type Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

type Signed = Awaited<ReturnType<typeof registerUser>>;
type TickAnswer = Task & { alsoChanged?: Task[] };
type ProgressBody = { progress: Record<string, { done: number; total: number }> };

/**
 * The sub-item tick rule (docs/decisions/043-sub-item-ticks.md): ticking a parent ticks its open
 * sub-items; the last sub-item ticked ticks the parent; unticking a sub-item reopens a ticked
 * parent; unticking a parent changes nothing else. Every way a tick arrives, in one transaction,
 * one `task_updated` per changed item, and the answer names them all.
 */
describeEachDialect("sub-item ticks", (dialect) => {
  let t: TestApp;
  let owner: Signed;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    owner = await registerUser(t, "owner");
  });
  afterAll(() => t.close());

  /** A list with a parent holding three sub-items, one of them already ticked, and a plain item. */
  async function nested() {
    const list = await makeList(t, owner.user.id);
    const parent = await addTask(owner, { title: "Party", listId: list.id, isParent: true });
    const plain = await addTask(owner, { title: "Plain", listId: list.id });
    const cake = await addTask(owner, { title: "Cake", listId: list.id, parentId: parent.id });
    const done = await addTask(owner, { title: "Balloons", listId: list.id, parentId: parent.id, completed: true });
    const candles = await addTask(owner, { title: "Candles", listId: list.id, parentId: parent.id });
    return { list, parent, plain, cake, done, candles };
  }

  const marks = async (list: TaskList) => Object.fromEntries((await rowsOf(t, list.id)).map((task) => [task.title, task.completed]));
  const updatedSince = (from: number) =>
    listEventsSince(t, from)
      .filter((entry) => entry.message.type === "task_updated")
      .map((entry) => entry.message.payload as Task);

  const tickWays: Array<[string, (c: Client, id: number, q: string, completed: boolean) => Promise<{ status: number; body: TickAnswer }>]> =
    [
      ["toggle", (c, id, q) => c.post<TickAnswer>(`/api/tasks/${id}/toggle${q}`)],
      ["PATCH", (c, id, q, completed) => c.patch<TickAnswer>(`/api/tasks/${id}${q}`, { completed })],
      [
        "keyed PATCH",
        (c, id, q, completed) => c.patch<TickAnswer>(`/api/tasks/${id}${q}`, { completed }, { "Idempotency-Key": crypto.randomUUID() }),
      ],
    ];

  for (const [way, tick] of tickWays) {
    for (const linked of [false, true]) {
      it(`${way}${linked ? " with shareId" : ""}: ticking a parent ticks its open sub-items, with events, attribution and the answer`, async () => {
        const { list, parent, cake, done, candles } = await nested();
        const q = linked ? `?shareId=${list.shareId}` : "";
        const from = t.published.length;
        const res = await tick(owner, parent.id, q, true);
        expect(res.status).toBe(200);
        const by = { userId: owner.user.id, username: "owner" };
        const cakeNow = { ...cake, completed: true, completedBy: by };
        const candlesNow = { ...candles, completed: true, completedBy: by };
        expect(res.body).toEqual({ ...parent, completed: true, completedBy: by, alsoChanged: [cakeNow, candlesNow] });
        expect(await marks(list)).toEqual({ Party: true, Plain: false, Cake: true, Balloons: true, Candles: true });
        // One event per changed item, each the whole item; the sub-item ticked before is not touched.
        expect(updatedSince(from)).toEqual([{ ...parent, completed: true, completedBy: by }, cakeNow, candlesNow]);
        expect((await t.store.tasks.findById(done.id))?.completedBy).toEqual(done.completedBy);
      });
    }
  }

  it("the last sub-item ticked ticks the parent; unticking it reopens the parent; unticking a parent changes nothing else", async () => {
    const { list, parent, cake, candles } = await nested();
    expect((await owner.post<TickAnswer>(`/api/tasks/${cake.id}/toggle`)).body.alsoChanged).toBeUndefined();
    expect(await marks(list)).toMatchObject({ Party: false, Cake: true, Candles: false });

    let from = t.published.length;
    const last = await owner.patch<TickAnswer>(`/api/tasks/${candles.id}`, { completed: true });
    expect(last.status).toBe(200);
    expect(last.body.alsoChanged?.map((task) => [task.id, task.completed])).toEqual([[parent.id, true]]);
    expect(await marks(list)).toMatchObject({ Party: true, Cake: true, Balloons: true, Candles: true });
    expect(updatedSince(from).map((task) => [task.title, task.completed])).toEqual([
      ["Candles", true],
      ["Party", true],
    ]);

    // Undo of that tick is unticking the sub-item: the parent it ticked opens again, the others stay done.
    from = t.published.length;
    const undone = await owner.post<TickAnswer>(`/api/tasks/${candles.id}/toggle`);
    expect(undone.body.alsoChanged?.map((task) => [task.id, task.completed])).toEqual([[parent.id, false]]);
    expect(await marks(list)).toEqual({ Party: false, Plain: false, Cake: true, Balloons: true, Candles: false });
    expect(updatedSince(from).map((task) => [task.title, task.completed])).toEqual([
      ["Candles", false],
      ["Party", false],
    ]);

    // A parent ticked and then unticked: its sub-items stay as the tick left them.
    await owner.post(`/api/tasks/${parent.id}/toggle`);
    from = t.published.length;
    const untick = await owner.patch<TickAnswer>(`/api/tasks/${parent.id}`, { completed: false });
    expect([untick.status, untick.body.completed, untick.body.alsoChanged]).toEqual([200, false, undefined]);
    expect(await marks(list)).toEqual({ Party: false, Plain: false, Cake: true, Balloons: true, Candles: true });
    expect(updatedSince(from).map((task) => task.title)).toEqual(["Party"]);
  });

  it("Undo of a parent's tick reopens the sub-items it ticked and not those done before", async () => {
    const { list, parent, cake, candles } = await nested();
    const ticked = await owner.post<TickAnswer>(`/api/tasks/${parent.id}/toggle`);
    const reopen = (ticked.body.alsoChanged ?? []).map((task) => task.id);
    expect(reopen).toEqual([cake.id, candles.id]);
    // What the list page's Undo sends: the parent unticked, then each sub-item the tick ticked.
    for (const id of [parent.id, ...reopen]) {
      expect((await owner.patch(`/api/tasks/${id}`, { completed: false }, { "Idempotency-Key": crypto.randomUUID() })).status).toBe(200);
    }
    expect(await marks(list)).toEqual({ Party: false, Plain: false, Cake: false, Balloons: true, Candles: false });
  });

  it("a tick-only caller's parent tick ticks the sub-items too; a read-only caller is refused as before and changes nothing", async () => {
    const { list, parent } = await nested();
    const ticker = await registerUser(t, `ticker_${list.id}`);
    await t.store.shares.grant(list.id, ticker.user.id, "check");
    const res = await ticker.post<TickAnswer>(`/api/tasks/${parent.id}/toggle?shareId=${list.shareId}`);
    expect(res.status).toBe(200);
    const by = { userId: ticker.user.id, username: ticker.user.username };
    expect(res.body.alsoChanged?.map((task) => [task.title, task.completedBy])).toEqual([
      ["Cake", by],
      ["Candles", by],
    ]);
    expect(await marks(list)).toMatchObject({ Party: true, Cake: true, Balloons: true, Candles: true });

    const reader = await registerUser(t, `reader_${list.id}`);
    await t.store.shares.grant(list.id, reader.user.id, "read");
    const stranger = await registerUser(t, `stranger_${list.id}`);
    const before = await taskSnapshot(t);
    const refused = await reader.patch(`/api/tasks/${parent.id}?shareId=${list.shareId}`, { completed: false });
    expect([refused.status, refused.body.error]).toEqual([403, "READ_ONLY"]);
    const toggled = await reader.post(`/api/tasks/${parent.id}/toggle`);
    expect([toggled.status, toggled.body.error]).toEqual([403, "READ_ONLY"]);
    const hidden = await stranger.post(`/api/tasks/${parent.id}/toggle`);
    expect([hidden.status, hidden.body]).toEqual([404, { message: "Task not found" }]);
    expect(await taskSnapshot(t)).toEqual(before);
  });

  it("a sub-item added open reopens its ticked parent; one added ticked as the last open one ticks it", async () => {
    const { list, parent } = await nested();
    await owner.post(`/api/tasks/${parent.id}/toggle`);
    const from = t.published.length;
    const added = await owner.post<TickAnswer>("/api/tasks", { title: "Plates", listId: list.id, parentId: parent.id });
    expect([added.status, added.body.alsoChanged]).toEqual([201, undefined]);
    expect(updatedSince(from).map((task) => [task.id, task.completed])).toEqual([[parent.id, false]]);
    expect(await marks(list)).toMatchObject({ Party: false, Plates: false });
    const pasted = await owner.post("/api/tasks/bulk", {
      listId: list.id,
      parentId: parent.id,
      items: [{ title: "Forks", completed: true }],
    });
    expect(pasted.status).toBe(201);
    expect(await marks(list)).toMatchObject({ Party: false, Forks: true });
    await owner.patch(`/api/tasks/${(await rowsOf(t, list.id)).find((task) => task.title === "Plates")!.id}`, { completed: true });
    expect(await marks(list)).toMatchObject({ Party: true, Plates: true, Forks: true });
  });

  it("Home counts what the list page's count line counts: top-level items, a parent once by its own mark", async () => {
    const { list, parent, cake } = await nested();
    await owner.post(`/api/tasks/${cake.id}/toggle`);
    const home = await owner.get<ProgressBody>("/api/task-lists/progress");
    const items = await owner.get<Task[]>(`/api/tasks?listId=${list.id}`);
    // The list page's count line: its top-level items ("{n} of {m} completed").
    const top = items.body.filter((task) => task.parentId === 0);
    const line = { done: top.filter((task) => task.completed).length, total: top.length };
    expect(line).toEqual({ done: 0, total: 2 });
    expect(home.body.progress[list.id]).toEqual(line);
    await owner.post(`/api/tasks/${parent.id}/toggle`);
    expect((await owner.get<ProgressBody>("/api/task-lists/progress")).body.progress[list.id]).toEqual({ done: 1, total: 2 });
    // The live `list_progress` count Home hears reads the same numbers.
    expect(await t.store.lists.progressOf(list.id)).toEqual({ done: 1, total: 2 });
  });
});
