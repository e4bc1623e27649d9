import { afterAll, beforeAll, expect, it } from "vitest";
import { createLogger } from "../../src/logger";
import { createNotifier } from "../../src/notify/notifier";
import type { RoutineRun, RoutineRunsResponse } from "../../src/shared/routines";
import type { SharedListResponse, TaskList } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { startLiveServer, TestSocket } from "../helpers/live";
import { addTask } from "../helpers/tasks";
import { Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

const SUNDAYS = { rrule: "FREQ=WEEKLY;BYDAY=SU;BYHOUR=18;BYMINUTE=0", tz: "Europe/Berlin" };
const EVENINGS = { rrule: "FREQ=DAILY;BYHOUR=18;BYMINUTE=0", tz: "Europe/Berlin" };

/** List routines (docs/decisions/053-routines.md): set through the list's PATCH, run by the worker's pass or on request. */
describeEachDialect("list routines", (dialect) => {
  let t: TestApp;
  let worker: ReturnType<typeof createNotifier>;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    worker = createNotifier({ store: t.store, bus: t.bus, config: t.config, logger: createLogger("silent") });
  });
  afterAll(() => t.close());

  const setRoutine = (client: Client, list: TaskList, routine: unknown) =>
    client.patch<TaskList & { message?: string }>(`/api/task-lists/${list.id}`, { routine });
  const runsOf = (client: Client, list: TaskList) =>
    client.get<RoutineRunsResponse & { message?: string }>(`/api/task-lists/${list.id}/runs`);
  const runRows = async (list: TaskList) =>
    Number((await t.store.db.get<{ n: number | string }>("SELECT COUNT(*) AS n FROM routine_runs WHERE list_id = ?", [list.id]))!.n);
  const ticked = async (list: TaskList) =>
    (await t.store.tasks.listByList(list.id)).filter((task) => task.completed).map((task) => task.title);
  /** Time moves to `at` (epoch ms) and the worker makes one pass, as its timer would. */
  const passAt = async (at: number) => {
    t.clock.advance(at - t.clock.now());
    await worker.tick();
  };

  it("lets the owner set, change and clear a routine, answered with its next run on every list answer", async () => {
    const ann = await registerUser(t, `${dialect}_set_ann`);
    const bob = await registerUser(t, `${dialect}_set_bob`);
    const list = await createList(ann, "Chores");
    expect(list.routine).toBeNull();
    expect((await ann.post("/api/share-by-username", { listId: list.id, username: bob.user.username, accessLevel: "write" })).status).toBe(
      201,
    );

    const set = await setRoutine(ann, list, { rrule: "freq=weekly;byday=su;byhour=18;byminute=0", tz: "europe/berlin" });
    expect(set.status).toBe(200);
    const next = Date.parse(set.body.routine!.nextRunAt);
    expect(set.body.routine).toEqual({ ...SUNDAYS, nextRunAt: new Date(next).toISOString() });
    // The next Sunday at 18:00 Berlin time, within the coming week.
    const berlin = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Berlin", weekday: "short", hour: "2-digit", minute: "2-digit" });
    expect(berlin.format(next)).toBe("Sun 18:00");
    expect(next).toBeGreaterThan(t.clock.now());
    expect(next - t.clock.now()).toBeLessThanOrEqual(7 * 24 * 3600_000);

    const own = await ann.get<TaskList[]>("/api/task-lists");
    expect(own.body.find((entry) => entry.id === list.id)?.routine).toEqual(set.body.routine);
    const shared = await bob.get<SharedListResponse>(`/api/list/${list.id}`);
    expect(shared.body.list.routine).toEqual(set.body.routine);

    const renamed = await ann.patch<TaskList>(`/api/task-lists/${list.id}`, { name: "House" });
    expect(renamed.body.routine).toEqual(set.body.routine);

    const cleared = await setRoutine(ann, list, null);
    expect(cleared).toMatchObject({ status: 200, body: { name: "House", routine: null } });
    const row = await t.store.db.get("SELECT routine_rrule, routine_tz, routine_next_run_at FROM task_lists WHERE id = ?", [list.id]);
    expect(row).toEqual({ routine_rrule: null, routine_tz: null, routine_next_run_at: null });
  });

  it("refuses bad routines with a message, a recipient as any owner-only change, and a stranger with 404", async () => {
    const ann = await registerUser(t, `${dialect}_bad_ann`);
    const bob = await registerUser(t, `${dialect}_bad_bob`);
    const eve = await registerUser(t, `${dialect}_bad_eve`);
    const list = await createList(ann, "Chores");
    expect((await ann.post("/api/share-by-username", { listId: list.id, username: bob.user.username, accessLevel: "admin" })).status).toBe(
      201,
    );
    const cases: Array<[unknown, string]> = [
      ["weekly", "routine must be {rrule, tz} or null"],
      [{ rrule: "FREQ=HOURLY", tz: "UTC" }, "The routine's FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY"],
      [{ rrule: "BYHOUR=18", tz: "UTC" }, "The routine's rule needs FREQ: DAILY, WEEKLY, MONTHLY or YEARLY"],
      [{ rrule: "FREQ=DAILY;COUNT=3", tz: "UTC" }, "A routine repeats without end: leave out COUNT and UNTIL"],
      [{ rrule: "FREQ=DAILY;BYHOUR=25", tz: "UTC" }, "The routine's BYHOUR must be hours from 0 to 23"],
      [
        { rrule: "FREQ=MONTHLY;BYMONTHDAY=0", tz: "UTC" },
        "The routine's BYMONTHDAY must be days from 1 to 31, or -1 to -31 from the month's end",
      ],
      [{ rrule: "FREQ=WEEKLY;BYDAY=SUN", tz: "UTC" }, "The routine's BYDAY must be weekdays such as SU, MO,WE or -1FR"],
      [{ rrule: "FREQ=DAILY;FREQ=WEEKLY", tz: "UTC" }, "The routine's rule names FREQ twice"],
      [
        { rrule: "FREQ=WEEKLY;BYDAY=1MO", tz: "UTC" },
        "The routine's BYDAY can number a weekday (1MO, -1FR) only when FREQ is MONTHLY or YEARLY",
      ],
      [
        { rrule: "FREQ=DAILY;BYDAY=MO,-1FR", tz: "UTC" },
        "The routine's BYDAY can number a weekday (1MO, -1FR) only when FREQ is MONTHLY or YEARLY",
      ],
      [{ rrule: "FREQ=DAILY;;BYHOUR=18", tz: "UTC" }, "The routine's rule has an empty part: leave out the extra semicolon"],
      [{ rrule: "RRULE:", tz: "UTC" }, "A routine needs rrule, a recurrence rule such as FREQ=WEEKLY;BYDAY=SU;BYHOUR=18"],
      [
        { rrule: "DTSTART:20260101T000000Z;FREQ=DAILY", tz: "UTC" },
        "The routine's rule has a part it cannot use: DTSTART:20260101T000000Z",
      ],
      [{ rrule: `FREQ=DAILY;${"BYHOUR=1;".repeat(30)}`, tz: "UTC" }, "A routine's rule cannot exceed 200 characters"],
      [{ rrule: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", tz: "UTC" }, "This routine never comes round: no date matches its rule"],
      [{ rrule: "FREQ=DAILY", tz: "Mars/Base" }, "Unknown time zone: Mars/Base"],
      [{ rrule: "FREQ=DAILY", tz: "+01:00" }, "Unknown time zone: +01:00"],
      [{ rrule: "FREQ=DAILY" }, "A routine needs tz, an IANA time zone such as Europe/Berlin"],
      [{ tz: "UTC" }, "A routine needs rrule, a recurrence rule such as FREQ=WEEKLY;BYDAY=SU;BYHOUR=18"],
      [{ ...EVENINGS, dtstart: "2026-01-01" }, "A routine has only rrule and tz"],
    ];
    for (const [routine, message] of cases) {
      const res = await setRoutine(ann, list, routine);
      expect({ routine, status: res.status, message: res.body.message }).toEqual({ routine, status: 400, message });
    }
    const rename = await bob.patch(`/api/task-lists/${list.id}`, { name: "Mine" });
    expect(rename.status).toBe(403);
    expect(await setRoutine(bob, list, EVENINGS)).toMatchObject({ status: 403, body: rename.body });
    expect(await setRoutine(eve, list, EVENINGS)).toMatchObject({ status: 404, body: { message: "List not found" } });
    const row = await t.store.db.get("SELECT routine_rrule FROM task_lists WHERE id = ?", [list.id]);
    expect(row).toEqual({ routine_rrule: null });
  });

  it("takes a rule written with RRULE: before it or a semicolon after it, storing its body alone", async () => {
    const ann = await registerUser(t, `${dialect}_body_ann`);
    const list = await createList(ann, "Chores");
    for (const [rrule, stored] of [
      ["RRULE:FREQ=DAILY", "FREQ=DAILY"],
      ["FREQ=DAILY;", "FREQ=DAILY"],
      ["rrule:freq=weekly;byday=su;byhour=18;byminute=0;", SUNDAYS.rrule],
      // A numbered weekday is fine by month or year.
      ["FREQ=MONTHLY;BYDAY=-1FR;BYHOUR=18", "FREQ=MONTHLY;BYDAY=-1FR;BYHOUR=18"],
    ]) {
      const res = await setRoutine(ann, list, { rrule, tz: "Europe/Berlin" });
      expect({ rrule, status: res.status, stored: res.body.routine?.rrule }).toEqual({ rrule, status: 200, stored });
      const row = await t.store.db.get("SELECT routine_rrule FROM task_lists WHERE id = ?", [list.id]);
      expect(row).toEqual({ routine_rrule: stored });
    }
  });

  it("runs a due occurrence within its time: every item unticked, what was done recorded, the reset told live", async () => {
    const ann = await registerUser(t, `${dialect}_due_ann`);
    const bob = await registerUser(t, `${dialect}_due_bob`);
    const list = await createList(ann, "Evening");
    expect((await ann.post("/api/share-by-username", { listId: list.id, username: bob.user.username, accessLevel: "write" })).status).toBe(
      201,
    );
    const [milk, eggs] = [await addTask(ann, { listId: list.id, title: "Milk" }), await addTask(ann, { listId: list.id, title: "Eggs" })];
    const bread = await addTask(ann, { listId: list.id, title: "Bread", isParent: true });
    const crumbs = await addTask(ann, { listId: list.id, title: "Crumbs", parentId: bread.id });
    expect((await ann.post(`/api/tasks/${milk.id}/toggle`)).status).toBe(200);
    expect((await bob.post(`/api/tasks/${eggs.id}/toggle`)).status).toBe(200);
    expect((await bob.post(`/api/tasks/${crumbs.id}/toggle`)).status).toBe(200);
    expect((await ticked(list)).sort()).toEqual(["Bread", "Crumbs", "Eggs", "Milk"]);

    const due = Date.parse((await setRoutine(ann, list, EVENINGS)).body.routine!.nextRunAt);
    const live = startLiveServer(t);
    const socket = await TestSocket.open(live.wsUrl, { cookie: ann.cookie });
    try {
      expect((await socket.connect({ listId: list.id })).type).not.toBe("error");
      // A minute early, nothing runs.
      await passAt(due - 60_000);
      expect(await runRows(list)).toBe(0);

      await passAt(due + 1_000);
      const event = await socket.nextOfType("tasks_reset");
      expect(event).toMatchObject({ listId: list.id, payload: { tasks: expect.any(Array) } });
    } finally {
      socket.close();
      await live.running.stop();
    }
    expect(await ticked(list)).toEqual([]);
    const runs = await runsOf(ann, list);
    expect(runs.status).toBe(200);
    const actor = (client: typeof ann) => ({ userId: client.user.id, username: client.user.username });
    expect(runs.body.runs).toEqual([
      {
        id: expect.any(Number),
        at: expect.any(String),
        done: 3,
        total: 3,
        items: [
          { title: "Milk", completedBy: actor(ann) },
          { title: "Eggs", completedBy: actor(bob) },
          { title: "Bread", completedBy: actor(bob) },
        ],
      },
    ]);
    expect(Math.abs(Date.parse(runs.body.runs[0]!.at) - due)).toBeLessThan(30_000);
    const after = (await ann.get<TaskList[]>("/api/task-lists")).body.find((entry) => entry.id === list.id)!;
    expect(Date.parse(after.routine!.nextRunAt) - due).toBe(24 * 3600_000);

    // The same pass again finds nothing due.
    await worker.tick();
    expect(await runRows(list)).toBe(1);
  });

  it("gives occurrences missed while no instance ran one run, then waits for the next one to come", async () => {
    const ann = await registerUser(t, `${dialect}_missed_ann`);
    const list = await createList(ann, "Daily");
    const milk = await addTask(ann, { listId: list.id, title: "Milk" });
    expect((await ann.post(`/api/tasks/${milk.id}/toggle`)).status).toBe(200);
    const due = Date.parse((await setRoutine(ann, list, EVENINGS)).body.routine!.nextRunAt);

    // Three evenings pass with the worker stopped; then it starts.
    await passAt(due + 3 * 24 * 3600_000 + 3600_000);
    expect(await runRows(list)).toBe(1);
    const next = Date.parse((await ann.get<TaskList[]>("/api/task-lists")).body.find((entry) => entry.id === list.id)!.routine!.nextRunAt);
    expect(next).toBeGreaterThan(t.clock.now());
    expect(next).toBe(due + 4 * 24 * 3600_000);
    await worker.tick();
    expect(await runRows(list)).toBe(1);
    const [run] = (await runsOf(ann, list)).body.runs;
    expect(run).toMatchObject({ done: 1, total: 1, items: [{ title: "Milk", completedBy: { username: ann.user.username } }] });
  });

  it("runs now for whoever may reset, refuses tick-only and read-only recipients, and shows runs newest first from when access began", async () => {
    const ann = await registerUser(t, `${dialect}_now_ann`);
    const bob = await registerUser(t, `${dialect}_now_bob`);
    const kim = await registerUser(t, `${dialect}_now_kim`);
    const rex = await registerUser(t, `${dialect}_now_rex`);
    const eve = await registerUser(t, `${dialect}_now_eve`);
    const list = await createList(ann, "Packing");
    const sock = await addTask(ann, { listId: list.id, title: "Sock" });
    expect((await ann.post(`/api/tasks/${sock.id}/toggle`)).status).toBe(200);

    const first = await ann.post<RoutineRun>(`/api/task-lists/${list.id}/runs`);
    expect(first).toMatchObject({
      status: 201,
      body: { done: 1, total: 1, items: [{ title: "Sock", completedBy: { username: ann.user.username } }] },
    });
    expect(await ticked(list)).toEqual([]);
    // A list without a routine keeps none after a run now.
    expect((await ann.get<TaskList[]>("/api/task-lists")).body.find((entry) => entry.id === list.id)?.routine).toBeNull();

    for (const [client, accessLevel] of [
      [bob, "write"],
      [kim, "check"],
      [rex, "read"],
    ] as const) {
      expect((await ann.post("/api/share-by-username", { listId: list.id, username: client.user.username, accessLevel })).status).toBe(201);
    }
    expect((await kim.post(`/api/tasks/${sock.id}/toggle`)).status).toBe(200);
    expect(await kim.post(`/api/task-lists/${list.id}/runs`)).toMatchObject({
      status: 403,
      body: { message: "You can only tick items on this list", error: "CHECK_ONLY" },
    });
    expect(await rex.post(`/api/task-lists/${list.id}/runs`)).toMatchObject({
      status: 403,
      body: { message: "You don't have permission to reset items in this shared list", error: "READ_ONLY" },
    });
    expect(await eve.post(`/api/task-lists/${list.id}/runs`)).toMatchObject({ status: 404, body: { message: "List not found" } });
    expect(await runRows(list)).toBe(1);
    expect(await ticked(list)).toEqual(["Sock"]);

    const second = await bob.post<RoutineRun>(`/api/task-lists/${list.id}/runs`);
    expect(second).toMatchObject({
      status: 201,
      body: { done: 1, total: 1, items: [{ title: "Sock", completedBy: { username: kim.user.username } }] },
    });

    expect((await runsOf(ann, list)).body.runs.map((run) => run.id)).toEqual([second.body.id, first.body.id]);
    // The recipients' access began after the first run: they see the second only.
    for (const reader of [bob, kim, rex]) expect((await runsOf(reader, list)).body.runs).toEqual([second.body]);
    expect(await runsOf(eve, list)).toMatchObject({ status: 404, body: { message: "List not found" } });
  });

  it("lets a write link's guest run now and read the runs, and a read link's guest only read them", async () => {
    const ann = await registerUser(t, `${dialect}_link_ann`);
    const list = await createList(ann, "Camp");
    await addTask(ann, { listId: list.id, title: "Tent" });
    const guest = new Client(t);
    const ran = await guest.post<RoutineRun>(`/api/task-lists/${list.id}/runs?shareId=${list.shareId}`);
    expect(ran).toMatchObject({ status: 201, body: { done: 0, total: 1, items: [{ title: "Tent", completedBy: null }] } });
    expect((await guest.get<RoutineRunsResponse>(`/api/task-lists/${list.id}/runs?shareId=${list.shareId}`)).body.runs).toEqual([ran.body]);
    // Without the link, the guest is asked to log in.
    expect(await guest.get(`/api/task-lists/${list.id}/runs`)).toMatchObject({
      status: 401,
      body: { message: "Authentication required. Please log in again." },
    });

    expect((await ann.patch(`/api/task-lists/${list.id}`, { linkAccess: "read" })).status).toBe(200);
    expect(await guest.post(`/api/task-lists/${list.id}/runs?shareId=${list.shareId}`)).toMatchObject({
      status: 403,
      body: { error: "READ_ONLY" },
    });
    expect((await guest.get<RoutineRunsResponse>(`/api/task-lists/${list.id}/runs?shareId=${list.shareId}`)).body.runs).toEqual([ran.body]);
    expect(await runRows(list)).toBe(1);
  });

  it("leaves a deleted list's routine alone until the list is restored", async () => {
    const ann = await registerUser(t, `${dialect}_gone_ann`);
    const list = await createList(ann, "Gone");
    const due = Date.parse((await setRoutine(ann, list, EVENINGS)).body.routine!.nextRunAt);
    expect((await ann.delete(`/api/task-lists/${list.id}`)).status).toBe(200);
    await passAt(due + 1_000);
    expect(await runRows(list)).toBe(0);
    // Positive control: restored, the missed occurrence runs at the next pass.
    expect((await ann.post(`/api/task-lists/${list.id}/restore`)).status).toBe(200);
    await worker.tick();
    expect(await runRows(list)).toBe(1);
  });

  it("runs now and sets a routine once each for a change replayed with its Idempotency-Key, as the outbox sends them", async () => {
    const ann = await registerUser(t, `${dialect}_keyed_ann`);
    const list = await createList(ann, "Keyed");
    await addTask(ann, { listId: list.id, title: "Bins", completed: true });
    const run = { "Idempotency-Key": `${dialect}-run-1` };
    const first = await ann.post<RoutineRun>(`/api/task-lists/${list.id}/runs`, undefined, run);
    expect(first.status).toBe(201);
    await addTask(ann, { listId: list.id, title: "Glass", completed: true });
    // The same run again, after a tick: its answer is replayed and nothing is unticked or recorded.
    const again = await ann.post<RoutineRun>(`/api/task-lists/${list.id}/runs`, undefined, run);
    expect(again).toMatchObject({ status: 201, body: first.body });
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await runRows(list)).toBe(1);
    expect(await ticked(list)).toEqual(["Glass"]);

    const rule = { "Idempotency-Key": `${dialect}-routine-1` };
    const set = await ann.patch<TaskList>(`/api/task-lists/${list.id}`, { routine: SUNDAYS }, rule);
    expect(set.status).toBe(200);
    const replayed = await ann.patch<TaskList>(`/api/task-lists/${list.id}`, { routine: SUNDAYS }, rule);
    expect(replayed).toMatchObject({ status: 200, body: set.body });
    expect(replayed.headers.get("Idempotent-Replayed")).toBe("true");
  });

  it("runs at a time the clocks skip, with the offset from before the skip, and on the night itself", async () => {
    t.clock.advance(Date.parse("2027-03-01T12:00:00Z") - t.clock.now());
    const ann = await registerUser(t, `${dialect}_gap_ann`);
    const list = await createList(ann, "Night");
    // Clocks spring forward at 02:00 on 14 March 2027 in New York and on 28 March in Berlin: 02:30 is 03:30 summer time.
    for (const [routine, nextRunAt] of [
      [{ rrule: "FREQ=YEARLY;BYMONTH=3;BYDAY=2SU;BYHOUR=2;BYMINUTE=30", tz: "America/New_York" }, "2027-03-14T07:30:00.000Z"],
      [{ rrule: "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU;BYHOUR=2;BYMINUTE=30", tz: "Europe/Berlin" }, "2027-03-28T01:30:00.000Z"],
      [{ rrule: "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=28;BYHOUR=2;BYMINUTE=30", tz: "Europe/Berlin" }, "2027-03-28T01:30:00.000Z"],
    ] as const) {
      const res = await setRoutine(ann, list, routine);
      expect({ status: res.status, routine: res.body.routine }).toEqual({ status: 200, routine: { ...routine, nextRunAt } });
    }

    t.clock.advance(Date.parse("2027-03-27T12:00:00Z") - t.clock.now());
    const nightly = await setRoutine(ann, list, { rrule: "FREQ=DAILY;BYHOUR=2;BYMINUTE=30", tz: "Europe/Berlin" });
    expect(nightly.body.routine?.nextRunAt).toBe("2027-03-28T01:30:00.000Z");
    await passAt(Date.parse("2027-03-28T01:30:01Z"));
    expect(await runRows(list)).toBe(1);
    const after = (await ann.get<TaskList[]>("/api/task-lists")).body.find((entry) => entry.id === list.id)!;
    expect(after.routine?.nextRunAt).toBe("2027-03-29T00:30:00.000Z");
  });
});
