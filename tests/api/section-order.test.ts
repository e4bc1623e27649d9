import { afterAll, beforeAll, expect, it } from "vitest";
import { nameKey } from "../../src/shared/title-keys";
import type { Section, TaskList } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { listEventsSince } from "../helpers/tasks";
import { makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

type Signed = Awaited<ReturnType<typeof registerUser>>;

/**
 * A section's position is an index (docs/http-contract.md): given on a create or a move, the
 * section goes there and the list's sections are numbered 0..n-1 again in the same change.
 */
describeEachDialect("section order", (dialect) => {
  let t: TestApp;
  let ann: Signed;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    ann = await registerUser(t, `${dialect}_order_ann`);
  });
  afterAll(() => t.close());

  const add = async (list: TaskList, name: string, position?: number) =>
    (await ann.post<Section>(`/api/task-lists/${list.id}/sections`, position === undefined ? { name } : { name, position })).body;
  /** The list's sections as GET answers them, "name:position" in order. */
  const read = async (list: TaskList) =>
    (await ann.get<Section[]>(`/api/task-lists/${list.id}/sections`)).body.map((one) => `${one.name}:${one.position}`);
  /** The same from the rows themselves. */
  const rows = async (list: TaskList) =>
    (
      await t.store.db.all<{ name: string; position: number | string }>(
        "SELECT name, position FROM sections WHERE list_id = ? ORDER BY position, id",
        [list.id],
      )
    ).map((row) => `${row.name}:${Number(row.position)}`);
  const lastSections = (from: number) => {
    const events = listEventsSince(t, from).map((entry) => entry.message as unknown as { type: string; payload: { sections: Section[] } });
    return events.at(-1)!.payload.sections.map((one) => `${one.name}:${one.position}`);
  };

  async function listWith(name: string, sections: string[]): Promise<TaskList> {
    const list = await createList(ann, name);
    for (const section of sections) await add(list, section);
    return list;
  }

  it("puts a section added or moved to position 0 first, the others renumbered, and tells the whole new order", async () => {
    const list = await listWith("Audit", ["A", "B", "C"]);
    let from = t.published.length;
    const first = await ann.post<Section>(`/api/task-lists/${list.id}/sections`, { name: "First", position: 0 });
    expect(first).toMatchObject({ status: 201, body: { id: expect.any(Number), name: "First", position: 0 } });
    expect(await read(list)).toEqual(["First:0", "A:1", "B:2", "C:3"]);
    expect(await rows(list)).toEqual(["First:0", "A:1", "B:2", "C:3"]);
    expect(lastSections(from)).toEqual(["First:0", "A:1", "B:2", "C:3"]);

    const c = (await ann.get<Section[]>(`/api/task-lists/${list.id}/sections`)).body.find((one) => one.name === "C")!;
    from = t.published.length;
    const moved = await ann.patch<Section>(`/api/sections/${c.id}`, { position: 0 });
    expect(moved).toMatchObject({ status: 200, body: { id: c.id, name: "C", position: 0 } });
    expect(await read(list)).toEqual(["C:0", "First:1", "A:2", "B:3"]);
    expect(await rows(list)).toEqual(["C:0", "First:1", "A:2", "B:3"]);
    // The page applies the event's set as it is: every section the move shifted is in it.
    expect(lastSections(from)).toEqual(["C:0", "First:1", "A:2", "B:3"]);

    // The Markdown export writes the headings in that order.
    for (const [title, section] of [
      ["Milk", "A"],
      ["Jam", "C"],
    ]) {
      const sectionId = (await ann.get<Section[]>(`/api/task-lists/${list.id}/sections`)).body.find((one) => one.name === section)!.id;
      expect((await ann.post("/api/tasks", { listId: list.id, title, sectionId })).status).toBe(201);
    }
    const md = (await ann.get<string>(`/api/task-lists/${list.id}/export?format=md`)).body;
    expect(md.split("\n").filter((line) => line.startsWith("## "))).toEqual(["## C", "## First", "## A", "## B"]);
  });

  it("moves a section down, takes a position past the end as last, and closes the gap a delete leaves", async () => {
    const list = await listWith("Ends", ["A", "B", "C", "D"]);
    const [a, b] = (await ann.get<Section[]>(`/api/task-lists/${list.id}/sections`)).body;
    expect((await ann.patch<Section>(`/api/sections/${a!.id}`, { position: 2 })).body).toEqual({ id: a!.id, name: "A", position: 2 });
    expect(await read(list)).toEqual(["B:0", "C:1", "A:2", "D:3"]);
    expect((await ann.patch<Section>(`/api/sections/${b!.id}`, { position: 99 })).body).toEqual({ id: b!.id, name: "B", position: 3 });
    expect(await read(list)).toEqual(["C:0", "A:1", "D:2", "B:3"]);
    expect(await ann.post(`/api/task-lists/${list.id}/sections`, { name: "E", position: 99 })).toMatchObject({
      status: 201,
      body: { name: "E", position: 4 },
    });
    expect((await ann.delete(`/api/sections/${a!.id}`)).status).toBe(200);
    expect(await read(list)).toEqual(["C:0", "D:1", "B:2", "E:3"]);
    expect(await rows(list)).toEqual(["C:0", "D:1", "B:2", "E:3"]);
  });

  it("refuses a negative or fractional position with a 400, changing nothing", async () => {
    const list = await listWith("Refusals", ["A", "B"]);
    const [a] = (await ann.get<Section[]>(`/api/task-lists/${list.id}/sections`)).body;
    const before = await t.store.db.all("SELECT * FROM sections ORDER BY id");
    for (const [position, message] of [
      [-1, "Position cannot be negative"],
      [1.5, "Position must be a whole number"],
    ] as const) {
      expect(await ann.post(`/api/task-lists/${list.id}/sections`, { name: "C", position })).toMatchObject({
        status: 400,
        body: { message },
      });
      expect(await ann.patch(`/api/sections/${a!.id}`, { position })).toMatchObject({ status: 400, body: { message } });
    }
    expect(await t.store.db.all("SELECT * FROM sections ORDER BY id")).toEqual(before);
  });

  it("keeps positions distinct when two moves and an add land at once", async () => {
    const list = await listWith("Race", ["A", "B", "C", "D", "E"]);
    const [, , c, d, e] = (await ann.get<Section[]>(`/api/task-lists/${list.id}/sections`)).body;
    const answers = await Promise.all([
      ann.patch(`/api/sections/${d!.id}`, { position: 0 }),
      ann.patch(`/api/sections/${e!.id}`, { position: 0 }),
      ann.patch(`/api/sections/${c!.id}`, { position: 99 }),
      ann.post(`/api/task-lists/${list.id}/sections`, { name: "F", position: 1 }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 201]);
    const order = await read(list);
    expect(order.map((entry) => entry.split(":")[1])).toEqual(["0", "1", "2", "3", "4", "5"]);
    expect(await rows(list)).toEqual(order);
    expect(order.map((entry) => entry.split(":")[0]).sort()).toEqual(["A", "B", "C", "D", "E", "F"]);
  });

  it("reads a list whose positions collided before renumbering as 0..n-1, and renumbers its rows on the next change", async () => {
    const list = await createList(ann, "Collided");
    for (const [name, position] of [
      ["A", 0],
      ["First", 0],
      ["B", 1],
      ["C", 5],
    ] as const)
      await t.store.db.run("INSERT INTO sections (list_id, name, name_key, position, created_at) VALUES (?, ?, ?, ?, ?)", [
        list.id,
        name,
        nameKey(name),
        position,
        0,
      ]);
    expect(await read(list)).toEqual(["A:0", "First:1", "B:2", "C:3"]);
    const [a] = (await ann.get<Section[]>(`/api/task-lists/${list.id}/sections`)).body;
    expect((await ann.patch<Section>(`/api/sections/${a!.id}`, { position: 1 })).body.position).toBe(1);
    expect(await rows(list)).toEqual(["First:0", "A:1", "B:2", "C:3"]);
  });
});
