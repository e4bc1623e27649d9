import { afterAll, beforeAll, expect, it } from "vitest";
import type { Task, TaskList } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { createList, snapshot } from "../helpers/lists";
import { rowsOf } from "../helpers/tasks";
import { Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

const NAME = 'Week 1: "Shop" 🛒';

/** A list with every awkward case: sub-items, ticks, descriptions of several lines, Markdown's own characters, emoji. */
const ITEMS = [
  { title: "Milk", description: "2 litres\n  semi-skimmed" },
  { title: "[x] is not a box", completed: true },
  {
    title: "# Party 🎉",
    description: "Saturday",
    children: [{ title: "Cake", completed: true, description: "> chocolate" }, { title: "- Candles" }],
  },
  { title: "Bread" },
];

const MARKDOWN = `# ${NAME}

- [ ] Milk
  > 2 litres
  >   semi-skimmed
- [x] [x] is not a box
- [ ] # Party 🎉
  > Saturday
  - [x] Cake
    > > chocolate
  - [ ] - Candles
- [ ] Bread
`;

const TEXT = `${NAME}

☐ Milk
  2 litres
    semi-skimmed
☑ [x] is not a box
☐ # Party 🎉
  Saturday
  ☑ Cake
    > chocolate
  ☐ - Candles
☐ Bread
`;

const DOCUMENT = {
  format: "listwell/1",
  name: NAME,
  items: [
    { title: "Milk", description: "2 litres\n  semi-skimmed", completed: false },
    { title: "[x] is not a box", completed: true },
    {
      title: "# Party 🎉",
      description: "Saturday",
      completed: false,
      children: [
        { title: "Cake", description: "> chocolate", completed: true },
        { title: "- Candles", completed: false },
      ],
    },
    { title: "Bread", completed: false },
  ],
};

/** What a person sees of a list: each item's title, description, tick and parent's title, in order. */
const shape = (tasks: Task[]) =>
  tasks.map((task) => ({
    title: task.title,
    description: task.description,
    completed: task.completed,
    isParent: task.isParent,
    parent: tasks.find((parent) => parent.id === task.parentId)?.title ?? null,
  }));

/** Bulk and exchange formats: export as Markdown, text, JSON; import as a new list (docs/product-rules.md#export-and-import). */
describeEachDialect("list export and import", (dialect) => {
  let t: TestApp;
  let ann: Awaited<ReturnType<typeof registerUser>>;
  let list: TaskList;
  const counts = async () => ({
    lists: Number((await t.store.db.all<{ n: number }>("SELECT COUNT(*) AS n FROM task_lists"))[0]!.n),
    tasks: Number((await t.store.db.all<{ n: number }>("SELECT COUNT(*) AS n FROM tasks"))[0]!.n),
  });

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    ann = await registerUser(t, "ann");
    list = await createList(ann, NAME);
    const added = await ann.post("/api/tasks/bulk", { listId: list.id, items: ITEMS });
    expect(added.status).toBe(201);
  });
  afterAll(() => t.close());

  it("writes Markdown, plain text and JSON exactly, as a download named after the list", async () => {
    const md = await ann.get<string>(`/api/task-lists/${list.id}/export?format=md`);
    expect(md.status).toBe(200);
    expect(md.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(md.headers.get("content-disposition")).toBe(
      `attachment; filename="Week 1- Shop _.md"; filename*=UTF-8''Week%201-%20Shop%20%F0%9F%9B%92.md`,
    );
    expect(md.body).toBe(MARKDOWN);

    const txt = await ann.get<string>(`/api/task-lists/${list.id}/export?format=txt`);
    expect(txt.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(txt.headers.get("content-disposition")).toContain('filename="Week 1- Shop _.txt"');
    expect(txt.body).toBe(TEXT);

    const json = await ann.request("GET", `/api/task-lists/${list.id}/export?format=json`);
    expect(json.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(json.body).toEqual(DOCUMENT);
    const raw = await t.app.request(`/api/task-lists/${list.id}/export?format=json`, { headers: { cookie: ann.cookie } });
    expect(await raw.text()).toBe(`${JSON.stringify(DOCUMENT, null, 2)}\n`);
  });

  it("exports to whoever may read the list, a link guest included, answers 404 to anyone else and 401 signed out", async () => {
    const guest = new Client(t);
    const viaLink = await guest.get<string>(`/api/task-lists/${list.id}/export?format=md&shareId=${list.shareId}`);
    expect(viaLink).toMatchObject({ status: 200, body: MARKDOWN });

    const reader = await registerUser(t, "reader");
    expect((await ann.post("/api/share-by-username", { listId: list.id, username: "reader", accessLevel: "read" })).status).toBeLessThan(
      300,
    );
    expect((await reader.get<string>(`/api/task-lists/${list.id}/export?format=txt`)).body).toBe(TEXT);

    const stranger = await registerUser(t, "stranger");
    for (const [who, path] of [
      [stranger, `/api/task-lists/${list.id}/export?format=md`],
      [stranger, `/api/task-lists/${list.id}/export?format=md&shareId=not-the-link`],
      [ann, "/api/task-lists/999999/export?format=md"],
    ] as const) {
      expect(await who.get(path)).toMatchObject({ status: 404, body: { message: "List not found" } });
    }
    // Signed out, without the link: asked to log in.
    expect(await guest.get(`/api/task-lists/${list.id}/export?format=json`)).toMatchObject({
      status: 401,
      body: { message: "Authentication required. Please log in again." },
    });
    expect(await ann.get(`/api/task-lists/${list.id}/export?format=pdf`)).toMatchObject({
      status: 400,
      body: { message: "Format must be md, json or txt" },
    });
  });

  it("exports every own list as one listwell/1 file, in Home's order", async () => {
    const ben = await registerUser(t, "ben");
    const empty = await createList(ben, "Empty");
    const trip = await createList(ben, "Trip");
    await ben.post("/api/tasks/bulk", { listId: trip.id, items: [{ title: "Tent", children: [{ title: "Pegs", completed: true }] }] });
    const all = await ben.get("/api/task-lists/export");
    expect(all.status).toBe(200);
    expect(all.headers.get("content-disposition")).toBe(
      `attachment; filename="Listwell lists.json"; filename*=UTF-8''Listwell%20lists.json`,
    );
    expect(all.body).toEqual({
      format: "listwell/1",
      lists: [
        { name: empty.name, items: [] },
        { name: "Trip", items: [{ title: "Tent", completed: false, children: [{ title: "Pegs", completed: true }] }] },
      ],
    });
    expect((await new Client(t).get("/api/task-lists/export")).status).toBe(401);
  });

  it("round-trips Markdown and JSON: the new list has the same titles, descriptions, ticks, order and sub-items", async () => {
    const original = shape(await rowsOf(t, list.id));
    for (const format of ["md", "json"] as const) {
      const exported = await t.app.request(`/api/task-lists/${list.id}/export?format=${format}`, { headers: { cookie: ann.cookie } });
      const imported = await ann.post<TaskList>("/api/task-lists/import", { format, content: await exported.text() });
      expect(imported.status).toBe(201);
      expect(imported.body).toMatchObject({ name: NAME, userId: ann.user.id, linkAccess: "write" });
      expect(imported.body.shareId).not.toBe(list.shareId);
      const rows = await rowsOf(t, imported.body.id);
      expect(shape(rows)).toEqual(original);
      const byAnn = { userId: ann.user.id, username: "ann" };
      expect(rows.map((row) => [row.createdBy, row.completedBy])).toEqual(rows.map((row) => [byAnn, row.completed ? byAnn : null]));
      // And out again, the very same file.
      const again = await ann.get<string>(`/api/task-lists/${imported.body.id}/export?format=md`);
      expect(again.body).toBe(MARKDOWN);
    }
    const own = await ann.get<TaskList[]>("/api/task-lists");
    expect(own.body.map((item) => item.name)).toEqual([NAME, NAME, NAME]);
  });

  it("imports a checklist from elsewhere: any bullets, no heading, named by the browser or 'Imported list'", async () => {
    const cat = await registerUser(t, "cat");
    const content = "* Tent\n    - [X] pegs\n\t- poles\n1. Map\n\n-  \n";
    const named = await cat.post<TaskList>("/api/task-lists/import", { format: "md", content, name: "Camping" });
    expect(named).toMatchObject({ status: 201, body: { name: "Camping" } });
    expect(shape(await rowsOf(t, named.body.id))).toEqual([
      { title: "Tent", description: "", completed: false, isParent: true, parent: null },
      { title: "pegs", description: "", completed: true, isParent: false, parent: "Tent" },
      { title: "poles", description: "", completed: false, isParent: false, parent: "Tent" },
      { title: "Map", description: "", completed: false, isParent: false, parent: null },
    ]);
    const unnamed = await cat.post<TaskList>("/api/task-lists/import", { format: "md", content: "Milk" });
    expect(unnamed).toMatchObject({ status: 201, body: { name: "Imported list" } });
    const emptyList = await cat.post<TaskList>("/api/task-lists/import", { format: "md", content: "# Nothing yet\n" });
    expect(emptyList).toMatchObject({ status: 201, body: { name: "Nothing yet" } });
    expect(await rowsOf(t, emptyList.body.id)).toEqual([]);
  });

  it("refuses malformed content with what is wrong and where, storing nothing", async () => {
    const dan = await registerUser(t, "dan");
    const before = await snapshot(t);
    const long = "x".repeat(81);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ format: "md", content: `# Fine\n\n- [ ] ok\n- [ ] ${long}` }, "Line 4: Title cannot exceed 80 characters"],
      [
        { format: "md", content: `- [ ] ok\n  > ${"d".repeat(200)}\n  > ${"d".repeat(60)}` },
        "Line 2: Description cannot exceed 256 characters",
      ],
      [{ format: "md", content: `# ${"n".repeat(49)}\n- a` }, "Line 1: List name cannot exceed 48 characters"],
      // A third level, as the JSON case below: refused where it is, not flattened into its parent's sub-items.
      [{ format: "md", content: "# S\n- [ ] a\n  - [ ] b\n    - [ ] c" }, "Line 4: Sub-items cannot have sub-items of their own"],
      [{ format: "md", content: "-\n- [ ]\n" }, "No list items found: write one item per line, like - [ ] Milk"],
      [{ format: "md", content: "  \n" }, "Nothing to import"],
      [{ format: "csv", content: "a" }, "Format must be md or json"],
      [{ format: "json", content: "{ not json" }, expect.stringMatching(/^This is not valid JSON \(.+\)$/)],
      [{ format: "json", content: JSON.stringify({ format: "todo/2", name: "A", items: [] }) }, 'format: format must be "listwell/1"'],
      [{ format: "json", content: JSON.stringify({ format: "listwell/1", name: "A" }) }, "items: items must be a list of items"],
      [
        { format: "json", content: JSON.stringify({ format: "listwell/1", name: "A", items: [{ title: "ok" }, { title: long }] }) },
        "items[1].title: Title cannot exceed 80 characters",
      ],
      [
        {
          format: "json",
          content: JSON.stringify({ format: "listwell/1", name: "A", items: [{ title: "a", completed: "yes" }] }),
        },
        "items[0].completed: completed must be true or false",
      ],
      [
        {
          format: "json",
          content: JSON.stringify({
            format: "listwell/1",
            name: "A",
            items: [{ title: "a", children: [{ title: "b", children: [{ title: "c" }] }] }],
          }),
        },
        "items[0].children[0].children: Sub-items cannot have sub-items of their own",
      ],
      [{ format: "json", content: JSON.stringify({ format: "listwell/1", lists: [] }) }, "lists: The file holds no lists"],
      [
        {
          format: "json",
          content: JSON.stringify({
            format: "listwell/1",
            lists: [
              { name: "A", items: [] },
              { name: "", items: [] },
            ],
          }),
        },
        "lists[1].name: List name cannot be empty",
      ],
    ];
    for (const [body, message] of cases) {
      expect(await dan.post("/api/task-lists/import", body), JSON.stringify(body)).toMatchObject({ status: 400, body: { message } });
    }
    expect(await new Client(t).post("/api/task-lists/import", { format: "md", content: "- a" })).toMatchObject({ status: 401 });
    expect(await snapshot(t)).toEqual(before);
  });

  it("brings back every list of an 'export all' file at once, in its order", async () => {
    const fay = await registerUser(t, "fay");
    const archive = await t.app.request("/api/task-lists/export", { headers: { cookie: ann.cookie } });
    const content = await archive.text();
    const imported = await fay.post<{ lists: TaskList[] }>("/api/task-lists/import", { format: "json", content });
    expect(imported.status).toBe(201);
    const own = await fay.get<TaskList[]>("/api/task-lists");
    expect(own.body).toEqual(imported.body.lists);
    const again = await t.app.request("/api/task-lists/export", { headers: { cookie: fay.cookie } });
    expect(await again.text()).toBe(content);
  });

  it("refuses past 100 items or 25 lists with 403, storing nothing", async () => {
    const eve = await registerUser(t, "eve");
    const before = await counts();
    const hundredAndOne = Array.from({ length: 34 }, (_, i) => `- [ ] Item ${i}\n  - [ ] a\n  - [x] b`).join("\n");
    expect(await eve.post("/api/task-lists/import", { format: "md", content: hundredAndOne })).toMatchObject({
      status: 403,
      body: { error: "ITEM_LIMIT_REACHED", message: "This list has 102 items; a list holds at most 100" },
    });
    expect(await counts()).toEqual(before);

    const hundred = Array.from({ length: 100 }, (_, i) => ({ title: `Item ${i}` }));
    const full = await eve.post<TaskList>("/api/task-lists/import", {
      format: "json",
      content: JSON.stringify({ format: "listwell/1", name: "Full", items: hundred }),
    });
    expect(full.status).toBe(201);
    expect((await rowsOf(t, full.body.id)).length).toBe(100);

    const twoLists = (second: number) =>
      JSON.stringify({
        format: "listwell/1",
        lists: [
          { name: "Small", items: [{ title: "a" }] },
          { name: "Big", items: Array.from({ length: second }, (_, i) => ({ title: `Item ${i}` })) },
        ],
      });
    const withFull = await counts();
    expect(await eve.post("/api/task-lists/import", { format: "json", content: twoLists(101) })).toMatchObject({
      status: 403,
      body: { error: "ITEM_LIMIT_REACHED", message: '"Big" has 101 items; a list holds at most 100' },
    });
    expect(await counts()).toEqual(withFull);

    for (let i = 1; i < 24; i++) await createList(eve, `List ${i}`);
    const oneLeft = await counts();
    expect(await eve.post("/api/task-lists/import", { format: "json", content: twoLists(1) })).toMatchObject({
      status: 403,
      body: { error: "LIST_LIMIT_REACHED", message: "You can have at most 25 lists" },
    });
    expect(await counts()).toEqual(oneLeft);
    await createList(eve, "List 24");
    const atLimit = await counts();
    expect(await eve.post("/api/task-lists/import", { format: "md", content: "# One more\n- a" })).toMatchObject({
      status: 403,
      body: { error: "LIST_LIMIT_REACHED", message: "You can have at most 25 lists" },
    });
    expect(await counts()).toEqual(atLimit);
  });
});
