import { SQL } from "bun";
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, expect, it } from "vitest";
import { recordListEvent } from "../../src/domain/events";
import { runHousekeeping } from "../../src/domain/housekeeping";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { addTask } from "../helpers/tasks";
import { makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

/** What the server's hourly housekeeping removes, and what it leaves. */

const DAY_MS = 24 * 60 * 60 * 1000;

const count = async (t: TestApp, sql: string, params: Array<number | string> = []) =>
  Number((await t.store.db.get<{ n: number | string }>(sql, params))?.n);

const eventsOf = (t: TestApp, listId: number) => count(t, "SELECT COUNT(*) AS n FROM events WHERE list_id = ?", [listId]);

/** Deletes a user row as a database opened without foreign keys would (an SQLite shell, a hand-made restore). */
async function deleteUserWithoutCascade(t: TestApp, userId: number) {
  if (t.dialect === "sqlite") {
    const raw = new Database(t.databaseUrl);
    raw.run("DELETE FROM users WHERE id = ?", [userId]);
    raw.close();
    return;
  }
  const raw = new SQL(t.databaseUrl, { max: 1 });
  await raw.begin(async (tx) => {
    await tx`SET LOCAL session_replication_role = replica`;
    await tx`DELETE FROM users WHERE id = ${userId}`;
  });
  await raw.close();
}

describeEachDialect("housekeeping", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  it("removes expired sessions and keeps the live ones signed in", async () => {
    const ann = await registerUser(t, "ann");
    const now = t.store.clock.now();
    for (let i = 0; i < 5; i++) await t.store.sessions.create({ id: `expired-${i}`, userId: ann.user.id, expiresAt: now - 1000 - i });
    await t.store.sessions.create({ id: "still-valid", userId: ann.user.id, expiresAt: now + DAY_MS });
    const report = await runHousekeeping(t.store);
    expect(report.sessions).toBe(5);
    expect(await count(t, "SELECT COUNT(*) AS n FROM sessions WHERE id LIKE 'expired-%'")).toBe(0);
    expect(await count(t, "SELECT COUNT(*) AS n FROM sessions WHERE id = 'still-valid'")).toBe(1);
    // Ann's own session (made at registration) is live: she is still signed in.
    expect((await ann.get("/api/task-lists")).status).toBe(200);
  });

  it("prunes the events of every list, however their writes interleave, keeping at least the last 1,000", async () => {
    const ben = await registerUser(t, "ben");
    const lists = [await createList(ben, "Even"), await createList(ben, "Odd")];
    // Changes alternate between the two lists, so each list's events take every other id; each is
    // recorded as every write records its event (a tick through the API costs too long for 2,300).
    for (let i = 0; i < 1150; i++) {
      await t.store.db.transaction(async (tx) => {
        for (const list of lists) await recordListEvent(t.store, tx, list, "task_updated", { n: i }, { actor: null });
      });
    }
    for (const list of lists) {
      const kept = await eventsOf(t, list.id);
      expect(kept).toBeGreaterThanOrEqual(1000);
      expect(kept).toBeLessThan(1100);
    }
    await runHousekeeping(t.store);
    expect(await Promise.all(lists.map((list) => eventsOf(t, list.id)))).toEqual([1000, 1000]);
    // What is kept is the newest: the last tick of each list is there.
    const newest = await t.store.events.latestIdOf(lists[1]!.id);
    expect(await count(t, "SELECT COUNT(*) AS n FROM events WHERE list_id = ? AND id > ?", [lists[1]!.id, newest - 1])).toBe(1);
  }, 120_000);

  it("brings deleted rows of an older database within the bound, the newest kept", async () => {
    const cyd = await registerUser(t, "cyd");
    const list = await createList(cyd, "Old");
    const live = await addTask(cyd, { listId: list.id, title: "Live" });
    const base = t.store.clock.now();
    await t.store.db.run(
      `INSERT INTO tasks (list_id, user_id, title, position, created_at, deleted_at)
       SELECT ?, ?, 'gone', g, 0, ? + g FROM (${dialect === "sqlite" ? "WITH RECURSIVE s(g) AS (SELECT 1 UNION ALL SELECT g + 1 FROM s WHERE g < 250) SELECT g FROM s" : "SELECT generate_series(1, 250) AS g"}) AS numbers`,
      [list.id, cyd.user.id, base],
    );
    const report = await runHousekeeping(t.store);
    expect(report.beyondBound.tasks).toBe(50);
    const rows = await t.store.db.all<{ n: number | string; oldest: number | string }>(
      "SELECT COUNT(*) AS n, MIN(deleted_at) AS oldest FROM tasks WHERE list_id = ? AND deleted_at IS NOT NULL",
      [list.id],
    );
    expect(rows.map((row) => [Number(row.n), Number(row.oldest)])).toEqual([[200, base + 51]]);
    expect((await cyd.get(`/api/tasks?listId=${list.id}`)).body).toEqual([live]);
  });

  it("removes what belongs to nothing any more: a purged list's events, a deleted user's shares, sessions and seen versions", async () => {
    const dee = await registerUser(t, "dee");
    const eve = await registerUser(t, "eve");
    const gone = await createList(dee, "Gone");
    const kept = await createList(dee, "Kept");
    await addTask(dee, { listId: kept.id, title: "Milk" });
    expect((await dee.post("/api/share-by-username", { listId: kept.id, username: "eve", accessLevel: "write" })).status).toBe(201);
    await t.store.db.run("INSERT INTO seen_versions (user_id, version_id) VALUES (?, ?)", [eve.user.id, "v1"]);
    expect((await dee.delete(`/api/task-lists/${gone.id}`)).status).toBe(200);
    await addTask(dee, { listId: kept.id, title: "Bread" });
    // A list deleted before this housekeeping existed was purged with one event left behind.
    await t.store.db.run("DELETE FROM task_lists WHERE id = ?", [gone.id]);
    expect(await eventsOf(t, gone.id)).toBe(1);
    await deleteUserWithoutCascade(t, eve.user.id);
    const ofEve = (table: string) => count(t, `SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`, [eve.user.id]);
    expect([await ofEve("list_shares"), await ofEve("sessions"), await ofEve("seen_versions")]).toEqual([1, 1, 1]);

    const report = await runHousekeeping(t.store);
    expect(report.orphans).toMatchObject({ events: 1, listShares: 1, sessions: 1, seenVersions: 1 });
    expect(await eventsOf(t, gone.id)).toBe(0);
    expect([await ofEve("list_shares"), await ofEve("sessions"), await ofEve("seen_versions")]).toEqual([0, 0, 0]);
    // The control: the live list keeps its items and events, its owner her session.
    expect(await eventsOf(t, kept.id)).toBeGreaterThan(0);
    expect((await dee.get(`/api/tasks?listId=${kept.id}`)).body).toMatchObject([{ title: "Milk" }, { title: "Bread" }]);
  });

  it("removes items and lists deleted more than 30 days ago, with the deleted list's events", async () => {
    const fay = await registerUser(t, "fay");
    const list = await createList(fay, "Old news");
    const item = await addTask(fay, { listId: list.id, title: "Bread" });
    const other = await createList(fay, "Still here");
    const recent = await addTask(fay, { listId: other.id, title: "Eggs" });
    await fay.delete(`/api/task-lists/${list.id}`);
    await fay.delete(`/api/tasks/${recent.id}`);
    t.clock.advance(31 * DAY_MS);
    await t.store.db.run("UPDATE tasks SET deleted_at = ? WHERE id = ?", [t.store.clock.now(), recent.id]);
    const report = await runHousekeeping(t.store);
    expect(report.deleted.lists).toBeGreaterThanOrEqual(1);
    expect(await count(t, "SELECT COUNT(*) AS n FROM tasks WHERE id IN (?, ?)", [item.id, recent.id])).toBe(1);
    expect(await eventsOf(t, list.id)).toBe(0);
    expect(await count(t, "SELECT COUNT(*) AS n FROM task_lists WHERE id = ?", [other.id])).toBe(1);
  });

  it("never hands an event id out twice: a purge leaves the table's newest event, whoever's it was", async () => {
    const gus = await registerUser(t, "gus");
    const list = await createList(gus, "Last one");
    await addTask(gus, { listId: list.id, title: "Tea" });
    expect((await gus.delete(`/api/task-lists/${list.id}`)).status).toBe(200);
    const newest = await count(t, "SELECT MAX(id) AS n FROM events");
    expect(await count(t, "SELECT list_id AS n FROM events WHERE id = ?", [newest])).toBe(list.id);
    t.clock.advance(31 * DAY_MS);
    await runHousekeeping(t.store);
    expect(await count(t, "SELECT COUNT(*) AS n FROM task_lists WHERE id = ?", [list.id])).toBe(0);
    // Its older event went with it (the control); the newest row stays, so the next id is higher.
    expect(await eventsOf(t, list.id)).toBe(1);
    // Gus's session ran out with the month; a newcomer writes the next event.
    const hal = await registerUser(t, "hal");
    const next = await createList(hal, "Next");
    await addTask(hal, { listId: next.id, title: "Coffee" });
    expect(await count(t, "SELECT MIN(id) AS n FROM events WHERE list_id = ?", [next.id])).toBeGreaterThan(newest);
  });
});
