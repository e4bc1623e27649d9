import { afterAll, beforeAll, expect, it } from "vitest";
import type { Task } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { addTask, listEventsSince, taskSnapshot } from "../helpers/tasks";
import { Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

/**
 * What an offline outbox replaying its queue relies on (docs/decisions/020-outbox.md): a tick set absolutely, a
 * change to an item deleted meanwhile refused as "not found", a queued reorder applied to the
 * items that remain.
 */
const keyed = (key: string) => ({ "Idempotency-Key": key });
const positions = (tasks: Task[]) => tasks.map((task) => [task.title, task.position]);

describeEachDialect("replaying queued changes", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  it("sets the tick absolutely: `completed` as it already is changes nothing and tells nobody", async () => {
    const kim = await registerUser(t, "kim");
    const list = await createList(kim, "Ticks");
    const milk = await addTask(kim, { listId: list.id, title: "Milk" });
    const from = t.published.length;
    const ticked = await kim.patch<Task>(`/api/tasks/${milk.id}`, { completed: true }, keyed("tick-a"));
    expect([ticked.status, ticked.body.completed]).toEqual([200, true]);
    const events = (await taskSnapshot(t)).events;
    // The outbox lost track and sends the tick again under a new key: still ticked, no event, no progress.
    const again = await kim.patch<Task>(`/api/tasks/${milk.id}`, { completed: true }, keyed("tick-b"));
    expect([again.status, again.body]).toEqual([200, ticked.body]);
    expect((await taskSnapshot(t)).events).toEqual(events);
    expect(t.published.slice(from).map((entry) => entry.message.type)).toEqual(["task_updated", "list_progress"]);
    // Unticking is set the same way, and is told.
    const unticked = await kim.patch<Task>(`/api/tasks/${milk.id}`, { completed: false });
    expect([unticked.status, unticked.body.completed]).toEqual([200, false]);
    expect(listEventsSince(t, from).map((entry) => [entry.message.type, (entry.message.payload as Task).completed])).toEqual([
      ["task_updated", true],
      ["task_updated", false],
    ]);
    // A replay of the first tick answers what it answered and changes nothing: it never flips.
    const replay = await kim.patch<Task>(`/api/tasks/${milk.id}`, { completed: true }, keyed("tick-a"));
    expect([replay.status, replay.body.completed, replay.headers.get("idempotent-replayed")]).toEqual([200, true, "true"]);
    expect((await kim.get<Task[]>(`/api/tasks?listId=${list.id}`)).body.map((task) => task.completed)).toEqual([false]);
    // Same title as stored: nothing changed, nothing told; a new title is told (positive control).
    const quiet = t.published.length;
    expect((await kim.patch<Task>(`/api/tasks/${milk.id}`, { title: "Milk" })).status).toBe(200);
    expect(listEventsSince(t, quiet)).toEqual([]);
    expect((await kim.patch<Task>(`/api/tasks/${milk.id}`, { title: "Oat milk" })).body.title).toBe("Oat milk");
    expect(listEventsSince(t, quiet).map((entry) => entry.message.type)).toEqual(["task_updated"]);
  });

  it("answers 404 'Task not found' to a queued change of an item someone else deleted, and so again, keeping no key", async () => {
    const lou = await registerUser(t, "lou");
    const list = await createList(lou, "Deleted meanwhile");
    const bread = await addTask(lou, { listId: list.id, title: "Bread" });
    const milk = await addTask(lou, { listId: list.id, title: "Milk" });
    const guest = new Client(t);
    expect((await guest.delete(`/api/tasks/${bread.id}?shareId=${list.shareId}`)).status).toBe(200);
    const before = await taskSnapshot(t);
    const calls = [
      () => lou.patch(`/api/tasks/${bread.id}`, { completed: true }, keyed("gone-1")),
      () => lou.patch(`/api/tasks/${bread.id}`, { title: "Rye" }, keyed("gone-2")),
      () => lou.post(`/api/tasks/${bread.id}/toggle`, undefined, keyed("gone-3")),
      () => lou.delete(`/api/tasks/${bread.id}`, keyed("gone-4")),
    ];
    for (const call of calls) {
      for (let attempt = 0; attempt < 2; attempt++) {
        const answer = await call();
        expect([answer.status, answer.body, answer.headers.get("idempotent-replayed")]).toEqual([404, { message: "Task not found" }, null]);
      }
    }
    expect(await taskSnapshot(t)).toEqual(before);
    // The control: a change of an item still there keeps its key.
    expect((await lou.patch(`/api/tasks/${milk.id}`, { completed: true }, keyed("gone-0"))).status).toBe(200);
    const keys = await t.store.db.all("SELECT request_key FROM idempotency_keys WHERE request_key LIKE 'gone-%'");
    expect(keys).toEqual([{ request_key: "gone-0" }]);
  });

  it("applies a queued reorder to the items that still exist, in the order sent, passing over deleted ones", async () => {
    const max = await registerUser(t, "max");
    const list = await createList(max, "Reorder");
    const [a, b, c, d] = [
      await addTask(max, { listId: list.id, title: "a" }),
      await addTask(max, { listId: list.id, title: "b" }),
      await addTask(max, { listId: list.id, title: "c" }),
      await addTask(max, { listId: list.id, title: "d" }),
    ];
    // Someone else deletes b while the phone is offline with a reorder naming it.
    expect((await new Client(t).delete(`/api/tasks/${b!.id}?shareId=${list.shareId}`)).status).toBe(200);
    const queued = [
      { id: b!.id, position: 0 },
      { id: d!.id, position: 1 },
      { id: c!.id, position: 2 },
      { id: a!.id, position: 3 },
    ];
    const from = t.published.length;
    const res = await max.post<{ tasks: Task[] }>("/api/tasks/reorder", queued, keyed("reorder-1"));
    expect([res.status, positions(res.body.tasks)]).toEqual([
      200,
      [
        ["d", 1],
        ["c", 2],
        ["a", 3],
      ],
    ]);
    expect(positions((await max.get<Task[]>(`/api/tasks?listId=${list.id}`)).body)).toEqual(positions(res.body.tasks));
    expect(listEventsSince(t, from).map((entry) => entry.message.type)).toEqual(["tasks_reordered"]);
    // The same by listId and by a link guest: the deleted item is passed over both ways.
    const byList = await max.post<{ tasks: Task[] }>(`/api/tasks/reorder?listId=${list.id}`, [
      { id: a!.id, position: 0 },
      { id: b!.id, position: 1 },
      { id: c!.id, position: 2 },
      { id: d!.id, position: 3 },
    ]);
    expect(positions(byList.body.tasks)).toEqual([
      ["a", 0],
      ["c", 2],
      ["d", 3],
    ]);
    const byGuest = await new Client(t).post<{ tasks: Task[] }>(`/api/tasks/reorder?shareId=${list.shareId}`, [
      { id: c!.id, position: 0 },
      { id: b!.id, position: 1 },
      { id: a!.id, position: 2 },
    ]);
    expect(positions(byGuest.body.tasks)).toEqual([
      ["c", 0],
      ["a", 2],
      ["d", 3],
    ]);
  });

  it("still refuses a reorder naming an item of another list, an unknown one or one twice, changing nothing", async () => {
    const ned = await registerUser(t, "ned");
    const list = await createList(ned, "Mine");
    const other = await createList(ned, "Other");
    const [a, b] = [await addTask(ned, { listId: list.id, title: "a" }), await addTask(ned, { listId: list.id, title: "b" })];
    const foreign = await addTask(ned, { listId: other.id, title: "x" });
    const foreignDeleted = await addTask(ned, { listId: other.id, title: "y" });
    expect((await ned.delete(`/api/tasks/${foreignDeleted.id}`)).status).toBe(200);
    const before = await taskSnapshot(t);
    const refusals: Array<[unknown, number, string]> = [
      [
        [
          { id: b!.id, position: 0 },
          { id: foreign.id, position: 1 },
        ],
        404,
        "Task not found",
      ],
      [
        [
          { id: b!.id, position: 0 },
          { id: foreignDeleted.id, position: 1 },
        ],
        404,
        "Task not found",
      ],
      [
        [
          { id: a!.id, position: 0 },
          { id: 999_999, position: 1 },
        ],
        404,
        "Task not found",
      ],
      [
        [
          { id: a!.id, position: 0 },
          { id: a!.id, position: 1 },
        ],
        400,
        "Each item may appear only once",
      ],
      [[], 400, "Nothing to reorder"],
    ];
    for (const [payload, status, message] of refusals) {
      const res = await ned.post(`/api/tasks/reorder?listId=${list.id}`, payload);
      expect([res.status, res.body.message]).toEqual([status, message]);
    }
    expect(await taskSnapshot(t)).toEqual(before);
  });
});
