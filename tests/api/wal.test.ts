import { statSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addTask } from "../helpers/tasks";
import { makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

/**
 * The WAL trap of docs/architecture.md#speed: anything that keeps SQLite from checkpointing (an `UPDATE … RETURNING` left
 * unfinished, a statement held open) lets the WAL grow without bound. Under concurrent toggles and
 * reads it must stay near SQLite's 1,000-page auto-checkpoint; with checkpoints stopped this run
 * leaves a WAL of about 55 MB.
 */
describe("the SQLite write-ahead log under sustained writes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp("sqlite");
  });
  afterAll(() => t.close());

  it("stays bounded through 3,200 concurrent toggles and reads", async () => {
    const owner = await registerUser(t, "writer");
    const list = (await owner.post<{ id: number }>("/api/task-lists", { name: "Busy" })).body;
    const task = await addTask(owner, { title: "Flip me", listId: list.id });
    const walPath = `${t.databaseUrl}-wal`;
    const tasks = [
      task,
      ...(await Promise.all(Array.from({ length: 15 }, (_, i) => addTask(owner, { title: `Item ${i}`, listId: list.id })))),
    ];
    // Concurrent requests, as under real load: reads of one list interleave with the toggles.
    for (let round = 0; round < 200; round++) {
      const results = await Promise.all(
        tasks.flatMap((item) => [owner.post(`/api/tasks/${item.id}/toggle`), owner.get(`/api/tasks?listId=${list.id}`)]),
      );
      if (results.some((res) => res.status !== 200)) throw new Error(`round ${round} failed`);
    }
    const sizeMb = statSync(walPath).size / 1024 / 1024;
    // 1,000 pages of 4 KiB is SQLite's auto-checkpoint; a stuck WAL here would be far past 20 MB.
    expect(sizeMb).toBeLessThan(8);
    expect((await owner.get<Array<{ completed: boolean }>>(`/api/tasks?listId=${list.id}`)).body.every((item) => !item.completed)).toBe(
      true,
    );
  });
});
