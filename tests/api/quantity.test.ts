import { afterAll, beforeAll, expect, it } from "vitest";
import type { Task } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { addTask, listEventsSince, taskSnapshot } from "../helpers/tasks";
import { makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

const QUANTITY_MESSAGE = "quantity must be 1 to 24 characters, or null";
const SECTION_MESSAGE = "sectionId must be a section of this list";

/** Items' quantity and section on create, update and bulk (docs/decisions/057-memory.md). */
describeEachDialect("item quantity and section", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  it("creates, updates and bulk-adds items with a quantity and a section, on every answer and event", async () => {
    const ann = await registerUser(t, `${dialect}_q_ann`);
    const list = await createList(ann, "Shop");
    const dairy = await t.store.sections.insert(list.id, "Dairy", 0, Date.now());
    const plain = await addTask(ann, { listId: list.id, title: "Bread" });
    expect(plain).toMatchObject({ quantity: null, sectionId: null });

    const from = t.published.length;
    const milk = await addTask(ann, { listId: list.id, title: "Milk", quantity: "  2 l ", sectionId: dairy.id });
    expect(milk).toMatchObject({ quantity: "2 l", sectionId: dairy.id });
    expect(listEventsSince(t, from).map((entry) => (entry.message as unknown as { payload: Task }).payload)).toEqual([milk]);

    const edited = await ann.patch<Task>(`/api/tasks/${plain.id}`, { quantity: 3, sectionId: String(dairy.id) });
    expect(edited).toMatchObject({ status: 200, body: { quantity: "3", sectionId: dairy.id } });
    const cleared = await ann.patch<Task>(`/api/tasks/${plain.id}`, { quantity: "", sectionId: "" });
    expect(cleared.body).toMatchObject({ quantity: null, sectionId: null });

    const bulk = await ann.post<{ tasks: Task[] }>("/api/tasks/bulk", {
      listId: list.id,
      items: [
        { title: "Party", quantity: "1", sectionId: dairy.id, children: [{ title: "Cake", quantity: "2", sectionId: dairy.id }] },
        { title: "Eggs", quantity: "12", sectionId: null },
      ],
    });
    expect(bulk.status).toBe(201);
    expect(bulk.body.tasks.map(({ title, quantity, sectionId }) => ({ title, quantity, sectionId }))).toEqual([
      { title: "Party", quantity: "1", sectionId: dairy.id },
      // A sub-item lives under its parent: its section is always none.
      { title: "Cake", quantity: "2", sectionId: null },
      { title: "Eggs", quantity: "12", sectionId: null },
    ]);
    const read = await ann.get<Task[]>(`/api/tasks?listId=${list.id}`);
    expect(read.body.find((task) => task.title === "Milk")).toEqual(milk);
  });

  it("keeps a sub-item out of every section, and takes an item out of its section when it becomes a sub-item", async () => {
    const ann = await registerUser(t, `${dialect}_q_sub`);
    const list = await createList(ann, "Shop");
    const dairy = await t.store.sections.insert(list.id, "Dairy", 0, Date.now());
    const party = await addTask(ann, { listId: list.id, title: "Party", isParent: true, sectionId: dairy.id });
    const cake = await addTask(ann, { listId: list.id, title: "Cake", parentId: party.id, sectionId: dairy.id });
    expect(cake).toMatchObject({ parentId: party.id, sectionId: null });
    expect((await ann.patch<Task>(`/api/tasks/${cake.id}`, { sectionId: dairy.id })).body).toMatchObject({ sectionId: null });
    const milk = await addTask(ann, { listId: list.id, title: "Milk", sectionId: dairy.id });
    expect((await ann.patch<Task>(`/api/tasks/${milk.id}`, { parentId: party.id })).body).toMatchObject({
      parentId: party.id,
      sectionId: null,
    });
  });

  it("refuses a bad quantity or section with a 400 naming it, and changes nothing", async () => {
    const ann = await registerUser(t, `${dialect}_q_bad`);
    const list = await createList(ann, "Shop");
    const other = await createList(ann, "Other");
    const elsewhere = await t.store.sections.insert(other.id, "Dairy", 0, Date.now());
    const milk = await addTask(ann, { listId: list.id, title: "Milk", quantity: "1" });
    const before = await taskSnapshot(t);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ quantity: "x".repeat(25) }, QUANTITY_MESSAGE],
      [{ quantity: { amount: 2 } }, QUANTITY_MESSAGE],
      [{ quantity: "2\u0007l" }, "Quantity cannot contain control characters"],
      [{ sectionId: elsewhere.id }, SECTION_MESSAGE],
      [{ sectionId: 999999 }, SECTION_MESSAGE],
      [{ sectionId: "Dairy" }, SECTION_MESSAGE],
      [{ sectionId: -1 }, SECTION_MESSAGE],
      [{ sectionId: 1.5 }, SECTION_MESSAGE],
    ];
    for (const [fields, message] of cases) {
      const created = await ann.post("/api/tasks", { listId: list.id, title: "Eggs", ...fields });
      expect(created, JSON.stringify(fields)).toMatchObject({ status: 400, body: { message } });
      const updated = await ann.patch(`/api/tasks/${milk.id}`, fields);
      expect(updated, JSON.stringify(fields)).toMatchObject({ status: 400, body: { message } });
      const bulk = await ann.post("/api/tasks/bulk", { listId: list.id, items: [{ title: "Ham" }, { title: "Eggs", ...fields }] });
      expect(bulk, JSON.stringify(fields)).toMatchObject({ status: 400, body: { message } });
    }
    expect(await taskSnapshot(t)).toEqual(before);
    // The positive control: the same calls with a fine value change the list.
    expect((await ann.patch(`/api/tasks/${milk.id}`, { quantity: "x".repeat(24) })).status).toBe(200);
  });
});
