/**
 * Where a list's items stand among its sections (islands/list/sections.ts,
 * docs/decisions/060-sections-browser.md): the groups shown, a fold, a step across a group's edge,
 * and the positions and section a move leaves.
 */
import { describe, expect, it } from "vitest";
import { groupBySection, place, sectionLayout, stepLanding } from "../../islands/list/sections";
import { ListStore, type Transport } from "../../islands/list/store";
import { canOf } from "../../src/domain/access";
import type { Section, Task } from "../../src/shared/types";

const sections: Section[] = [
  { id: 20, name: "Dairy", position: 1 },
  { id: 10, name: "Produce", position: 0 },
];
let next = 1;
const item = (title: string, sectionId: number | null, position = next++): Task => ({
  id: position,
  title,
  description: "",
  completed: false,
  position,
  listId: 1,
  userId: 1,
  isParent: false,
  parentId: 0,
  createdAt: "",
  sectionId,
});
const titles = (tasks: readonly Task[]) => tasks.map((task) => task.title);

describe("sections on the list page", () => {
  next = 1;
  const [bread, apples, milk, pears, gone] = [
    item("Bread", null),
    item("Apples", 10),
    item("Milk", 20),
    item("Pears", 10),
    item("Soap", 99),
  ] as const;
  const group = [bread, apples, milk, pears, gone];

  it("groups items in no section (or a deleted one) first, then each section in its order, empty ones too", () => {
    const groups = groupBySection(group, sections);
    expect(groups.map((g) => [g.section?.name ?? null, titles(g.rows)])).toEqual([
      [null, ["Bread", "Soap"]],
      ["Produce", ["Apples", "Pears"]],
      ["Dairy", ["Milk"]],
    ]);
    expect(groupBySection([], sections).map((g) => g.rows.length)).toEqual([0, 0, 0]);
  });

  it("hides a folded section's rows and keeps its heading with its count", () => {
    const { rows, headings } = sectionLayout(group, sections, new Set([10]));
    expect(titles(rows)).toEqual(["Bread", "Soap", "Milk"]);
    expect(headings.map(({ section, count, collapsed, at }) => [section.name, count, collapsed, at])).toEqual([
      ["Produce", 2, true, 2],
      ["Dairy", 1, false, 2],
    ]);
  });

  it("steps within a group, and across a group's edge into the next one, empty or not", () => {
    const groups = groupBySection(group, sections);
    expect(stepLanding(groups, pears.id, -1)).toEqual({ sectionId: 10, afterId: null });
    expect(stepLanding(groups, apples.id, 1)).toEqual({ sectionId: 10, afterId: pears.id });
    expect(stepLanding(groups, apples.id, -1)).toEqual({ sectionId: null, afterId: gone.id });
    expect(stepLanding(groups, pears.id, 1)).toEqual({ sectionId: 20, afterId: null });
    expect(stepLanding(groups, bread.id, -1)).toBeNull();
    expect(stepLanding(groups, milk.id, 1)).toBeNull();
    const emptyNone = groupBySection([apples, milk], sections);
    expect(stepLanding(emptyNone, apples.id, -1)).toEqual({ sectionId: null, afterId: null });
  });

  it("hands the group's positions out again in the new order and says the new section only when it changed", () => {
    const moved = place(group, sections, milk.id, { sectionId: 10, afterId: apples.id });
    expect(moved.sectionId).toBe(10);
    const after = group.map((task) => ({
      ...task,
      ...moved.items.find((one) => one.id === task.id),
      sectionId: task === milk ? 10 : task.sectionId,
    }));
    expect(titles(groupBySection(after, sections).flatMap((g) => g.rows))).toEqual(["Bread", "Soap", "Apples", "Milk", "Pears"]);
    expect(place(group, sections, pears.id, { sectionId: 10, afterId: null }).sectionId).toBeUndefined();
    // Already where it lands, in a list whose positions follow its groups: nothing to send.
    const settled = [bread, apples, pears, milk].map((task, i) => ({ ...task, position: i + 1 }));
    expect(place(settled, sections, pears.id, { sectionId: 10, afterId: apples.id })).toEqual({ items: [] });
  });
});

describe("the page store's sections", () => {
  const unused = () => Promise.reject(new Error("not in this test"));
  const transport: Transport = { send: unused, mustWait: () => false, queue: unused, read: unused, onServerId: () => {} };
  const initial = { name: "Shop", tasks: [], accessLevel: "admin" as const, isOwner: true, ownerName: null, sections: [] };
  const store = () => new ListStore(1, { ...initial, can: canOf({ level: "admin", isOwner: true }, { userId: 1 }) }, transport);

  it("takes a sections_updated event's whole set without a read, and leaves another list's and a malformed one alone", () => {
    const one = store();
    expect(one.receive({ type: "sections_updated", timestamp: 1, listId: 2, payload: { sections } })).toBe(false);
    expect(one.getView().sections).toEqual([]);
    one.receive({ type: "sections_updated", timestamp: 1, listId: 1, payload: { sections: "none" } });
    expect(one.getView().sections).toEqual([]);
    expect(one.receive({ type: "sections_updated", timestamp: 1, listId: 1, payload: { sections } })).toBe(false);
    expect(one.getView().sections).toEqual(sections);
    one.receiveSections([sections[0]!]);
    expect(one.getView().sections).toEqual([sections[0]]);
    // A delete's event names the items it took out, now in no section.
    const milk = { ...item("Milk", null), listId: 1 };
    one.receive({ type: "sections_updated", timestamp: 1, listId: 1, payload: { sections: [], tasks: [milk] } });
    expect(one.getView().sections).toEqual([]);
    expect(one.getView().tasks.map((task) => [task.title, task.sectionId])).toEqual([["Milk", null]]);
  });
});
