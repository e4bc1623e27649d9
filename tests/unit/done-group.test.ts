import { describe, expect, it } from "vitest";
import { arrange } from "../../islands/list/logic";
import type { Task } from "../../src/shared/types";
import { aTask } from "../helpers/tasks";

const titles = (tasks: Task[]) => tasks.map((t) => t.title);
const view = { showCompleted: true, completedLast: true, doneOpen: true };

/** Milk and Tea were done when the person began tapping; Eggs was ticked since. */
const milk = aTask({ title: "Milk", completed: true });
const eggs = aTask({ title: "Eggs", completed: true });
const bread = aTask({ title: "Bread" });
const tea = aTask({ title: "Tea", completed: true });
const list = [milk, eggs, bread, tea];
const settled = new Set([milk.id, tea.id]);

describe("arrange (rows stay put until the person pauses, decision 046)", () => {
  it("ends the rows with the Done group of what was done when the taps began; a fresh tick keeps its place", () => {
    expect(arrange(list, view, settled)).toEqual({ rows: [eggs, bread, milk, tea], done: 2 });
    // Once settled, Eggs joins the group.
    expect(titles(arrange(list, view, new Set([milk.id, eggs.id, tea.id])).rows)).toEqual(["Bread", "Milk", "Eggs", "Tea"]);
  });

  it("leaves a folded group's rows out but counts them, and keeps the order given without Completed at bottom", () => {
    expect(arrange(list, { ...view, doneOpen: false }, settled)).toEqual({ rows: [eggs, bread], done: 2 });
    expect(arrange(list, { ...view, completedLast: false }, settled)).toEqual({ rows: list, done: 0 });
  });

  it("hides only the settled ones when completed items are hidden", () => {
    expect(arrange(list, { ...view, showCompleted: false }, settled)).toEqual({ rows: [eggs, bread], done: 0 });
  });
});
