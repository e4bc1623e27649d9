import { afterAll, beforeAll, expect, it } from "vitest";
import type { ActivityEntry } from "../../src/shared/attribution";
import type { Task } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { addTask, listEventsSince, taskSnapshot } from "../helpers/tasks";
import { Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

/** Attribution: who added and ticked each item, the actor of each event, the activity panel, guest names (docs/product-rules.md#attribution-and-activity). */
describeEachDialect("attribution", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  const activityOf = async (client: Client, listId: number, query = "") =>
    (await client.get<{ activity: ActivityEntry[] }>(`/api/task-lists/${listId}/activity${query}`)).body.activity;

  it("items carry createdBy and completedBy; an untick clears completedBy; events carry the actor", async () => {
    const alex = await registerUser(t, "alex");
    const list = await createList(alex, "Groceries");
    const guest = new Client(t);
    const asGuest = `?shareId=${list.shareId}`;
    const alexActor = { userId: alex.user.id, username: "alex" };
    const sam = { userId: null, username: "Sam (guest)" };

    const from = t.published.length;
    const milk = await addTask(alex, { listId: list.id, title: "Milk" });
    expect(milk).toMatchObject({ createdBy: alexActor, completedBy: null });

    const ticked = await guest.post<Task>(`/api/tasks/${milk.id}/toggle${asGuest}`, undefined, { "X-Guest-Name": "  Sam " });
    expect(ticked).toMatchObject({ status: 200, body: { completed: true, createdBy: alexActor, completedBy: sam } });
    const read = await alex.get<{ tasks: Task[] }>(`/api/list/${list.id}`);
    expect(read.body.tasks).toEqual([expect.objectContaining({ id: milk.id, completedBy: sam, createdBy: alexActor })]);

    const unticked = await alex.patch<Task>(`/api/tasks/${milk.id}`, { completed: false });
    expect(unticked.body).toMatchObject({ completed: false, completedBy: null });
    const again = await alex.patch<Task>(`/api/tasks/${milk.id}`, { completed: true });
    expect(again.body).toMatchObject({ completed: true, completedBy: alexActor });

    // A link guest who gave no name is null, in items and events alike (docs/product-rules.md#guests).
    const bread = await guest.post<Task>(`/api/tasks${asGuest}`, { listId: list.id, title: "Bread", completed: true });
    expect(bread).toMatchObject({ status: 201, body: { completed: true, createdBy: null, completedBy: null } });

    const actors = listEventsSince(t, from).map(({ message }) => [message.type, message.actor]);
    expect(actors).toEqual([
      ["task_created", alexActor],
      ["task_updated", sam],
      ["task_updated", alexActor],
      ["task_updated", alexActor],
      ["task_created", null],
    ]);
    // The row keeps that a guest did it, and the activity panel says so ("A guest added Bread").
    expect((await activityOf(alex, list.id))[0]).toMatchObject({
      action: "added",
      subject: "Bread",
      actor: { userId: null, username: null },
    });
    const stored = await t.store.db.all<{ created_by: string | null; completed_by: string | null }>(
      "SELECT created_by, completed_by FROM tasks WHERE id = ?",
      [milk.id],
    );
    expect(stored).toEqual([{ created_by: JSON.stringify(alexActor), completed_by: JSON.stringify(alexActor) }]);
  });

  it("the activity panel lists the last 50 changes, newest first, deletes and restores included, to readers only", async () => {
    const ola = await registerUser(t, "ola");
    const stranger = await registerUser(t, "stranger");
    const list = await createList(ola, "Party");
    const cake = await addTask(ola, { listId: list.id, title: "Cake" });
    await ola.post(`/api/tasks/${cake.id}/toggle`);
    await ola.delete(`/api/tasks/${cake.id}`);
    await ola.post("/api/tasks/restore", { ids: [cake.id] });
    const olaActor = { userId: ola.user.id, username: "ola" };
    const entries = await activityOf(ola, list.id);
    expect(entries.map(({ action, subject, actor }) => ({ action, subject, actor }))).toEqual([
      { action: "restored", subject: "Cake", actor: olaActor },
      { action: "deleted", subject: "Cake", actor: olaActor },
      { action: "ticked", subject: "Cake", actor: olaActor },
      { action: "added", subject: "Cake", actor: olaActor },
    ]);
    // Times are ISO strings, as every other time the API answers.
    expect(entries[0]!.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.parse(entries[0]!.at)).toBeGreaterThanOrEqual(Date.parse(entries[3]!.at));
    expect(entries[0]!.id).toBeGreaterThan(entries[1]!.id);

    for (let i = 0; i < 55; i++) await ola.post(`/api/tasks/${cake.id}/toggle`);
    const many = await activityOf(ola, list.id);
    expect(many).toHaveLength(50);
    // Restored ticked, then toggled 55 times: the newest change unticks it.
    expect(many[0]).toMatchObject({ action: "unticked", subject: "Cake" });

    // The guest reads it through the link; a stranger and an unknown list get the list's 404.
    expect(await new Client(t).get(`/api/task-lists/${list.id}/activity?shareId=${list.shareId}`)).toMatchObject({ status: 200 });
    const notFound = { status: 404, body: { message: "List not found" } };
    expect(await stranger.get(`/api/task-lists/${list.id}/activity`)).toMatchObject(notFound);
    expect(await new Client(t).get(`/api/task-lists/${list.id}/activity`)).toMatchObject({
      status: 401,
      body: { message: "Authentication required. Please log in again." },
    });
    expect(await new Client(t).get(`/api/task-lists/${list.id}/activity?shareId=wrong`)).toMatchObject(notFound);
    expect(await ola.get("/api/task-lists/999999/activity")).toMatchObject(notFound);
  });

  it("refuses a guest name that is empty, too long or an account's, and changes nothing", async () => {
    const pia = await registerUser(t, "Pia");
    const list = await createList(pia, "Trip");
    const tent = await addTask(pia, { listId: list.id, title: "Tent" });
    const guest = new Client(t);
    const asGuest = `?shareId=${list.shareId}`;
    const before = await taskSnapshot(t);
    const tooLong = "x".repeat(31);
    for (const [name, status, error] of [
      ["   ", 400, "INVALID_GUEST_NAME"],
      [tooLong, 400, "INVALID_GUEST_NAME"],
      ["pia", 409, "GUEST_NAME_TAKEN"],
      ["PIA ", 409, "GUEST_NAME_TAKEN"],
    ] as const) {
      expect(
        await guest.post(`/api/tasks/${tent.id}/toggle${asGuest}`, undefined, { "X-Guest-Name": encodeURIComponent(name) }),
      ).toMatchObject({
        status,
        body: { error },
      });
      expect(await guest.post(`/api/guest-name${asGuest}`, { name })).toMatchObject({ status, body: { error } });
    }
    expect(await guest.post(`/api/guest-name${asGuest}`, { name: "pia" })).toMatchObject({
      body: { message: "That name belongs to an account here. Please choose another name." },
    });
    // Without a live link the check answers the list's 404: no probing usernames from outside.
    const noLink = { status: 404, body: { message: "List not found" } };
    expect(await guest.post("/api/guest-name", { name: "pia" })).toMatchObject(noLink);
    expect(await guest.post("/api/guest-name?shareId=not-a-link", { name: "pia" })).toMatchObject(noLink);
    expect(await taskSnapshot(t)).toEqual(before);

    // The longest name, in any script, and the server's suffix even when the guest typed one.
    expect(await guest.post(`/api/guest-name${asGuest}`, { name: ` ${"é".repeat(30)} ` })).toMatchObject({
      status: 200,
      body: { displayName: `${"é".repeat(30)} (guest)` },
    });
    const named = await guest.post<Task>(`/api/tasks/${tent.id}/toggle${asGuest}`, undefined, {
      cookie: `listwell_guest=${encodeURIComponent("Zoë (guest)")}`,
    });
    expect(named.body.completedBy).toEqual({ userId: null, username: "Zoë (guest) (guest)" });

    // A signed-in caller is their account whatever name they send.
    const own = await pia.post<Task>(`/api/tasks/${tent.id}/toggle`, undefined, { "X-Guest-Name": "Sam" });
    expect(own.body).toMatchObject({ completed: false, completedBy: null });
    const ticked = await pia.post<Task>(`/api/tasks/${tent.id}/toggle`, undefined, { "X-Guest-Name": "Sam" });
    expect(ticked.body.completedBy).toEqual({ userId: pia.user.id, username: "Pia" });
  });

  it("bulk adds, reorders and list changes carry their actor too", async () => {
    const bo = await registerUser(t, "bob");
    const list = await createList(bo, "Camp");
    const guest = new Client(t);
    const from = t.published.length;
    const bulk = await guest.post<{ tasks: Task[] }>(
      `/api/tasks/bulk?shareId=${list.shareId}`,
      { listId: list.id, items: [{ title: "Rope" }, { title: "Map" }] },
      { "X-Guest-Name": "Kim" },
    );
    expect(bulk.status).toBe(201);
    const kim = { userId: null, username: "Kim (guest)" };
    expect(bulk.body.tasks.map((task) => task.createdBy)).toEqual([kim, kim]);
    const [rope, map] = bulk.body.tasks;
    await bo.post("/api/tasks/reorder", [
      { id: map!.id, position: 0 },
      { id: rope!.id, position: 1 },
    ]);
    await bo.patch(`/api/task-lists/${list.id}`, { name: "Camping" });
    const bob = { userId: bo.user.id, username: "bob" };
    expect(listEventsSince(t, from).map(({ message }) => [message.type, message.actor])).toEqual([
      ["task_created", kim],
      ["task_created", kim],
      ["tasks_reordered", bob],
      ["list_updated", bob],
    ]);
    expect((await activityOf(bo, list.id)).map(({ action, subject }) => [action, subject])).toEqual([
      ["updated", "Camping"],
      ["reordered", null],
      ["added", "Map"],
      ["added", "Rope"],
    ]);
  });

  it("items stored before attribution existed answer null for both", async () => {
    const old = await registerUser(t, "oldtimer");
    const list = await createList(old, "Old");
    const item = await addTask(old, { listId: list.id, title: "Legacy", completed: true });
    await t.store.db.run("UPDATE tasks SET created_by = NULL, completed_by = NULL WHERE id = ?", [item.id]);
    const read = await old.get<Task[]>(`/api/tasks?listId=${list.id}`);
    expect(read.body).toEqual([expect.objectContaining({ id: item.id, createdBy: null, completedBy: null })]);
  });
});
