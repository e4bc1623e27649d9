import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PollResponse } from "../../src/shared/realtime";
import type { Section, SharedListResponse, Task, TaskList } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { jsonCall, startLiveServer, TestSocket } from "../helpers/live";
import { createList } from "../helpers/lists";
import { addTask, listEventsSince } from "../helpers/tasks";
import { Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

type Signed = Awaited<ReturnType<typeof registerUser>>;

/** Everything a section call could change, to prove a refused one changed nothing. */
const sectionRows = async (t: TestApp) => ({
  sections: await t.store.db.all("SELECT * FROM sections ORDER BY id"),
  tasks: await t.store.db.all("SELECT id, section_id FROM tasks ORDER BY id"),
  events: await t.store.db.all("SELECT id FROM events ORDER BY id"),
});

const eventsOf = (t: TestApp, from: number) =>
  listEventsSince(t, from).map((entry) => entry.message as unknown as { type: string; payload: unknown; listId: number });

/** A list's sections (docs/decisions/057-memory.md): calls, access, limits and live events. */
describeEachDialect("sections", (dialect) => {
  let t: TestApp;
  let ann: Signed;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    ann = await registerUser(t, `${dialect}_sec_ann`);
  });
  afterAll(() => t.close());

  it("adds, renames, moves and deletes sections, each change one sections_updated with the whole set", async () => {
    const list = await createList(ann, "Shop");
    const from = t.published.length;
    const dairy = await ann.post<Section>(`/api/task-lists/${list.id}/sections`, { name: "  Dairy " });
    expect(dairy).toMatchObject({ status: 201, body: { id: expect.any(Number), name: "Dairy", position: 0 } });
    const bakery = (await ann.post<Section>(`/api/task-lists/${list.id}/sections`, { name: "Bakery" })).body;
    expect(bakery).toEqual({ id: expect.any(Number), name: "Bakery", position: 1 });
    const first = (await ann.post<Section>(`/api/task-lists/${list.id}/sections`, { name: "Fruit", position: 1 })).body;
    expect(first.position).toBe(1);
    // Put at index 1, it moved Bakery down one (docs/http-contract.md).
    const read = await ann.get<Section[]>(`/api/task-lists/${list.id}/sections`);
    expect(read).toMatchObject({ status: 200, body: [dairy.body, first, { ...bakery, position: 2 }] });

    const renamed = await ann.patch<Section>(`/api/sections/${bakery.id}`, { name: "Bread" });
    expect(renamed).toMatchObject({ status: 200, body: { id: bakery.id, name: "Bread", position: 2 } });
    const moved = await ann.patch<Section>(`/api/sections/${bakery.id}`, { position: 0 });
    expect(moved.body).toEqual({ id: bakery.id, name: "Bread", position: 0 });
    // Renaming to its own name in another case is a rename, not a clash with itself.
    expect((await ann.patch<Section>(`/api/sections/${bakery.id}`, { name: "BREAD" })).body.name).toBe("BREAD");

    const events = eventsOf(t, from);
    expect(events.map((event) => event.type)).toEqual(Array(6).fill("sections_updated"));
    const set = [
      { id: bakery.id, name: "BREAD", position: 0 },
      { ...dairy.body, position: 1 },
      { ...first, position: 2 },
    ];
    expect(events.at(-1)!.payload).toEqual({ sections: set });
    // The list's answer and its page carry the set, with no second read.
    const whole = await ann.get<SharedListResponse>(`/api/list/${list.id}`);
    expect(whole.body.sections).toEqual(set);
    const page = await ann.get<string>(`/list/${list.id}`);
    expect(page.body.replaceAll("&quot;", '"')).toContain(`"sections":[{"id":${bakery.id},"name":"BREAD","position":0}`);

    // Nothing changed tells nobody; the positive control above told each change.
    const quiet = t.published.length;
    const unchanged = await ann.patch<Section>(`/api/sections/${bakery.id}`, { name: "BREAD", position: 0 });
    // The same shape as an answer that changed something: {id, name, position}.
    expect([unchanged.status, unchanged.body]).toEqual([200, { id: bakery.id, name: "BREAD", position: 0 }]);
    expect(eventsOf(t, quiet)).toEqual([]);
  });

  it("moves a deleted section's items, ticked ones too, to no section in the same change", async () => {
    const list = await createList(ann, "Moves");
    const dairy = (await ann.post<Section>(`/api/task-lists/${list.id}/sections`, { name: "Dairy" })).body;
    const other = (await ann.post<Section>(`/api/task-lists/${list.id}/sections`, { name: "Other" })).body;
    const milk = await addTask(ann, { listId: list.id, title: "Milk", sectionId: dairy.id });
    const cheese = await addTask(ann, { listId: list.id, title: "Cheese", sectionId: dairy.id, completed: true });
    const gone = await addTask(ann, { listId: list.id, title: "Gone", sectionId: dairy.id });
    const stays = await addTask(ann, { listId: list.id, title: "Stays", sectionId: other.id });
    expect((await ann.delete(`/api/tasks/${gone.id}`)).status).toBe(200);

    const from = t.published.length;
    const deleted = await ann.delete(`/api/sections/${dairy.id}`);
    expect(deleted).toMatchObject({ status: 200, body: { id: dairy.id, movedTaskIds: [milk.id, cheese.id] } });
    expect(deleted.body).toEqual({ id: dairy.id, movedTaskIds: [milk.id, cheese.id] });
    const rows = await t.store.db.all<{ id: number; section_id: number | null }>(
      "SELECT id, section_id FROM tasks WHERE list_id = ? ORDER BY id",
      [list.id],
    );
    expect(rows.map((row) => [Number(row.id), row.section_id === null ? null : Number(row.section_id)])).toEqual([
      [milk.id, null],
      [cheese.id, null],
      // The deleted item too: an Undo brings it back in no section.
      [gone.id, null],
      [stays.id, other.id],
    ]);
    const events = eventsOf(t, from);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "sections_updated", listId: list.id });
    const payload = events[0]!.payload as { sections: Section[]; tasks: Task[] };
    // Dairy gone, Other moves up to position 0.
    expect(payload.sections).toEqual([{ ...other, position: 0 }]);
    expect(payload.tasks.map((task) => [task.id, task.sectionId])).toEqual([
      [milk.id, null],
      [cheese.id, null],
    ]);
    const restored = await ann.post<{ tasks: Task[] }>("/api/tasks/restore", { ids: [gone.id] });
    expect(restored.body.tasks[0]).toMatchObject({ id: gone.id, sectionId: null });
    expect(await ann.get(`/api/task-lists/${list.id}/sections`)).toMatchObject({ status: 200, body: [{ ...other, position: 0 }] });
    expect(await ann.delete(`/api/sections/${dairy.id}`)).toMatchObject({ status: 404, body: { message: "Section not found" } });
  });

  it("refuses a bad name, a taken name and a 31st section, changing nothing", async () => {
    const list = await createList(ann, "Limits");
    const dairy = (await ann.post<Section>(`/api/task-lists/${list.id}/sections`, { name: "Dairy" })).body;
    const before = await sectionRows(t);
    const refusals: Array<[() => ReturnType<Client["post"]>, number, Record<string, unknown>]> = [
      [() => ann.post(`/api/task-lists/${list.id}/sections`, { name: "  " }), 400, { message: "Section name must be 1 to 40 characters" }],
      [
        () => ann.post(`/api/task-lists/${list.id}/sections`, { name: "x".repeat(41) }),
        400,
        { message: "Section name must be 1 to 40 characters" },
      ],
      [() => ann.post(`/api/task-lists/${list.id}/sections`, {}), 400, { message: "Section name must be 1 to 40 characters" }],
      [
        () => ann.post(`/api/task-lists/${list.id}/sections`, { name: "a\u202eb" }),
        400,
        { message: "Section name cannot contain control characters" },
      ],
      [
        () => ann.post(`/api/task-lists/${list.id}/sections`, { name: "Dairy", position: -1 }),
        400,
        { message: "Position cannot be negative" },
      ],
      [
        () => ann.post(`/api/task-lists/${list.id}/sections`, { name: " dAIRY " }),
        409,
        { message: "A section with this name already exists" },
      ],
      [() => ann.patch(`/api/sections/${dairy.id}`, { name: "" }), 400, { message: "Section name must be 1 to 40 characters" }],
      [() => ann.patch(`/api/sections/999999`, { name: "Else" }), 404, { message: "Section not found" }],
      [() => ann.patch(`/api/sections/abc`, { name: "Else" }), 404, { message: "Section not found" }],
    ];
    for (const [call, status, body] of refusals) expect(await call()).toMatchObject({ status, body });
    expect(await sectionRows(t)).toEqual(before);

    for (let index = 1; index < 30; index++) {
      expect((await ann.post(`/api/task-lists/${list.id}/sections`, { name: `Aisle ${index}` })).status).toBe(201);
    }
    const full = await sectionRows(t);
    expect(await ann.post(`/api/task-lists/${list.id}/sections`, { name: "Aisle 30" })).toMatchObject({
      status: 403,
      body: { error: "SECTION_LIMIT_REACHED", message: "A list can have at most 30 sections" },
    });
    expect(await sectionRows(t)).toEqual(full);
    const other = await ann.patch<Section>(`/api/sections/${dairy.id}`, { name: "Aisle 1" });
    expect(other).toMatchObject({ status: 409, body: { message: "A section with this name already exists" } });
  });

  describe("access", () => {
    let list: TaskList;
    let section: Section;
    const users: Record<string, Signed> = {};
    beforeAll(async () => {
      list = await createList(ann, "Access");
      section = (await ann.post<Section>(`/api/task-lists/${list.id}/sections`, { name: "Dairy" })).body;
      for (const level of ["read", "check", "write"]) {
        users[level] = await registerUser(t, `${dialect}_sec_${level}`);
        expect(
          (await ann.post("/api/share-by-username", { listId: list.id, username: users[level]!.user.username, accessLevel: level })).status,
        ).toBe(201);
      }
      users.stranger = await registerUser(t, `${dialect}_sec_stranger`);
    });

    const READ_ONLY = { error: "READ_ONLY", message: "You have read-only access to this list" };
    const CHECK_ONLY = { error: "CHECK_ONLY", message: "You can only tick items on this list" };

    it("lets a recipient read at every level, change at write, and answers others 404", async () => {
      for (const level of ["read", "check", "write"]) {
        expect(await users[level]!.get(`/api/task-lists/${list.id}/sections`)).toMatchObject({ status: 200, body: [section] });
      }
      const before = await sectionRows(t);
      for (const [level, refusal] of [
        ["read", READ_ONLY],
        ["check", CHECK_ONLY],
      ] as const) {
        const user = users[level]!;
        expect(await user.post(`/api/task-lists/${list.id}/sections`, { name: "Fruit" })).toMatchObject({ status: 403, body: refusal });
        expect(await user.patch(`/api/sections/${section.id}`, { name: "Milk" })).toMatchObject({ status: 403, body: refusal });
        expect(await user.delete(`/api/sections/${section.id}`)).toMatchObject({ status: 403, body: refusal });
      }
      const stranger = users.stranger!;
      // Signed out without the link, every call asks to log in, whatever the list or section.
      for (const call of [
        new Client(t).get(`/api/task-lists/${list.id}/sections`),
        new Client(t).post(`/api/task-lists/${list.id}/sections`, { name: "Fruit" }),
        new Client(t).patch(`/api/sections/${section.id}`, { name: "Milk" }),
        new Client(t).delete(`/api/sections/${section.id}`),
        new Client(t).get("/api/task-lists/999999/sections"),
      ]) {
        expect(await call).toMatchObject({ status: 401, body: { message: "Authentication required. Please log in again." } });
      }
      for (const caller of [stranger]) {
        expect(await caller.get(`/api/task-lists/${list.id}/sections`)).toMatchObject({ status: 404, body: { message: "List not found" } });
        expect(await caller.post(`/api/task-lists/${list.id}/sections`, { name: "Fruit" })).toMatchObject({ status: 404 });
        expect(await caller.patch(`/api/sections/${section.id}`, { name: "Milk" })).toMatchObject({
          status: 404,
          body: { message: "Section not found" },
        });
        expect(await caller.delete(`/api/sections/${section.id}`)).toMatchObject({ status: 404, body: { message: "Section not found" } });
      }
      expect(await sectionRows(t)).toEqual(before);
      const writer = users.write!;
      const fruit = await writer.post<Section>(`/api/task-lists/${list.id}/sections`, { name: "Fruit" });
      expect(fruit.status).toBe(201);
      expect((await writer.patch(`/api/sections/${fruit.body.id}`, { name: "Veg" })).status).toBe(200);
      expect((await writer.delete(`/api/sections/${fruit.body.id}`)).status).toBe(200);
    });

    it("lets a link guest read at every level and change at write, through ?shareId", async () => {
      const guest = new Client(t);
      const q = `?shareId=${list.shareId}`;
      for (const [level, refusal] of [
        ["read", READ_ONLY],
        ["check", CHECK_ONLY],
        ["write", undefined],
      ] as const) {
        expect((await ann.patch(`/api/task-lists/${list.id}`, { linkAccess: level })).status).toBe(200);
        expect(await guest.get(`/api/task-lists/${list.id}/sections${q}`)).toMatchObject({ status: 200, body: [section] });
        const added = await guest.post<Section>(`/api/task-lists/${list.id}/sections${q}`, { name: "Guest" });
        if (refusal) {
          expect(added).toMatchObject({ status: 403, body: refusal });
          expect(await guest.patch(`/api/sections/${section.id}${q}`, { name: "Milk" })).toMatchObject({ status: 403, body: refusal });
          expect(await guest.delete(`/api/sections/${section.id}${q}`)).toMatchObject({ status: 403, body: refusal });
          continue;
        }
        expect(added.status).toBe(201);
        expect((await guest.patch(`/api/sections/${added.body.id}${q}`, { name: "Guest 2" })).status).toBe(200);
        expect(await guest.delete(`/api/sections/${added.body.id}${q}`)).toMatchObject({ status: 200, body: { id: added.body.id } });
      }
      // Another list's link opens nothing here.
      const other = await createList(ann, "Other");
      expect(await guest.get(`/api/task-lists/${list.id}/sections?shareId=${other.shareId}`)).toMatchObject({ status: 404 });
      expect(await guest.patch(`/api/sections/${section.id}?shareId=${other.shareId}`, { name: "X" })).toMatchObject({ status: 404 });
    });
  });
});

/** sections_updated reaches a list's live followers over the websocket and long polling. */
describe("sections live", () => {
  let t: TestApp;
  let live: ReturnType<typeof startLiveServer>;
  beforeAll(async () => {
    t = await makeTestApp("sqlite");
    live = startLiveServer(t, { pollWaitMs: 1_000 });
  });
  afterAll(async () => {
    await live.running.stop();
    await t.close();
  });

  it("is told to a websocket follower and a long-poll client, and not to another list's follower", async () => {
    const ann = await registerUser(t, "live_ann");
    const list = await createList(ann, "Shop");
    const elsewhere = await createList(ann, "Elsewhere");
    const socket = await TestSocket.open(live.wsUrl, { cookie: ann.cookie });
    const bystander = await TestSocket.open(live.wsUrl, { cookie: ann.cookie });
    try {
      expect((await socket.connect({ listId: list.id })).type).toBe("connect");
      expect((await bystander.connect({ listId: elsewhere.id })).type).toBe("connect");
      const headers = { cookie: ann.cookie };
      const { clientId } = (await jsonCall<{ clientId: string }>(live.running.url, "POST", "/api/poll/connect", {}, headers)).body;
      expect((await jsonCall(live.running.url, "POST", "/api/poll/subscribe", { clientId, listId: list.id }, headers)).status).toBe(200);
      const polled = jsonCall<PollResponse>(live.running.url, "GET", `/api/poll/${clientId}`, undefined, headers);
      const from = bystander.messages.length;
      const dairy = (await ann.post<Section>(`/api/task-lists/${list.id}/sections`, { name: "Dairy" })).body;
      const heard = await socket.nextOfType("sections_updated");
      expect(heard).toMatchObject({ listId: list.id, payload: { sections: [dairy] } });
      expect((await polled).body.events.filter((event) => event.type === "sections_updated")).toMatchObject([
        { payload: { sections: [dairy] } },
      ]);
      // Silence elsewhere, with its positive control: a change to its own list reaches it.
      expect(await bystander.settle(from, 300, ["sections_updated"])).toEqual([]);
      await ann.post(`/api/task-lists/${elsewhere.id}/sections`, { name: "Own" });
      expect((await bystander.nextOfType("sections_updated", 3_000, from)).listId).toBe(elsewhere.id);
    } finally {
      socket.close();
      bystander.close();
    }
  });
});
