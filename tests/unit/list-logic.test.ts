import { describe, expect, it } from "vitest";
import {
  alphabetical,
  completedLast,
  deletedWith,
  emptyStateText,
  itemsOf,
  reorderGroup,
  truncateTitle,
  upsert,
} from "../../islands/list/logic";
import { moveItem, positionsOf } from "../../islands/order";
import type { Task } from "../../src/shared/types";
import { aTask } from "../helpers/tasks";

const task = aTask;
const titles = (tasks: Task[]) => tasks.map((t) => t.title);

describe("truncateTitle (the completion toast cuts at 50)", () => {
  it("keeps short titles and cuts long ones at 50 with an ellipsis", () => {
    expect(truncateTitle("Milk")).toBe("Milk");
    expect(truncateTitle("x".repeat(50))).toBe("x".repeat(50));
    expect(truncateTitle("y".repeat(51))).toBe(`${"y".repeat(50)}...`);
  });
});

describe("alphabetical", () => {
  it("sorts case-insensitively with incomplete items first on equal titles", () => {
    const done = task({ title: "apple", completed: true });
    const open = task({ title: "Apple" });
    const sorted = alphabetical([task({ title: "cherry" }), done, task({ title: "Banana" }), open]);
    expect(titles(sorted)).toEqual(["Apple", "apple", "Banana", "cherry"]);
    expect(sorted[0]).toBe(open);
  });
  it("orders numbers naturally and leaves the input untouched", () => {
    const input = [task({ title: "Item 10" }), task({ title: "item 2" })];
    expect(titles(alphabetical(input))).toEqual(["item 2", "Item 10"]);
    expect(titles(input)).toEqual(["Item 10", "item 2"]);
  });
});

describe("reorderGroup", () => {
  const [a, b, c, d] = [
    task({ title: "a", position: 0 }),
    task({ title: "b", position: 2 }),
    task({ title: "c", position: 5 }),
    task({ title: "d", position: 6 }),
  ];
  it("moves down and up, handing the group's own positions out again", () => {
    const down = reorderGroup([a, b, c, d], [a, b, c, d], 0, 2);
    expect(titles(down)).toEqual(["b", "c", "a", "d"]);
    expect(down.map((t) => t.position)).toEqual([0, 2, 5, 6]);
    expect(titles(reorderGroup([a, b, c, d], [a, b, c, d], 3, 1))).toEqual(["a", "d", "b", "c"]);
  });
  it("places a move among visible rows relative to them when completed rows are hidden", () => {
    const hidden = { ...b, completed: true };
    // Visible: a, c, d. Moving d above c keeps hidden b where it was relative to a.
    expect(titles(reorderGroup([a, hidden, c, d], [a, c, d], 2, 1))).toEqual(["a", "b", "d", "c"]);
    expect(titles(reorderGroup([a, hidden, c, d], [a, c, d], 0, 1))).toEqual(["b", "c", "a", "d"]);
  });
  it("keeps sub-items after their parent: their positions stay above the parent's", () => {
    const parent = task({ title: "P", isParent: true, position: 3 });
    const kids = [task({ title: "x", parentId: parent.id, position: 4 }), task({ title: "y", parentId: parent.id, position: 7 })];
    const moved = reorderGroup(kids, kids, 1, 0);
    expect(titles(moved)).toEqual(["y", "x"]);
    expect(Math.min(...moved.map((t) => t.position))).toBeGreaterThan(parent.position);
  });
  it("makes colliding positions distinct and ignores a no-op", () => {
    const [p, q] = [task({ title: "p", position: 1 }), task({ title: "q", position: 1 })];
    expect(reorderGroup([p, q], [p, q], 1, 0).map((t) => t.position)).toEqual([1, 2]);
    expect(reorderGroup([p, q], [p, q], 1, 1)).toEqual([p, q]);
  });
});

describe("item helpers", () => {
  it("picks a view's items by parent, in position order, and merges changes", () => {
    const parent = task({ title: "P", isParent: true, position: 1 });
    const items = [task({ title: "late", position: 9 }), parent, task({ title: "kid", parentId: parent.id, position: 2 })];
    expect(titles(itemsOf(items, 0))).toEqual(["P", "late"]);
    expect(titles(itemsOf(items, parent.id))).toEqual(["kid"]);
    expect(titles(upsert(items, [{ ...items[0]!, position: 0 }]))).toEqual(["late", "P", "kid"]);
    expect([...deletedWith(items, parent.id)].sort()).toEqual([parent.id, items[2]!.id].sort());
  });
  it("moves list cards and numbers their positions", () => {
    expect(moveItem(["a", "b", "c"], 0, 2)).toEqual(["b", "c", "a"]);
    expect(moveItem(["a", "b"], 0, 5)).toEqual(["a", "b"]);
    expect(positionsOf([{ id: 7 }, { id: 3 }])).toEqual([
      { id: 7, position: 0 },
      { id: 3, position: 1 },
    ]);
  });
});

describe("emptyStateText (list page)", () => {
  const base = { total: 0, shown: 0, readOnly: false, inParentView: false };
  it("answers each empty state, and nothing when rows show", () => {
    expect(emptyStateText(base)).toBe("Add your first item to get started.");
    expect(emptyStateText({ ...base, inParentView: true })).toBe("No tasks yet. Add your first task to get started!");
    expect(emptyStateText({ ...base, readOnly: true })).toBe("No items in this list.");
    expect(emptyStateText({ ...base, total: 3 })).toBe("All items are completed. Add a new item or show completed items.");
    expect(emptyStateText({ ...base, total: 3, readOnly: true })).toBe("No items in this list.");
    expect(emptyStateText({ ...base, total: 3, shown: 1 })).toBeNull();
  });
});

describe("completedLast (completed items at the bottom)", () => {
  it("puts open items first and completed ones after, each group in the order given", () => {
    const rows = [task({ title: "a", completed: true }), task({ title: "b" }), task({ title: "c", completed: true }), task({ title: "d" })];
    expect(titles(completedLast(rows))).toEqual(["b", "d", "a", "c"]);
    expect(titles(rows)).toEqual(["a", "b", "c", "d"]);
  });

  it("moves a drag among the rows as shown, completed ones last", () => {
    const group = [
      task({ title: "a", completed: true, position: 1 }),
      task({ title: "b", position: 2 }),
      task({ title: "c", position: 3 }),
    ];
    // Shown as b, c, a: dragging c above b puts it first among the whole group's positions.
    const moved = reorderGroup(group, completedLast(group), 1, 0);
    expect(titles(moved)).toEqual(["a", "c", "b"]);
    expect(moved.map((t) => t.position)).toEqual([1, 2, 3]);
  });
});
