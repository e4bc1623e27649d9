import { afterAll, beforeAll, expect, it } from "vitest";
import { createLogger } from "../../src/logger";
import { createNotifier } from "../../src/notify/notifier";
import type { TaskList } from "../../src/shared/types";
import { createStore } from "../../src/store";
import type { Db } from "../../src/store/db";
import { openPostgres } from "../../src/store/postgres";
import { openSqlite } from "../../src/store/sqlite";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { addTask } from "../helpers/tasks";
import { makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

const DAY_MS = 24 * 3600_000;

/** Two instances on one database (docs/decisions/053-routines.md): each occurrence of a routine runs exactly once. */
describeEachDialect("routines on two instances", (dialect) => {
  let t: TestApp;
  let second: Db;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    second = dialect === "postgres" ? openPostgres(t.databaseUrl) : openSqlite(t.databaseUrl);
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it("runs each occurrence of every list once, however the two passes meet", async () => {
    const logger = createLogger("silent");
    const workers = [t.store, createStore(second, t.clock)].map((store) => createNotifier({ store, bus: t.bus, config: t.config, logger }));
    const ann = await registerUser(t, `${dialect}_pair_ann`);
    const lists: TaskList[] = [];
    let due = 0;
    for (const name of ["One", "Two", "Three", "Four"]) {
      const list = await createList(ann, name);
      const item = await addTask(ann, { listId: list.id, title: "Water plants" });
      expect((await ann.post(`/api/tasks/${item.id}/toggle`)).status).toBe(200);
      const set = await ann.patch<TaskList>(`/api/task-lists/${list.id}`, {
        routine: { rrule: "FREQ=DAILY;BYHOUR=7", tz: "America/New_York" },
      });
      due = Date.parse(set.body.routine!.nextRunAt);
      lists.push(list);
    }

    for (let day = 0; day < 3; day++) {
      t.clock.advance(due + day * DAY_MS + 5_000 - t.clock.now());
      await Promise.all(workers.map((worker) => worker.tick()));
      // Ticked again between occurrences, so each run has something done to record.
      for (const list of lists) {
        const [item] = await t.store.tasks.listByList(list.id);
        expect((await ann.post(`/api/tasks/${item!.id}/toggle`)).status).toBe(200);
      }
    }

    const ids = lists.map((list) => list.id);
    const marks = ids.map(() => "?").join(", ");
    const runs = await t.store.db.all<{ list_id: number | string; n: number | string; done: number | string }>(
      `SELECT list_id, COUNT(*) AS n, SUM(done) AS done FROM routine_runs WHERE list_id IN (${marks}) GROUP BY list_id ORDER BY list_id`,
      ids,
    );
    expect(runs.map((row) => [Number(row.list_id), Number(row.n), Number(row.done)])).toEqual(ids.map((id) => [id, 3, 3]));
    const resets = await t.store.db.all<{ list_id: number | string; n: number | string }>(
      `SELECT list_id, COUNT(*) AS n FROM events WHERE type = 'tasks_reset' AND list_id IN (${marks}) GROUP BY list_id ORDER BY list_id`,
      ids,
    );
    expect(resets.map((row) => [Number(row.list_id), Number(row.n)])).toEqual(ids.map((id) => [id, 3]));
    const next = (await ann.get<TaskList[]>("/api/task-lists")).body.map((list) => Date.parse(list.routine!.nextRunAt));
    expect(next).toEqual(ids.map(() => due + 3 * DAY_MS));
  });
});
