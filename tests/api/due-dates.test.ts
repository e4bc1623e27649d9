import { afterAll, beforeAll, expect, it } from "vitest";
import type { ActivityResponse } from "../../src/shared/attribution";
import type { Task, TaskList } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { addTask, listEventsSince } from "../helpers/tasks";
import { makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

const NONE = { dueAt: null, remindAt: null, repeat: null };

/** Items' due dates, reminders and repeats (docs/decisions/055-due-dates.md). */
describeEachDialect("item due dates", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  const share = async (owner: Awaited<ReturnType<typeof registerUser>>, list: TaskList, username: string, accessLevel: string) =>
    expect((await owner.post("/api/share-by-username", { listId: list.id, username, accessLevel })).status).toBe(201);

  it("creates, updates and bulk-adds items with each field, and every answer and event carries all three", async () => {
    const ann = await registerUser(t, `${dialect}_fields_ann`);
    const list = await createList(ann, "House");
    const plain = await addTask(ann, { listId: list.id, title: "Milk" });
    expect(plain).toMatchObject(NONE);

    const bins = await addTask(ann, { listId: list.id, title: "Bins", dueAt: "2026-12-01", repeat: "freq=weekly;byday=tu" });
    expect(bins).toMatchObject({ dueAt: "2026-12-01", remindAt: null, repeat: "FREQ=WEEKLY;BYDAY=TU" });

    const from = t.published.length;
    const edited = await ann.patch<Task>(`/api/tasks/${plain.id}`, { dueAt: "2026-12-03T09:30+01:00", remindAt: "2026-12-03T08:00:00Z" });
    expect(edited).toMatchObject({
      status: 200,
      body: { dueAt: "2026-12-03T09:30+01:00", remindAt: "2026-12-03T08:00:00Z", repeat: null },
    });
    expect(listEventsSince(t, from).map((entry) => (entry.message as unknown as { payload: Task }).payload)).toEqual([edited.body]);

    const cleared = await ann.patch<Task>(`/api/tasks/${plain.id}`, { dueAt: null, remindAt: "" });
    expect(cleared.body).toMatchObject(NONE);

    const bulk = await ann.post<{ tasks: Task[] }>("/api/tasks/bulk", {
      listId: list.id,
      items: [
        {
          title: "Rent",
          dueAt: "2026-12-31",
          repeat: "FREQ=MONTHLY;BYMONTHDAY=-1",
          children: [{ title: "Transfer", dueAt: "2026-12-30" }],
        },
        { title: "Call", remindAt: "2030-01-01T10:00+02:00" },
      ],
    });
    expect(bulk.status).toBe(201);
    expect(bulk.body.tasks.map(({ title, dueAt, remindAt, repeat }) => ({ title, dueAt, remindAt, repeat }))).toEqual([
      { title: "Rent", dueAt: "2026-12-31", remindAt: null, repeat: "FREQ=MONTHLY;BYMONTHDAY=-1" },
      { title: "Transfer", dueAt: "2026-12-30", remindAt: null, repeat: null },
      { title: "Call", dueAt: null, remindAt: "2030-01-01T10:00+02:00", repeat: null },
    ]);
    const read = await ann.get<Task[]>(`/api/tasks?listId=${list.id}`);
    expect(read.body.find((task) => task.title === "Bins")).toMatchObject({ dueAt: "2026-12-01", repeat: "FREQ=WEEKLY;BYDAY=TU" });
    expect(read.body.every((task) => "dueAt" in task && "remindAt" in task && "repeat" in task)).toBe(true);
  });

  it("refuses each malformed field with a message that names it, on create, update and bulk, storing nothing", async () => {
    const ann = await registerUser(t, `${dialect}_bad_ann`);
    const list = await createList(ann, "House");
    const item = await addTask(ann, { listId: list.id, title: "Bins" });
    const dueAt = "dueAt must be a date (YYYY-MM-DD) or a date and time with an offset, such as 2026-12-01T09:00+01:00, or null";
    const remindAt = "remindAt must be a date and time with an offset, such as 2026-12-01T09:00+01:00, or null";
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ dueAt: "2026-02-30" }, dueAt],
      [{ dueAt: "1 December" }, dueAt],
      [{ dueAt: "2026-12-01T09:00" }, dueAt],
      [{ dueAt: 20261201 }, dueAt],
      [{ remindAt: "2026-12-01" }, remindAt],
      [{ remindAt: "2026-12-01T09:00" }, remindAt],
      [{ repeat: 7 }, "repeat must be a recurrence rule such as FREQ=WEEKLY;BYDAY=TU, or null"],
      [{ repeat: "FREQ=HOURLY" }, "The repeat's FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY"],
      [{ repeat: "FREQ=WEEKLY;COUNT=3" }, "A repeat goes on without end: leave out COUNT and UNTIL"],
      [{ repeat: "BYDAY=TU" }, "The repeat's rule needs FREQ: DAILY, WEEKLY, MONTHLY or YEARLY"],
    ];
    const before = await t.store.db.all("SELECT * FROM tasks WHERE list_id = ? ORDER BY id", [list.id]);
    for (const [fields, message] of cases) {
      const created = await ann.post("/api/tasks", { listId: list.id, title: "X", ...fields });
      expect([created.status, created.body.message]).toEqual([400, message]);
      const updated = await ann.patch(`/api/tasks/${item.id}`, fields);
      expect([updated.status, updated.body.message]).toEqual([400, message]);
      const bulk = await ann.post("/api/tasks/bulk", { listId: list.id, items: [{ title: "X", ...fields }] });
      expect([bulk.status, bulk.body.message]).toEqual([400, message]);
    }
    expect(await t.store.db.all("SELECT * FROM tasks WHERE list_id = ? ORDER BY id", [list.id])).toEqual(before);
  });

  it("lets a check-level recipient tick but not set a due date, reminder or repeat", async () => {
    const ann = await registerUser(t, `${dialect}_check_ann`);
    const cid = await registerUser(t, `${dialect}_check_cid`);
    const list = await createList(ann, "House");
    await share(ann, list, cid.user.username, "check");
    const item = await addTask(ann, { listId: list.id, title: "Bins" });
    for (const fields of [{ dueAt: "2026-12-01" }, { remindAt: "2030-12-01T09:00Z" }, { repeat: "FREQ=DAILY" }]) {
      const refused = await cid.patch(`/api/tasks/${item.id}`, fields);
      expect([refused.status, refused.body.message]).toEqual([403, "You can only tick items on this list"]);
    }
    expect((await cid.patch<Task>(`/api/tasks/${item.id}`, { completed: true })).body).toMatchObject({ completed: true, ...NONE });
  });

  it("moves a repeating item's due date on when it is ticked, leaving it open, with one live event and Activity's tick", async () => {
    const ann = await registerUser(t, `${dialect}_repeat_ann`);
    const bob = await registerUser(t, `${dialect}_repeat_bob`);
    const list = await createList(ann, "House");
    await share(ann, list, bob.user.username, "check");
    // 1 December 2026 is a Tuesday: ticked that day, the bins are next due the Tuesday after.
    const bins = await addTask(ann, { listId: list.id, title: "Bins", dueAt: "2026-12-01", repeat: "FREQ=WEEKLY;BYDAY=TU" });
    const from = t.published.length;
    const ticked = await bob.post<Task>(`/api/tasks/${bins.id}/toggle`);
    expect(ticked).toMatchObject({
      status: 200,
      body: { id: bins.id, completed: false, dueAt: "2026-12-08", repeat: "FREQ=WEEKLY;BYDAY=TU" },
    });
    const events = listEventsSince(t, from).map((entry) => entry.message as unknown as { type: string; payload: Task });
    expect(events.map((event) => [event.type, event.payload.dueAt, event.payload.completed])).toEqual([
      ["task_updated", "2026-12-08", false],
    ]);
    const row = await t.store.db.get<{ completed: unknown; completed_by: string }>(
      "SELECT completed, completed_by FROM tasks WHERE id = ?",
      [bins.id],
    );
    expect([Number(row!.completed), JSON.parse(row!.completed_by)]).toEqual([0, { userId: bob.user.id, username: bob.user.username }]);
    const activity = await ann.get<ActivityResponse>(`/api/task-lists/${list.id}/activity`);
    expect(activity.body.activity[0]).toMatchObject({ action: "ticked", subject: "Bins", actor: { userId: bob.user.id } });

    // The last day of January, monthly on the month's last day: February's last, in a leap year too.
    const rent = await addTask(ann, { listId: list.id, title: "Rent", dueAt: "2027-01-31", repeat: "FREQ=MONTHLY;BYMONTHDAY=-1" });
    expect((await ann.patch<Task>(`/api/tasks/${rent.id}`, { completed: true })).body).toMatchObject({
      completed: false,
      dueAt: "2027-02-28",
    });
    const leap = await addTask(ann, { listId: list.id, title: "Leap", dueAt: "2028-01-31", repeat: "FREQ=MONTHLY;BYMONTHDAY=-1" });
    expect((await ann.post<Task>(`/api/tasks/${leap.id}/toggle`)).body).toMatchObject({ completed: false, dueAt: "2028-02-29" });

    // A date-time keeps its wall time and offset.
    const call = await addTask(ann, { listId: list.id, title: "Call", dueAt: "2026-12-01T07:30+01:00", repeat: "FREQ=WEEKLY" });
    expect((await ann.post<Task>(`/api/tasks/${call.id}/toggle`)).body.dueAt).toBe("2026-12-08T07:30+01:00");
    // No due date yet: the first day the rule names after today.
    const water = await addTask(ann, { listId: list.id, title: "Water", repeat: "FREQ=DAILY" });
    const tomorrow = new Date(t.clock.now() + 24 * 3600_000).toISOString().slice(0, 10);
    expect((await ann.post<Task>(`/api/tasks/${water.id}/toggle`)).body.dueAt).toBe(tomorrow);
    // Without a repeat, ticking is as before.
    const milk = await addTask(ann, { listId: list.id, title: "Milk", dueAt: "2026-12-01" });
    expect((await ann.post<Task>(`/api/tasks/${milk.id}/toggle`)).body).toMatchObject({ completed: true, dueAt: "2026-12-01" });
  });

  it("moves the due date once for a replayed keyed tick, by toggle or PATCH, and refuses a repeat no date matches", async () => {
    const ann = await registerUser(t, `${dialect}_replay_ann`);
    const list = await createList(ann, "House");
    const bins = await addTask(ann, { listId: list.id, title: "Bins", dueAt: "2026-12-01", repeat: "FREQ=WEEKLY;BYDAY=TU" });
    for (const attempt of [1, 2]) {
      const res = await ann.patch<Task>(`/api/tasks/${bins.id}`, { completed: true }, { "Idempotency-Key": `${dialect}-tick-bins` });
      expect([attempt, res.status, res.body.dueAt]).toEqual([attempt, 200, "2026-12-08"]);
    }
    for (const attempt of [1, 2]) {
      const res = await ann.post<Task>(`/api/tasks/${bins.id}/toggle`, undefined, { "Idempotency-Key": `${dialect}-toggle-bins` });
      expect([attempt, res.status, res.body.dueAt]).toEqual([attempt, 200, "2026-12-15"]);
    }
    const row = await t.store.db.get<{ due_at: string }>("SELECT due_at FROM tasks WHERE id = ?", [bins.id]);
    expect(row!.due_at).toBe("2026-12-15");

    const never = "This repeat never comes round: no date matches its rule";
    const created = await ann.post("/api/tasks", { listId: list.id, title: "X", repeat: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30" });
    expect([created.status, created.body.message]).toEqual([400, never]);
    const patched = await ann.patch(`/api/tasks/${bins.id}`, { repeat: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30" });
    expect([patched.status, patched.body.message]).toEqual([400, never]);
  });
});
