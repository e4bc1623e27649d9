import { afterAll, beforeAll, expect, it } from "vitest";
import type { Task, TaskList } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { createList, snapshot } from "../helpers/lists";
import { addTask } from "../helpers/tasks";
import { Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

type Row = { title: string; description: string; completed: unknown; is_parent: unknown; parent: string | null; created_by: string | null };

/** Duplicate and "New from template" (docs/decisions/054-duplicate-and-templates.md). */
describeEachDialect("duplicating a list", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  /** The list's live items in order, each with its parent's title, as the database holds them. */
  const rowsOf = async (listId: number) =>
    (
      await t.store.db.all<Row>(
        `SELECT t.title, t.description, t.completed, t.is_parent, p.title AS parent, t.created_by, t.completed_by
         FROM tasks t LEFT JOIN tasks p ON p.id = t.parent_id
         WHERE t.list_id = ? AND t.deleted_at IS NULL ORDER BY t.position`,
        [listId],
      )
    ).map((row) => ({ ...row, completed: Boolean(Number(row.completed)), is_parent: Boolean(Number(row.is_parent)) }));

  /** A list with ticked items, a description, sub-items (one ticked) and a parent still without any. */
  async function packingList(owner: Client) {
    const list = await createList(owner, "Packing");
    const bulk = await owner.post<{ tasks: Task[] }>("/api/tasks/bulk", {
      listId: list.id,
      items: [
        { title: "Passport", completed: true },
        { title: "Clothes", description: "For a week", children: [{ title: "Socks", completed: true }, { title: "Shirts" }] },
        { title: "Charger" },
      ],
    });
    expect(bulk.status).toBe(201);
    await addTask(owner, { listId: list.id, title: "Snacks", isParent: true });
    return list;
  }

  it("copies the items and sub-items in order, all unticked, added by the caller, into a new list of theirs at the end of Home", async () => {
    const ann = await registerUser(t, "ann");
    await createList(ann, "Groceries");
    const source = await packingList(ann);
    const res = await ann.post<TaskList>(`/api/task-lists/${source.id}/duplicate`, { name: "  Packing (copy)  " });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Packing (copy)", userId: ann.user.id, position: 2, linkAccess: "write", linkExpiresAt: null });
    expect(res.body.id).not.toBe(source.id);

    const byAnn = JSON.stringify({ userId: ann.user.id, username: "ann" });
    const item = (title: string, parent: string | null, fields: Partial<Row> = {}) => ({
      title,
      description: "",
      completed: false,
      is_parent: false,
      parent,
      created_by: byAnn,
      completed_by: null,
      ...fields,
    });
    expect(await rowsOf(res.body.id)).toEqual([
      item("Passport", null),
      item("Clothes", null, { description: "For a week", is_parent: true }),
      item("Socks", "Clothes"),
      item("Shirts", "Clothes"),
      item("Charger", null),
      item("Snacks", null, { is_parent: true }),
    ]);
    // The source keeps its ticks.
    expect((await rowsOf(source.id)).filter((row) => row.completed).map((row) => row.title)).toEqual(["Passport", "Socks"]);
    const home = await ann.get<TaskList[]>("/api/task-lists");
    expect(home.body.map((list) => list.name)).toEqual(["Groceries", "Packing", "Packing (copy)"]);
  });

  it("keeps the sections in order and each item's quantity, section, due date and repeat, but no reminder", async () => {
    const cy = await registerUser(t, "weekly_cy");
    const source = await createList(cy, "Weekly shop");
    const dairy = (await cy.post<{ id: number }>(`/api/task-lists/${source.id}/sections`, { name: "Dairy" })).body;
    const produce = (await cy.post<{ id: number }>(`/api/task-lists/${source.id}/sections`, { name: "Produce" })).body;
    const bulk = await cy.post("/api/tasks/bulk", {
      listId: source.id,
      items: [
        { title: "Apples", quantity: "6", sectionId: produce.id },
        { title: "Milk", quantity: "2 l", sectionId: dairy.id, completed: true },
        { title: "Bins", dueAt: "2026-12-01", repeat: "FREQ=WEEKLY", remindAt: "2026-11-30T18:00:00Z" },
      ],
    });
    expect(bulk.status).toBe(201);
    const copy = (await cy.post<TaskList>(`/api/task-lists/${source.id}/duplicate`, { name: "Weekly shop (copy)" })).body;

    const sections = (await cy.get<Array<{ id: number; name: string }>>(`/api/task-lists/${copy.id}/sections`)).body;
    expect(sections.map((section) => section.name)).toEqual(["Dairy", "Produce"]);
    expect(sections.map((section) => section.id)).not.toContain(dairy.id);
    const sectionName = new Map(sections.map((section) => [section.id, section.name]));
    const items = (await cy.get<Task[]>(`/api/tasks?listId=${copy.id}`)).body;
    expect(
      items.map(({ title, quantity, sectionId, dueAt, repeat, remindAt, completed }) => ({
        title,
        quantity,
        section: sectionId == null ? null : sectionName.get(sectionId),
        dueAt,
        repeat,
        remindAt,
        completed,
      })),
    ).toEqual([
      { title: "Apples", quantity: "6", section: "Produce", dueAt: null, repeat: null, remindAt: null, completed: false },
      { title: "Milk", quantity: "2 l", section: "Dairy", dueAt: null, repeat: null, remindAt: null, completed: false },
      { title: "Bins", quantity: null, section: null, dueAt: "2026-12-01", repeat: "FREQ=WEEKLY", remindAt: null, completed: false },
    ]);
  });

  it("carries no shares and none of the link's settings", async () => {
    const bea = await registerUser(t, "bea");
    await registerUser(t, "bea_friend");
    const source = await packingList(bea);
    expect((await bea.post("/api/share-by-username", { listId: source.id, username: "bea_friend" })).status).toBe(201);
    expect((await bea.patch(`/api/task-lists/${source.id}`, { linkAccess: "read", linkExpiresInDays: 7 })).status).toBe(200);
    const copy = (await bea.post<TaskList>(`/api/task-lists/${source.id}/duplicate`, { name: "Trip" })).body;
    expect(copy).toMatchObject({ linkAccess: "write", linkExpiresAt: null });
    expect(copy.shareId).not.toBe(source.shareId);
    expect(await t.store.db.all("SELECT id FROM list_shares WHERE list_id = ?", [copy.id])).toEqual([]);
    expect(await t.store.db.all("SELECT id FROM list_shares WHERE list_id = ?", [source.id])).toHaveLength(1);
  });

  it("lets a recipient at any level and a signed-in holder of the live link copy it into their own lists", async () => {
    const cy = await registerUser(t, "cyd");
    const reader = await registerUser(t, "cyd_reader");
    const linkHolder = await registerUser(t, "cyd_link");
    const source = await packingList(cy);
    await cy.post("/api/share-by-username", { listId: source.id, username: "cyd_reader", accessLevel: "read" });

    const mine = await reader.post<TaskList>(`/api/task-lists/${source.id}/duplicate`, { name: "My packing" });
    expect(mine).toMatchObject({ status: 201, body: { userId: reader.user.id, name: "My packing" } });
    const rows = await rowsOf(mine.body.id);
    expect(rows.map((row) => [row.title, row.completed, row.created_by])).toEqual(
      ["Passport", "Clothes", "Socks", "Shirts", "Charger", "Snacks"].map((title) => [
        title,
        false,
        JSON.stringify({ userId: reader.user.id, username: "cyd_reader" }),
      ]),
    );

    const viaLink = await linkHolder.post<TaskList>(`/api/task-lists/${source.id}/duplicate?shareId=${source.shareId}`, { name: "Linked" });
    expect(viaLink).toMatchObject({ status: 201, body: { userId: linkHolder.user.id } });

    // A rotated link opens nothing, so it copies nothing.
    await cy.post(`/api/task-lists/${source.id}/rotate-share-id`);
    const before = await snapshot(t);
    const stale = await linkHolder.post(`/api/task-lists/${source.id}/duplicate?shareId=${source.shareId}`, { name: "Again" });
    expect(stale).toMatchObject({ status: 404, body: { message: "List not found" } });
    expect(await snapshot(t)).toEqual(before);
  });

  it("answers a stranger, a deleted list and a signed-out caller as if there were no list, storing nothing", async () => {
    const dot = await registerUser(t, "dot");
    const stranger = await registerUser(t, "dot_stranger");
    const source = await packingList(dot);
    const gone = await createList(dot, "Gone");
    await dot.delete(`/api/task-lists/${gone.id}`);
    const before = await snapshot(t);
    for (const [client, id] of [
      [stranger, source.id],
      [dot, gone.id],
      [dot, 999_999],
    ] as const) {
      const res = await client.post(`/api/task-lists/${id}/duplicate`, { name: "Mine now" });
      expect(res).toMatchObject({ status: 404, body: { message: "List not found" } });
    }
    const anonymous = await new Client(t).post(`/api/task-lists/${source.id}/duplicate`, { name: "Mine now" });
    expect(anonymous.status).toBe(401);
    expect(await snapshot(t)).toEqual(before);
  });

  it("judges the name as any list name", async () => {
    const eli = await registerUser(t, "eli");
    const source = await packingList(eli);
    const before = await snapshot(t);
    const cases: Array<[unknown, string]> = [
      [{ name: "" }, "List name cannot be empty"],
      [{ name: "   " }, "List name cannot be empty"],
      [{}, "List name cannot be empty"],
      [{ name: "y".repeat(49) }, "List name cannot exceed 48 characters"],
    ];
    for (const [payload, message] of cases) {
      const res = await eli.post(`/api/task-lists/${source.id}/duplicate`, payload);
      expect({ payload, status: res.status, message: res.body.message }).toEqual({ payload, status: 400, message });
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it("refuses the 26th list with 403 LIST_LIMIT_REACHED and stores nothing", async () => {
    const fin = await registerUser(t, "fin");
    const source = await packingList(fin);
    for (let i = 2; i <= 25; i++) await createList(fin, `List ${i}`);
    const before = await snapshot(t);
    const refused = await fin.post(`/api/task-lists/${source.id}/duplicate`, { name: "One too many" });
    expect(refused).toMatchObject({ status: 403, body: { message: "You can have at most 25 lists", error: "LIST_LIMIT_REACHED" } });
    expect(await snapshot(t)).toEqual(before);
    expect(await t.store.lists.countOwnedBy(fin.user.id)).toBe(25);
  });

  it("applies a duplicate sent twice with one Idempotency-Key once, answering the same list", async () => {
    const gil = await registerUser(t, "gil");
    const source = await packingList(gil);
    const key = { "Idempotency-Key": "duplicate-packing-1" };
    const first = await gil.post<TaskList>(`/api/task-lists/${source.id}/duplicate`, { name: "Copy" }, key);
    const again = await gil.post<TaskList>(`/api/task-lists/${source.id}/duplicate`, { name: "Copy" }, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    const names = (await gil.get<TaskList[]>("/api/task-lists")).body.map((list) => list.name);
    expect(names).toEqual(["Packing", "Copy"]);
    expect(await rowsOf(first.body.id)).toHaveLength(6);
  });
});
