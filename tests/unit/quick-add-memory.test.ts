import { describe, expect, it } from "vitest";
import type { Suggestion } from "../../src/shared/memory";
import type { Task } from "../../src/shared/types";
import { duplicateOf, duplicateText } from "../../islands/list/quick-add-memory";
import { fromKept, matches, onListMark } from "../../islands/list/suggest";

const task = (id: number, title: string, extra: Partial<Task> = {}): Task => ({
  id,
  title,
  description: "",
  completed: false,
  position: id,
  listId: 1,
  userId: 7,
  isParent: false,
  parentId: 0,
  createdAt: "2026-11-28T00:00:00.000Z",
  ...extra,
});
const usual = (title: string, quantity: string | null = null): Suggestion => ({
  title,
  quantity,
  sectionId: null,
  uses: 1,
  lastUsedAt: "2026-11-28T00:00:00.000Z",
  onList: false,
});

describe("an add of a title already on the list", () => {
  const tasks = [
    task(1, "Milk", { createdBy: { userId: 7, username: "sam" } }),
    task(2, "Bread", { completed: true }),
    task(3, "Eggs", { parentId: 9 }),
    task(4, "Jam", { createdBy: { userId: null, username: null } }),
    task(5, "Tea", { createdBy: { userId: 8, username: "Kim (guest)" } }),
  ];

  it("finds an open item of the same folded title beside it", () => {
    expect(duplicateOf(tasks, "  MILK ", 0)?.id).toBe(1);
    expect(duplicateOf(tasks, "ｍｉｌｋ", 0)?.id).toBe(1);
    // Ticked: bought already. Under another parent: another group. Accents are kept, as the server folds.
    expect(duplicateOf(tasks, "bread", 0)).toBeUndefined();
    expect(duplicateOf(tasks, "eggs", 0)).toBeUndefined();
    expect(duplicateOf(tasks, "eggs", 9)?.id).toBe(3);
    expect(duplicateOf([task(6, "Crème")], "creme", 0)).toBeUndefined();
  });

  it("names who added it", () => {
    expect(duplicateText(tasks[0]!, 8)).toBe("“Milk” is already on the list — added by sam");
    expect(duplicateText(tasks[0]!, 7)).toBe("“Milk” is already on the list — added by you");
    expect(duplicateText(tasks[3]!, 7)).toBe("“Jam” is already on the list — added by a guest");
    expect(duplicateText(tasks[4]!, null)).toBe("“Tea” is already on the list — added by Kim (guest)");
    expect(duplicateText(task(-5, "Oats"), null)).toBe("“Oats” is already on the list — added by you");
    expect(duplicateText(task(10, "Rice", { createdBy: null }), 7)).toBe("“Rice” is already on the list");
  });
});

describe("suggestions offline, from the kept usuals", () => {
  it("match a word's start, accents and case ignored, as the server does", () => {
    expect(matches("Mineral water", "mi")).toBe(true);
    expect(matches("Oat milk", "MI")).toBe(true);
    expect(matches("Crème fraîche", "creme f")).toBe(true);
    expect(matches("Salami", "mi")).toBe(false);
  });

  it("are those that match, all of them for an empty field", () => {
    const kept = [usual("Milk", "2 l"), usual("Salami"), usual("Mineral water", "6"), usual("Bread")];
    expect(fromKept(kept, "mi").map((s) => [s.title, s.quantity])).toEqual([
      ["Milk", "2 l"],
      ["Mineral water", "6"],
    ]);
    expect(fromKept(kept, "")).toHaveLength(4);
  });
});

describe("a suggestion On the list", () => {
  it("is one with an open item of its title on the page", () => {
    const onList = onListMark([task(1, "milk"), task(2, "Mineral water", { completed: true }), task(3, "Jam", { parentId: 1 })]);
    expect([onList("Milk"), onList("Mineral water"), onList("Jam"), onList("Bread")]).toEqual([true, false, true, false]);
  });
});
