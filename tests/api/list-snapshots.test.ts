import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toggleTask } from "../../src/domain/tasks";
import { createStore } from "../../src/store";
import type { Task } from "../../src/shared/types";
import { describeEachDialect, testDialects } from "../helpers/databases";
import { addTask } from "../helpers/tasks";
import { makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

describeEachDialect("cached list reads", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  it("serves a list's items from memory until a change, here or on another instance, moves its event id", async () => {
    const owner = await registerUser(t, "cacher");
    const list = (await owner.post<{ id: number }>("/api/task-lists", { name: "Cached" })).body;
    const first = await addTask(owner, { title: "First", listId: list.id });
    const read = () => owner.get<Task[]>(`/api/tasks?listId=${list.id}`);

    expect((await read()).body.map((task) => task.title)).toEqual(["First"]);
    const snapshot = await t.store.snapshots.read(list.id);
    expect(await t.store.snapshots.read(list.id)).toBe(snapshot);
    expect(() => (snapshot.tasks as Task[]).push(first)).toThrow(TypeError);

    await owner.post(`/api/tasks/${first.id}/toggle`);
    expect((await read()).body[0]!.completed).toBe(true);
    expect(await t.store.snapshots.read(list.id)).not.toBe(snapshot);

    // A second instance over the same database keeps its own cache, and still sees this change.
    const otherInstance = createStore(t.store.db);
    expect((await otherInstance.snapshots.read(list.id)).tasks.map((task) => task.title)).toEqual(["First"]);
    await addTask(owner, { title: "Second", listId: list.id });
    expect((await otherInstance.snapshots.read(list.id)).tasks.map((task) => task.title)).toEqual(["First", "Second"]);
    expect((await read()).headers.get("content-type")).toMatch(/^application\/json/);
  });
});

describe("cached list reads when one list's writes overlap", () => {
  it("are never left stale: a second write waits for the first to commit (its event id comes first)", async () => {
    for (const dialect of await testDialects()) {
      const t = await makeTestApp(dialect);
      try {
        const owner = await registerUser(t, "racer");
        const list = (await owner.post<{ id: number }>("/api/task-lists", { name: "Race" })).body;
        const [first, second] = [
          await addTask(owner, { title: "A", listId: list.id }),
          await addTask(owner, { title: "B", listId: list.id }),
        ];
        // A second instance over the same database, whose first event insert waits on a gate
        // after it is written but before its transaction commits.
        const slow = createStore(t.store.db);
        let open!: () => void;
        const gate = new Promise<void>((resolve) => (open = resolve));
        const append = slow.events.append;
        let gated = false;
        slow.events.append = async (...args) => {
          const event = await append(...args);
          if (!gated) {
            gated = true;
            await gate;
          }
          return event;
        };
        const caller = { userId: owner.user.id };
        const slowToggle = toggleTask(slow, t.bus, caller, first.id);
        await new Promise((resolve) => setTimeout(resolve, 50));
        const fastToggle = toggleTask(t.store, t.bus, caller, second.id);
        await new Promise((resolve) => setTimeout(resolve, 150));
        await t.store.snapshots.read(list.id);
        open();
        await Promise.all([slowToggle, fastToggle]);
        const served = (await owner.get<Task[]>(`/api/tasks?listId=${list.id}`)).body.map((task) => task.completed);
        expect({ dialect, served }).toEqual({ dialect, served: [true, true] });
      } finally {
        await t.close();
      }
    }
  });
});
