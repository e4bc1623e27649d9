import { afterAll, beforeAll, expect, it } from "vitest";
import type { Task } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { addTask } from "../helpers/tasks";
import { makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

/** Reset's Undo (docs/decisions/047-list-header.md): the reset names what it unticked, and its Undo ticks those again. */
describeEachDialect("undoing a reset", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  const ticks = async (listId: number) =>
    (await t.store.db.all<{ id: number | string }>("SELECT id FROM tasks WHERE list_id = ? AND completed = 1 ORDER BY id", [listId])).map(
      (row) => Number(row.id),
    );

  it("lets whoever may reset undo it, bringing back each tick with its author, and leaves what changed meanwhile", async () => {
    const ann = await registerUser(t, "reset_ann");
    const bob = await registerUser(t, "reset_bob");
    const kim = await registerUser(t, "reset_kim");
    const list = await createList(ann, "Shop");
    const [milk, eggs, bread] = [
      await addTask(ann, { listId: list.id, title: "Milk" }),
      await addTask(ann, { listId: list.id, title: "Eggs" }),
      await addTask(ann, { listId: list.id, title: "Bread" }),
    ];
    for (const [username, accessLevel] of [
      ["reset_bob", "write"],
      ["reset_kim", "check"],
    ]) {
      expect((await ann.post("/api/share-by-username", { listId: list.id, username, accessLevel })).status).toBe(201);
    }
    for (const task of [milk, eggs]) expect((await ann.post(`/api/tasks/${task.id}/toggle`)).status).toBe(200);

    // A tick-only recipient may neither reset nor undo one, and is told the same.
    const refusedReset = await kim.post("/api/tasks/reset-completions", { listId: list.id });
    expect(refusedReset).toMatchObject({ status: 403, body: { message: "You can only tick items on this list" } });
    expect(await kim.post("/api/tasks/restore-completions", { listId: list.id, ids: [milk.id] })).toMatchObject({
      status: 403,
      body: refusedReset.body,
    });

    const reset = await bob.post<{ tasks: Task[]; resetIds: number[] }>("/api/tasks/reset-completions", { listId: list.id });
    expect(reset.status).toBe(200);
    expect(reset.body.resetIds).toEqual([milk.id, eggs.id]);
    expect(await ticks(list.id)).toEqual([]);

    // Meanwhile Eggs is deleted and Bread ticked by its owner: the Undo leaves both as they are.
    expect((await ann.delete(`/api/tasks/${eggs.id}`)).status).toBe(200);
    expect((await ann.post(`/api/tasks/${bread.id}/toggle`)).status).toBe(200);
    const undo = await bob.post<{ tasks: Task[] }>("/api/tasks/restore-completions", { listId: list.id, ids: reset.body.resetIds });
    expect(undo.status).toBe(200);
    expect(undo.body.tasks.map((task) => [task.title, task.completed, task.completedBy?.username])).toEqual([["Milk", true, "reset_ann"]]);
    expect(await ticks(list.id)).toEqual([milk.id, bread.id]);

    // An id of another list is none of this list's: nothing changes.
    const other = await createList(ann, "Other");
    const stray = await addTask(ann, { listId: other.id, title: "Stray" });
    expect((await bob.post<{ tasks: Task[] }>("/api/tasks/restore-completions", { listId: list.id, ids: [stray.id] })).body.tasks).toEqual(
      [],
    );
    expect(await ticks(other.id)).toEqual([]);
  });
});
