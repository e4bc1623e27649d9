import { describe, expect, it } from "vitest";
import type { Suggestion } from "../../src/shared/memory";
import type { Task } from "../../src/shared/types";
import { duplicateOf, duplicateText } from "../../islands/list/quick-add-memory";
import { fromKept, matches } from "../../islands/list/suggest";

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

  it("are marked On the list by the page's open items", () => {
    const kept = [usual("Milk", "2 l"), usual("Salami"), usual("Mineral water", "6"), usual("Bread")];
    const tasks = [task(1, "milk"), task(2, "Mineral water", { completed: true })];
    expect(fromKept(kept, "mi", tasks).map((s) => [s.title, s.quantity, s.onList])).toEqual([
      ["Milk", "2 l", true],
      ["Mineral water", "6", false],
    ]);
    expect(fromKept(kept, "", tasks)).toHaveLength(4);
  });
});
