import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Suggestion } from "../../src/shared/memory";
import type { Section, Task, TaskList } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { rankOfUse } from "../../src/store/memory";
import { createList, insertTask } from "../helpers/lists";
import { addTask } from "../helpers/tasks";
import { Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

type Signed = Awaited<ReturnType<typeof registerUser>>;
const DAY = 24 * 60 * 60 * 1000;

const memoryRows = (t: TestApp, listId: number) =>
  t.store.db.all<{ title_key: string; title: string; uses: number | string; section_id: unknown; quantity: string | null }>(
    "SELECT title_key, title, uses, section_id, quantity FROM list_memory WHERE list_id = ? ORDER BY title_key",
    [listId],
  );

/** A list's memory: learned placement and suggestions (docs/decisions/057-memory.md). */
describeEachDialect("list memory", (dialect) => {
  let t: TestApp;
  let ann: Signed;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    ann = await registerUser(t, `${dialect}_mem_ann`);
  });
  afterAll(() => t.close());

  const section = async (list: TaskList, name: string) => (await ann.post<Section>(`/api/task-lists/${list.id}/sections`, { name })).body;
  const suggestions = (list: TaskList, query: string, client: Client = ann) =>
    client.get<Suggestion[]>(`/api/task-lists/${list.id}/suggestions${query}`);

  it("puts an item added again without a section where its title last was, unless told otherwise", async () => {
    const list = await createList(ann, "Placement");
    const dairy = await section(list, "Dairy");
    const milk = await addTask(ann, { listId: list.id, title: "Milk", sectionId: dairy.id });
    await ann.delete(`/api/tasks/${milk.id}`);
    // Trimmed, NFKC and case-folded: the same title.
    expect(await addTask(ann, { listId: list.id, title: "  MILK " })).toMatchObject({ title: "MILK", sectionId: dairy.id });
    const loose = await addTask(ann, { listId: list.id, title: "milk", sectionId: null });
    expect(loose).toMatchObject({ sectionId: null });
    // Its latest use was in no section; moved back by an edit, it is remembered in Dairy again.
    expect(await addTask(ann, { listId: list.id, title: "Milk" })).toMatchObject({ sectionId: null });
    expect((await ann.patch(`/api/tasks/${loose.id}`, { sectionId: dairy.id })).status).toBe(200);
    const bulk = await ann.post<{ tasks: Task[] }>("/api/tasks/bulk", { listId: list.id, items: [{ title: "Milk" }, { title: "Eggs" }] });
    expect(bulk.body.tasks.map((task) => task.sectionId)).toEqual([dairy.id, null]);
    // A sub-item is never placed.
    const party = await addTask(ann, { listId: list.id, title: "Party", isParent: true });
    expect(await addTask(ann, { listId: list.id, title: "Milk", parentId: party.id })).toMatchObject({ sectionId: null });

    // Moved by an edit: remembered there; its section deleted: placed nowhere.
    const fridge = await section(list, "Fridge");
    const eggs = bulk.body.tasks[1]!;
    expect((await ann.patch(`/api/tasks/${eggs.id}`, { sectionId: fridge.id })).status).toBe(200);
    expect(await addTask(ann, { listId: list.id, title: "Eggs" })).toMatchObject({ sectionId: fridge.id });
    expect((await ann.delete(`/api/sections/${dairy.id}`)).status).toBe(200);
    expect(await addTask(ann, { listId: list.id, title: "Milk" })).toMatchObject({ sectionId: null });
  });

  it("remembers each add and tick to done, not an untick, a delete or a sub-item", async () => {
    const list = await createList(ann, "Uses");
    const milk = await addTask(ann, { listId: list.id, title: "Milk", quantity: "1 l" });
    await ann.post(`/api/tasks/${milk.id}/toggle`);
    await ann.post(`/api/tasks/${milk.id}/toggle`);
    await ann.patch(`/api/tasks/${milk.id}`, { completed: true });
    await ann.patch(`/api/tasks/${milk.id}`, { completed: true });
    await ann.patch(`/api/tasks/${milk.id}`, { title: "Whole milk", quantity: "2 l" });
    const party = await addTask(ann, { listId: list.id, title: "Party", isParent: true });
    await addTask(ann, { listId: list.id, title: "Cake", parentId: party.id });
    await ann.delete(`/api/tasks/${party.id}`);
    expect((await memoryRows(t, list.id)).map((row) => ({ ...row, uses: Number(row.uses) }))).toEqual([
      // Added, ticked by toggle, ticked by PATCH; the untick, the repeated PATCH and the rename count none.
      { title_key: "milk", title: "Milk", uses: 3, section_id: null, quantity: "1 l" },
      { title_key: "party", title: "Party", uses: 1, section_id: null, quantity: null },
    ]);
  });

  it("suggests by a prefix of the title or any word, accents and case ignored, best first by decayed uses", async () => {
    const list = await createList(ann, "Shop");
    const dairy = await section(list, "Dairy");
    // Used five times sixty days ago: 5 × 2^(-60/14) ≈ 0.26 of a use today. Put in as the store
    // keeps it, since a session would not last sixty days of the test's clock.
    await insertTask(t, { listId: list.id, userId: ann.user.id, title: "Mineral water", position: 0 });
    const use = { titleKey: "mineral water", words: " mineral water", title: "Mineral water", quantity: null, sectionId: null };
    for (let tick = 0; tick < 5; tick++) await t.store.memory.recordUse(list.id, use, Date.now() - 60 * DAY + tick);
    const oat = await addTask(ann, { listId: list.id, title: "Oat milk" });
    t.clock.advance(1000);
    const milk = await addTask(ann, { listId: list.id, title: "Milk", quantity: "2 l", sectionId: dairy.id });
    await ann.patch(`/api/tasks/${milk.id}`, { completed: true });
    await addTask(ann, { listId: list.id, title: "Crème fraîche" });
    await addTask(ann, { listId: list.id, title: "Smilk" });
    await ann.delete(`/api/tasks/${oat.id}`);

    const found = await suggestions(list, "?q=mi");
    expect(found.status).toBe(200);
    expect(found.body.map((s) => s.title)).toEqual(["Milk", "Oat milk", "Mineral water"]);
    expect(found.body[0]).toEqual({
      title: "Milk",
      quantity: "2 l",
      sectionId: dairy.id,
      uses: 2,
      lastUsedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      // Ticked: not open on the list.
      onList: false,
    });
    // Deleted, still remembered; open items are on the list.
    expect(found.body.map((s) => [s.title, s.onList, s.uses])).toEqual([
      ["Milk", false, 2],
      ["Oat milk", false, 1],
      ["Mineral water", true, 5],
    ]);
    expect((await suggestions(list, "?q=CREME")).body.map((s) => s.title)).toEqual(["Crème fraîche"]);
    expect((await suggestions(list, "?q=fraî")).body.map((s) => s.title)).toEqual(["Crème fraîche"]);
    expect((await suggestions(list, "?q=oat%20m")).body.map((s) => s.title)).toEqual(["Oat milk"]);
    expect((await suggestions(list, "?q=%25")).body).toEqual([]);
    expect((await suggestions(list, "?q=zz")).body).toEqual([]);
    // Empty q: the usuals, as many as asked.
    const usuals = (await suggestions(list, "?limit=2")).body;
    expect(usuals).toHaveLength(2);
    expect(usuals[0]!.title).toBe("Milk");
    expect((await suggestions(list, "")).body).toHaveLength(5);
    expect((await suggestions(list, "?q=&limit=1")).body).toHaveLength(1);

    // The section deleted: none.
    await ann.delete(`/api/sections/${dairy.id}`);
    expect((await suggestions(list, "?q=milk&limit=1")).body[0]).toMatchObject({ title: "Milk", sectionId: null });
  });

  it("remembers at most 2,000 titles a list, forgetting the least used for a new one", async () => {
    const list = await createList(ann, "Long");
    const rows = Array.from({ length: 2000 }, (_, index) => {
      const title = `Thing ${index}`;
      // Thing 0 is the least used: one use, the oldest.
      return [list.id, title.toLowerCase(), ` thing ${index}`, title, null, null, 1, index, rankOfUse(Date.now() - DAY * 30 + index)];
    });
    for (let start = 0; start < rows.length; start += 250) {
      const batch = rows.slice(start, start + 250);
      await t.store.db.run(
        `INSERT INTO list_memory (list_id, title_key, words, title, quantity, section_id, uses, last_used_at, rank)
         VALUES ${batch.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
        batch.flat(),
      );
    }
    const count = async () =>
      Number((await t.store.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM list_memory WHERE list_id = ?", [list.id]))!.n);
    // A title it knows counts a use and forgets nothing; a new one forgets Thing 0.
    await addTask(ann, { listId: list.id, title: "Thing 5" });
    expect(await count()).toBe(2000);
    await addTask(ann, { listId: list.id, title: "Brand new" });
    expect(await count()).toBe(2000);
    const kept = await t.store.db.all<{ title: string }>("SELECT title FROM list_memory WHERE list_id = ? AND title IN (?, ?, ?)", [
      list.id,
      "Thing 0",
      "Thing 1",
      "Brand new",
    ]);
    expect(kept.map((row) => row.title).sort()).toEqual(["Brand new", "Thing 1"]);
  });

  it("refuses a bad limit, and answers whoever may add; others as adding would", async () => {
    const list = await createList(ann, "Access");
    await addTask(ann, { listId: list.id, title: "Milk" });
    for (const limit of ["0", "21", "x", "1.5"]) {
      expect(await suggestions(list, `?limit=${limit}`)).toMatchObject({ status: 400, body: { message: "limit must be 1 to 20" } });
    }
    const READ_ONLY = { status: 403, body: { error: "READ_ONLY", message: "You have read-only access to this list" } };
    const CHECK_ONLY = { status: 403, body: { error: "CHECK_ONLY", message: "You can only tick items on this list" } };
    const OK = { status: 200, body: [{ title: "Milk" }] };
    for (const [level, answer] of [
      ["read", READ_ONLY],
      ["check", CHECK_ONLY],
      ["write", OK],
    ] as const) {
      const user = await registerUser(t, `${dialect}_mem_${level}`);
      await ann.post("/api/share-by-username", { listId: list.id, username: user.user.username, accessLevel: level });
      expect(await suggestions(list, "?q=m", user)).toMatchObject(answer);
      expect((await ann.patch(`/api/task-lists/${list.id}`, { linkAccess: level })).status).toBe(200);
      expect(await suggestions(list, `?q=m&shareId=${list.shareId}`, new Client(t))).toMatchObject(answer);
    }
    const stranger = await registerUser(t, `${dialect}_mem_stranger`);
    expect(await suggestions(list, "?q=m", stranger)).toMatchObject({ status: 404, body: { message: "List not found" } });
    expect(await suggestions(list, "?q=m", new Client(t))).toMatchObject({
      status: 401,
      body: { message: "Authentication required. Please log in again." },
    });
    const other = await createList(ann, "Other");
    expect(await suggestions(list, `?shareId=${other.shareId}`, new Client(t))).toMatchObject({ status: 404 });
  });
});

describe("memory ranks", () => {
  it("keeps a sum of decayed uses as its log, so order by rank is order by decayed uses", async () => {
    const { logAddExp, rankOfUse, HALF_LIFE_MS } = await import("../../src/store/memory");
    const now = Date.UTC(2026, 10, 28);
    const once = rankOfUse(now);
    const twiceHalfLifeAgo = logAddExp(rankOfUse(now - HALF_LIFE_MS), rankOfUse(now - HALF_LIFE_MS));
    expect(twiceHalfLifeAgo).toBeCloseTo(once, 9);
    expect(logAddExp(once, once) - once).toBeCloseTo(Math.LN2, 12);
  });
});
