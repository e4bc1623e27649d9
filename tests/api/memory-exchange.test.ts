import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parsePastedList } from "../../src/shared/markdown-list";
import type { Section, Task, TaskList } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { addTask, rowsOf } from "../helpers/tasks";
import { makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

type Signed = Awaited<ReturnType<typeof registerUser>>;

/** Quantities and sections through export and import (docs/decisions/057-memory.md). */
describeEachDialect("memory in export and import", (dialect) => {
  let t: TestApp;
  let ann: Signed;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    ann = await registerUser(t, `${dialect}_mx_ann`);
  });
  afterAll(() => t.close());

  /** A list's items with their section's name, as a reader compares two lists. */
  const shapeOf = async (listId: number) => {
    const sections = await t.store.sections.listByList(listId);
    const name = (task: Task) => sections.find((section) => section.id === task.sectionId)?.name ?? null;
    return {
      sections: sections.map((section) => section.name),
      items: (await rowsOf(t, listId)).map((task) => ({
        title: task.title,
        quantity: task.quantity,
        section: name(task),
        completed: task.completed,
        dueAt: task.dueAt,
        sub: task.parentId !== 0,
      })),
    };
  };

  async function shop() {
    const list = await createList(ann, "Shop");
    const section = async (name: string) => (await ann.post<Section>(`/api/task-lists/${list.id}/sections`, { name })).body;
    const dairy = await section("Dairy");
    await section("Empty #");
    const bakery = await section("Bakery");
    await addTask(ann, { listId: list.id, title: "Milk (organic)", quantity: "2 l", sectionId: dairy.id });
    await addTask(ann, { listId: list.id, title: "Meet (due 2026-12-01)" });
    const party = await addTask(ann, { listId: list.id, title: "Party", isParent: true, sectionId: bakery.id });
    await addTask(ann, { listId: list.id, title: "Cake", quantity: "1 (big)", parentId: party.id });
    await addTask(ann, { listId: list.id, title: "T (qty 3)", sectionId: dairy.id, completed: true, dueAt: "2026-12-05" });
    await addTask(ann, { listId: list.id, title: "Bread", sectionId: bakery.id, quantity: "x\\y" });
    const exported = async (format: string) =>
      (await t.app.request(`/api/task-lists/${list.id}/export?format=${format}`, { headers: { cookie: ann.cookie } })).text();
    return { list, exported };
  }

  it("writes sections as headings and quantities after titles in Markdown, and reads them back exactly", async () => {
    const { list, exported } = await shop();
    const markdown = await exported("md");
    expect(markdown).toBe(
      [
        "# Shop",
        "",
        "- [ ] Meet (due 2026-12-01) (qty)",
        "",
        "## Dairy",
        "",
        "- [ ] Milk (organic) (qty 2 l)",
        "- [x] T (qty 3) (qty) (due 2026-12-05)",
        "",
        "## Empty # ##",
        "",
        "## Bakery",
        "",
        "- [ ] Party",
        "  - [ ] Cake (qty 1 \\(big\\))",
        "- [ ] Bread (qty x\\\\y)",
        "",
      ].join("\n"),
    );
    const imported = await ann.post<TaskList>("/api/task-lists/import", { format: "md", content: markdown });
    expect(imported.status).toBe(201);
    const original = await shapeOf(list.id);
    // Markdown groups the items by section: the same items, in the order it writes them.
    const order = ["Meet (due 2026-12-01)", "Milk (organic)", "T (qty 3)", "Party", "Cake", "Bread"];
    expect(await shapeOf(imported.body.id)).toEqual({
      sections: original.sections,
      items: order.map((title) => original.items.find((item) => item.title === title)),
    });
    expect(original.sections).toEqual(["Dairy", "Empty #", "Bakery"]);
    // Exported again, the very same text.
    const again = await t.app.request(`/api/task-lists/${imported.body.id}/export?format=md`, { headers: { cookie: ann.cookie } });
    expect(await again.text()).toBe(markdown);
  });

  it("carries quantities and sections by name in JSON, and brings them back", async () => {
    const { list, exported } = await shop();
    const document = JSON.parse(await exported("json"));
    expect(document).toEqual({
      format: "listwell/1",
      name: "Shop",
      sections: ["Dairy", "Empty #", "Bakery"],
      items: [
        { title: "Milk (organic)", completed: false, quantity: "2 l", section: "Dairy" },
        { title: "Meet (due 2026-12-01)", completed: false },
        { title: "Party", completed: false, section: "Bakery", children: [{ title: "Cake", completed: false, quantity: "1 (big)" }] },
        { title: "T (qty 3)", completed: true, dueAt: "2026-12-05", section: "Dairy" },
        { title: "Bread", completed: false, quantity: "x\\y", section: "Bakery" },
      ],
    });
    const imported = await ann.post<TaskList>("/api/task-lists/import", { format: "json", content: JSON.stringify(document) });
    expect(imported.status).toBe(201);
    expect(await shapeOf(imported.body.id)).toEqual(await shapeOf(list.id));
    // Sections an item names that the list does not are made after the named ones; names are case-folded.
    const loose = await ann.post<TaskList>("/api/task-lists/import", {
      format: "json",
      content: JSON.stringify({
        format: "listwell/1",
        name: "Loose",
        sections: ["Fruit"],
        items: [
          { title: "Pear", section: "fruit" },
          { title: "Ham", section: "Deli" },
          { title: "Salami", section: "DELI" },
        ],
      }),
    });
    expect(await shapeOf(loose.body.id)).toMatchObject({
      sections: ["Fruit", "Deli"],
      items: [{ section: "Fruit" }, { section: "Deli" }, { section: "Deli" }],
    });
  });

  it("refuses a bad section or quantity, or a 31st section, and creates nothing", async () => {
    const count = async () =>
      (await t.store.db.all("SELECT id FROM task_lists")).length + (await t.store.db.all("SELECT id FROM sections")).length;
    const before = await count();
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ format: "md", content: `# Shop\n\n## ${"x".repeat(41)}\n- [ ] Milk\n` }, 400, "Line 3: Section name must be 1 to 40 characters"],
      [
        {
          format: "json",
          content: JSON.stringify({ format: "listwell/1", name: "S", items: [{ title: "Milk", quantity: "x".repeat(25) }] }),
        },
        400,
        "items[0].quantity: quantity must be 1 to 24 characters, or null",
      ],
      [
        { format: "json", content: JSON.stringify({ format: "listwell/1", name: "S", items: [{ title: "Milk", section: "" }] }) },
        400,
        "items[0].section: Section name must be 1 to 40 characters",
      ],
      [
        { format: "md", content: Array.from({ length: 31 }, (_, index) => `## Aisle ${index}\n- [ ] Item ${index}`).join("\n") },
        403,
        "This list has 31 sections; a list holds at most 30",
      ],
    ];
    for (const [body, status, message] of cases) {
      expect(await ann.post("/api/task-lists/import", body)).toMatchObject({ status, body: { message } });
    }
    expect(await count()).toBe(before);
    // The positive control: 30 sections import.
    const thirty = Array.from({ length: 30 }, (_, index) => `## Aisle ${index}\n- [ ] Item ${index}`).join("\n");
    expect((await ann.post("/api/task-lists/import", { format: "md", content: thirty })).status).toBe(201);
  });
});

describe("the paste parser's sections", () => {
  it("reads headings as sections, their items top-level, and leaves title suffixes to the import", () => {
    const pasted = parsePastedList(["- Bread (qty 1)", "## Dairy", "  - Milk (organic)", "    - Not a child", "#hashtag"].join("\n"));
    expect(pasted).toEqual([
      { title: "Bread (qty 1)", description: "", completed: false, children: [] },
      {
        title: "Milk (organic)",
        description: "",
        completed: false,
        section: "Dairy",
        children: [{ title: "Not a child", description: "", completed: false }],
      },
      { title: "#hashtag", description: "", completed: false, section: "Dairy", children: [] },
    ]);
    // Inside a parent's view there are no sections: the heading is left out.
    expect(parsePastedList("## Dairy\n- Milk", { flat: true })).toEqual([
      { title: "Milk", description: "", completed: false, children: [] },
    ]);
  });
});
