import { afterAll, beforeAll, expect, it } from "vitest";
import type { TaskList } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { createList, insertTask, publishedSince, snapshot } from "../helpers/lists";
import { Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describeEachDialect("lists", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  it("creates lists with a trimmed name, a random shareId and the next position", async () => {
    const ann = await registerUser(t, "ann");
    const first = await ann.post<TaskList>("/api/task-lists", { name: "  Groceries  " });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(Number),
      name: "Groceries",
      userId: ann.user.id,
      shareId: expect.stringMatching(/^[a-z2-7]{26}$/),
      linkAccess: "write",
      linkExpiresAt: null,
      position: 0,
      createdAt: expect.stringMatching(ISO),
      routine: null,
    });
    const second = await ann.post<TaskList>("/api/task-lists", { name: "x".repeat(48) });
    expect(second.status).toBe(201);
    expect(second.body.position).toBe(1);
    expect(second.body.shareId).not.toBe(first.body.shareId);
    const row = await t.store.db.get("SELECT name, user_id, share_id, position FROM task_lists WHERE id = ?", [first.body.id]);
    expect({ ...row, user_id: Number(row!.user_id) }).toEqual({
      name: "Groceries",
      user_id: ann.user.id,
      share_id: first.body.shareId,
      position: 0,
    });
  });

  it("refuses bad names and anonymous callers, creating nothing", async () => {
    const ben = await registerUser(t, "ben");
    const cases: Array<[unknown, number, string]> = [
      [{ name: "" }, 400, "List name cannot be empty"],
      [{ name: "    " }, 400, "List name cannot be empty"],
      [{}, 400, "List name cannot be empty"],
      [{ name: 7 }, 400, "List name cannot be empty"],
      [{ name: "y".repeat(49) }, 400, "List name cannot exceed 48 characters"],
    ];
    for (const [payload, status, message] of cases) {
      const res = await ben.post("/api/task-lists", payload);
      expect({ payload, status: res.status, message: res.body.message }).toEqual({ payload, status, message });
    }
    const anonymous = await new Client(t).post("/api/task-lists", { name: "Mine" });
    expect(anonymous).toMatchObject({ status: 401, body: { message: "Authentication required. Please log in again." } });
    expect(await t.store.lists.countOwnedBy(ben.user.id)).toBe(0);
  });

  it("answers only the caller's own lists, ordered by position", async () => {
    const cat = await registerUser(t, "cat");
    const other = await registerUser(t, "cat_neighbour");
    const a = await createList(cat, "A");
    const b = await createList(cat, "B");
    await createList(other, "Not cat's");
    await t.store.lists.setPosition(a.id, cat.user.id, 5);
    const res = await cat.get<TaskList[]>("/api/task-lists");
    expect(res.status).toBe(200);
    expect(res.body.map((l) => [l.name, l.position])).toEqual([
      ["B", 1],
      ["A", 5],
    ]);
    expect((await new Client(t).get("/api/task-lists")).status).toBe(401);
    expect((await createList(cat, "C")).position).toBe(6);
    expect(b.userId).toBe(cat.user.id);
  });

  it("allows 25 lists and answers the 26th with 403 LIST_LIMIT_REACHED", async () => {
    const dan = await registerUser(t, "dan");
    for (let i = 1; i <= 25; i++) await createList(dan, `List ${i}`);
    const refused = await dan.post("/api/task-lists", { name: "One too many" });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: "You can have at most 25 lists", error: "LIST_LIMIT_REACHED" });
    expect(await t.store.lists.countOwnedBy(dan.user.id)).toBe(25);
  });

  it("makes exactly one list out of ten parallel creates at 24", async () => {
    const eve = await registerUser(t, "eve");
    for (let i = 1; i <= 24; i++) await createList(eve, `List ${i}`);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => eve.post("/api/task-lists", { name: `Race ${i}` })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(403)]);
    for (const r of results.filter((r) => r.status === 403)) expect(r.body.error).toBe("LIST_LIMIT_REACHED");
    expect(await t.store.lists.countOwnedBy(eve.user.id)).toBe(25);
    const positions = (await t.store.lists.listOwnedBy(eve.user.id)).map((l) => l.position);
    expect(new Set(positions).size).toBe(25);
  });

  it("renames and switches the link level, publishing list_updated without the shareId", async () => {
    const fay = await registerUser(t, "fay");
    const list = await createList(fay, "Old");
    const mark = t.published.length;
    const renamed = await fay.patch<TaskList>(`/api/task-lists/${list.id}`, { name: "  New name " });
    expect(renamed).toMatchObject({ status: 200, body: { ...list, name: "New name" } });
    const linked = await fay.patch<TaskList>(`/api/task-lists/${list.id}`, { linkAccess: "read" });
    expect(linked.body).toEqual({ ...list, name: "New name", linkAccess: "read" });
    expect(await t.store.lists.findById(list.id)).toEqual(linked.body);
    const events = publishedSince(t, mark);
    // Each change also reaches the owner's own topic, for their Home on other tabs and devices.
    expect(events.map((e) => [e.topic, e.message.type])).toEqual([
      [`list:${list.id}`, "list_updated"],
      [`user:${fay.user.id}`, "list_updated"],
      [`list:${list.id}`, "list_updated"],
      [`user:${fay.user.id}`, "list_updated"],
    ]);
    const { shareId: _hidden, ...withoutShareId } = linked.body;
    expect(events[2]!.message).toMatchObject({ listId: list.id, shareId: list.shareId, payload: withoutShareId });
    expect(events[2]!.message.payload).not.toHaveProperty("shareId");
    expect(events[2]!.message).toEqual(
      expect.objectContaining({ messageId: expect.any(String), timestamp: expect.any(Number), id: expect.any(Number) }),
    );

    // A recipient's own topic hears of a rename (their Home shows the name), not of the link level.
    const gus = await registerUser(t, "gus");
    await fay.post("/api/share-by-username", { listId: list.id, username: "gus" });
    const beforeRename = t.published.length;
    await fay.patch(`/api/task-lists/${list.id}`, { name: "Newer name" });
    await fay.patch(`/api/task-lists/${list.id}`, { linkAccess: "write" });
    expect(publishedSince(t, beforeRename).map((e) => [e.topic, e.message])).toEqual([
      [`list:${list.id}`, expect.objectContaining({ type: "list_updated" })],
      [`user:${fay.user.id}`, { type: "list_updated", listId: list.id }],
      [`user:${gus.user.id}`, { type: "list_updated", listId: list.id }],
      [`list:${list.id}`, expect.objectContaining({ type: "list_updated" })],
      [`user:${fay.user.id}`, { type: "list_updated", listId: list.id }],
    ]);
  });

  it("refuses bad updates and changes nothing", async () => {
    const gil = await registerUser(t, "gil");
    const list = await createList(gil, "Keep");
    const before = await snapshot(t);
    const cases: Array<[unknown, string]> = [
      [{}, "Nothing to update: send name, linkAccess, linkExpiresInDays or routine"],
      [{ name: " " }, "List name cannot be empty"],
      [{ name: "z".repeat(49) }, "List name cannot exceed 48 characters"],
      [{ linkAccess: "admin" }, "Link access must be 'read', 'check' or 'write'"],
      [{ linkExpiresInDays: 2 }, "Link expiry must be 1, 7 or 30 days, or null for never"],
    ];
    for (const [payload, message] of cases) {
      const res = await gil.patch(`/api/task-lists/${list.id}`, payload);
      expect({ payload, status: res.status, message: res.body.message }).toEqual({ payload, status: 400, message });
    }
    expect((await gil.patch("/api/task-lists/999999", { name: "Ghost" })).body).toEqual({ message: "List not found" });
    expect((await gil.patch("/api/task-lists/abc", { name: "Ghost" })).status).toBe(404);
    expect((await new Client(t).patch(`/api/task-lists/${list.id}`, { name: "Anon" })).status).toBe(401);
    expect(await snapshot(t)).toEqual(before);
  });

  it("deletes a list (a soft delete: items and shares stay for an undo) and cuts everyone off", async () => {
    const hal = await registerUser(t, "hal");
    const ida = await registerUser(t, "ida");
    const list = await createList(hal, "Doomed");
    const keep = await createList(hal, "Kept");
    const parent = await insertTask(t, { listId: list.id, userId: hal.user.id, title: "Parent", position: 0, isParent: true });
    await insertTask(t, { listId: list.id, userId: hal.user.id, title: "Child", position: 1, parentId: parent });
    await insertTask(t, { listId: keep.id, userId: hal.user.id, title: "Stays", position: 0 });
    expect((await hal.post("/api/share-by-username", { listId: list.id, username: "ida" })).status).toBe(201);
    const mark = t.published.length;
    const res = await hal.delete(`/api/task-lists/${list.id}`);
    expect(res).toMatchObject({ status: 200, body: { message: "List deleted", id: list.id } });
    expect(await t.store.lists.findById(list.id)).toBeUndefined();
    const row = await t.store.db.get<{ deleted_at: number | string | null }>("SELECT deleted_at FROM task_lists WHERE id = ?", [list.id]);
    expect(Number(row?.deleted_at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await t.store.db.all("SELECT id FROM tasks WHERE list_id = ?", [list.id])).length).toBe(2);
    expect((await t.store.db.all("SELECT id FROM list_shares WHERE list_id = ?", [list.id])).length).toBe(1);
    expect((await t.store.db.all("SELECT id FROM tasks WHERE list_id = ?", [keep.id])).length).toBe(1);
    expect(publishedSince(t, mark).map((e) => [e.topic, e.message.type])).toEqual([
      [`list:${list.id}`, "list_updated"],
      [`list:${list.id}`, "access_revoked"],
      [`user:${hal.user.id}`, "list_updated"],
      [`user:${ida.user.id}`, "share_removed"],
      [`user:${ida.user.id}`, "access_revoked"],
    ]);
    expect(publishedSince(t, mark)[0]!.message.payload).toEqual({ id: list.id, deleted: true });
    // Only the deletion itself stays in the event history, naming nothing but the list's id.
    const history = await t.store.db.all<{ payload: string }>("SELECT payload FROM events WHERE list_id = ?", [list.id]);
    expect(history.map((row) => JSON.parse(row.payload))).toEqual([{ id: list.id, deleted: true }]);
    expect((await t.store.db.all("SELECT id FROM events WHERE list_id = ?", [keep.id])).length).toBe(1);
    expect((await hal.delete(`/api/task-lists/${list.id}`)).body).toEqual({ message: "List not found" });
    expect((await ida.get(`/api/list/${list.id}`)).status).toBe(404);
    expect((await ida.get("/api/shared-with-me")).body).toEqual([]);
    expect((await new Client(t).get(`/api/list?shareId=${list.shareId}`)).status).toBe(404);
  });

  it("keeps every list on a position of its own through swaps sent from stale views", async () => {
    const kim = await registerUser(t, "kim_stale");
    const other = new Client(t);
    other.cookie = kim.cookie;
    for (const name of ["A", "B", "C", "D"]) await kim.post("/api/task-lists", { name });
    const read = async () => (await kim.get<TaskList[]>("/api/task-lists")).body;
    const swap = (client: Client, view: TaskList[], a: number) =>
      client.post("/api/task-lists/reorder", [
        { id: view[a]!.id, position: view[a + 1]!.position },
        { id: view[a + 1]!.id, position: view[a]!.position },
      ]);
    const duplicates: string[] = [];
    for (let round = 0; round < 30 && duplicates.length === 0; round++) {
      const view = await read();
      const answers = await Promise.all([swap(kim, view, round % 3), swap(other, view, (round + 1) % 3)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      const positions = (await read()).map((list) => list.position);
      if (new Set(positions).size !== positions.length) duplicates.push(`round ${round}: ${positions.join(",")}`);
    }
    expect(duplicates).toEqual([]);
    expect((await read()).map((list) => list.name).sort()).toEqual(["A", "B", "C", "D"]);
  });

  it("reorders own lists in one transaction and answers them in the new order", async () => {
    const jon = await registerUser(t, "jon");
    const [a, b, c] = [await createList(jon, "A"), await createList(jon, "B"), await createList(jon, "C")];
    const res = await jon.post<TaskList[]>("/api/task-lists/reorder", [
      { id: c.id, position: 0 },
      { id: a.id, position: 1 },
      { id: b.id, position: 2 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.map((l) => [l.id, l.position])).toEqual([
      [c.id, 0],
      [a.id, 1],
      [b.id, 2],
    ]);
    expect((await jon.get<TaskList[]>("/api/task-lists")).body.map((l) => l.name)).toEqual(["C", "A", "B"]);

    const before = await snapshot(t);
    const bad: Array<[unknown, number, string]> = [
      [[], 400, "Nothing to reorder"],
      [{ id: a.id, position: 0 }, 400, expect.any(String)],
      [
        [
          { id: a.id, position: 0 },
          { id: a.id, position: 1 },
        ],
        400,
        "Each list may appear only once",
      ],
      [[{ id: a.id, position: -1 }], 400, expect.any(String)],
      [[{ id: "x", position: 1 }], 400, "id must be a number"],
      [
        [
          { id: a.id, position: 9 },
          { id: 999999, position: 0 },
        ],
        404,
        "List not found",
      ],
    ];
    for (const [payload, status, message] of bad) {
      const r = await jon.post("/api/task-lists/reorder", payload);
      expect({ payload, status: r.status, message: r.body.message }).toEqual({ payload, status, message });
    }
    expect(await snapshot(t)).toEqual(before);
    expect((await new Client(t).post("/api/task-lists/reorder", [{ id: a.id, position: 0 }])).status).toBe(401);
  });

  it("rotates the shareId: the old link is dead at once, the new one works", async () => {
    const kim = await registerUser(t, "kim");
    const list = await createList(kim, "Rotating");
    const visitor = new Client(t);
    expect((await visitor.get(`/api/list?shareId=${list.shareId}`)).status).toBe(200);
    const mark = t.published.length;
    const res = await kim.post<TaskList>(`/api/task-lists/${list.id}/rotate-share-id`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...list, shareId: expect.stringMatching(/^[a-z2-7]{26}$/) });
    expect(res.body.shareId).not.toBe(list.shareId);
    expect(await visitor.get(`/api/list?shareId=${list.shareId}`)).toMatchObject({ status: 404, body: { message: "List not found" } });
    expect((await visitor.get(`/api/task-lists/by-share-id/${list.shareId}`)).status).toBe(404);
    expect((await visitor.get(`/api/list/${list.id}?shareId=${list.shareId}`)).status).toBe(404);
    expect((await visitor.get(`/api/list?shareId=${res.body.shareId}`)).status).toBe(200);
    const events = publishedSince(t, mark);
    expect(events.map((e) => [e.topic, e.message.type])).toEqual([
      [`list:${list.id}`, "list_updated"],
      [`list:${list.id}`, "access_revoked"],
    ]);
    expect(events[1]!.message).toEqual({ type: "access_revoked", listId: list.id, shareId: list.shareId });
    expect(JSON.stringify(events[0]!.message)).not.toContain(res.body.shareId);
  });

  it("looks a list up by its shareId, for anyone holding the link", async () => {
    const lea = await registerUser(t, "lea");
    const list = await createList(lea, "Lookup");
    expect(await lea.get(`/api/task-lists/by-share-id/${list.shareId}`)).toMatchObject({ status: 200, body: list });
    expect(await new Client(t).get(`/api/task-lists/by-share-id/${list.shareId}`)).toMatchObject({ status: 200, body: list });
    expect(await new Client(t).get("/api/task-lists/by-share-id/nope")).toMatchObject({
      status: 404,
      body: { message: "List not found" },
    });
  });
});
