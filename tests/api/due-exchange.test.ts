import { afterAll, beforeAll, expect, it } from "vitest";
import type { Task, TaskList } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { addTask, rowsOf } from "../helpers/tasks";
import { makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

const ROUTINE = { rrule: "FREQ=WEEKLY;BYDAY=SU;BYHOUR=18", tz: "Europe/Berlin" };

/** Export and import keep items' due dates (docs/decisions/055-due-dates.md): Markdown the dates, JSON everything and the routine. */
describeEachDialect("due dates in export and import", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  const dueShape = (tasks: Task[]) =>
    tasks.map(({ title, completed, dueAt, remindAt, repeat }) => ({ title, completed, dueAt, remindAt, repeat }));

  async function planned(prefix: string) {
    const ann = await registerUser(t, `${dialect}_${prefix}_ann`);
    const list = await createList(ann, "House");
    expect((await ann.patch(`/api/task-lists/${list.id}`, { routine: ROUTINE })).status).toBe(200);
    await addTask(ann, { listId: list.id, title: "Bins", dueAt: "2026-12-01", repeat: "FREQ=WEEKLY;BYDAY=TU" });
    await addTask(ann, { listId: list.id, title: "Call (mum)", dueAt: "2026-12-03T09:30+01:00", remindAt: "2030-12-03T08:00:00Z" });
    await addTask(ann, { listId: list.id, title: "Milk", completed: true });
    const exported = async (format: string) =>
      (await t.app.request(`/api/task-lists/${list.id}/export?format=${format}`, { headers: { cookie: ann.cookie } })).text();
    return { ann, list, exported };
  }

  it("writes due dates after Markdown titles and reads them back", async () => {
    const { ann, list, exported } = await planned("md");
    const markdown = await exported("md");
    expect(markdown).toBe("# House\n\n- [ ] Bins (due 2026-12-01)\n- [ ] Call (mum) (due 2026-12-03T09:30+01:00)\n- [x] Milk\n");
    const imported = await ann.post<TaskList>("/api/task-lists/import", { format: "md", content: markdown });
    expect(imported.status).toBe(201);
    expect(dueShape(await rowsOf(t, imported.body.id))).toEqual(
      dueShape(await rowsOf(t, list.id)).map((item) => ({ ...item, remindAt: null, repeat: null })),
    );
    // Only a valid due date is read as one; anything else stays the title.
    const odd = await ann.post<TaskList>("/api/task-lists/import", {
      format: "md",
      content: "- [ ] Pay (due tomorrow)\n- [ ] Tax (due 2026-02-30)\n",
    });
    expect(dueShape(await rowsOf(t, odd.body.id)).map(({ title, dueAt }) => [title, dueAt])).toEqual([
      ["Pay (due tomorrow)", null],
      ["Tax (due 2026-02-30)", null],
    ]);
  });

  it("keeps due dates, reminders, repeats and the routine through JSON", async () => {
    const { ann, list, exported } = await planned("json");
    const document = JSON.parse(await exported("json"));
    expect(document).toEqual({
      format: "listwell/1",
      name: "House",
      routine: ROUTINE,
      items: [
        { title: "Bins", completed: false, dueAt: "2026-12-01", repeat: "FREQ=WEEKLY;BYDAY=TU" },
        { title: "Call (mum)", completed: false, dueAt: "2026-12-03T09:30+01:00", remindAt: "2030-12-03T08:00:00Z" },
        { title: "Milk", completed: true },
      ],
    });
    const imported = await ann.post<TaskList>("/api/task-lists/import", { format: "json", content: JSON.stringify(document) });
    expect(imported.status).toBe(201);
    expect(imported.body.routine).toMatchObject(ROUTINE);
    expect(dueShape(await rowsOf(t, imported.body.id))).toEqual(dueShape(await rowsOf(t, list.id)));
    const pending = await t.store.db.get<{ remind_pending_at: unknown }>(
      "SELECT remind_pending_at FROM tasks WHERE list_id = ? AND title = 'Call (mum)'",
      [imported.body.id],
    );
    expect(Number(pending!.remind_pending_at)).toBe(Date.parse("2030-12-03T08:00:00Z"));

    const bad = async (change: Record<string, unknown>) =>
      (await ann.post("/api/task-lists/import", { format: "json", content: JSON.stringify({ ...document, ...change }) })).body.message;
    expect(await bad({ items: [{ title: "X", dueAt: "soon" }] })).toBe(
      "items[0].dueAt: dueAt must be a date (YYYY-MM-DD) or a date and time with an offset, such as 2026-12-01T09:00+01:00, or null",
    );
    expect(await bad({ routine: { rrule: "FREQ=HOURLY", tz: "Europe/Berlin" } })).toBe(
      "routine.rrule: The routine's FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY",
    );
    expect(await bad({ routine: { rrule: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", tz: "Europe/Berlin" } })).toBe(
      "This routine never comes round: no date matches its rule",
    );
  });
});
