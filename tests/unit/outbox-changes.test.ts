import { describe, expect, it } from "vitest";
import { applyChange, type Change, idsOf, mayWait, overlay, type QueuedChange, remapChange } from "../../islands/offline/changes";
import { verdictFor } from "../../islands/offline/verdicts";
import { changedFields } from "../../islands/list/logic";
import { bannerText } from "../../islands/offline/OfflineBanner";
import type { Task } from "../../src/shared/types";
import { aTask } from "../helpers/tasks";

const titles = (tasks: Task[]) => tasks.map((task) => task.title);

describe("applyChange and overlay: queued changes laid over the server's items, in order", () => {
  it("ticks absolutely, so the later of two ticks wins and applying twice changes nothing more", () => {
    const milk = aTask({ id: 10, title: "Milk" });
    const once = overlay(
      [milk],
      [
        { kind: "tick", id: 10, completed: true },
        { kind: "tick", id: 10, completed: false },
      ],
      1,
    );
    expect(once[0]!.completed).toBe(false);
    const ticked = applyChange([milk], { kind: "tick", id: 10, completed: true }, 1);
    expect(applyChange(ticked, { kind: "tick", id: 10, completed: true }, 1)).toEqual(ticked);
  });

  it("adds an item under its temporary id once, at the end, and later changes to it apply to it", () => {
    const milk = aTask({ id: 10, title: "Milk", position: 4 });
    const add: QueuedChange = { kind: "add", id: -5, parentId: 0, fields: { title: "Eggs", description: "", isParent: false } };
    const tasks = overlay([milk], [add, add, { kind: "edit", id: -5, fields: { title: "Brown eggs" } }], 1);
    expect(titles(tasks)).toEqual(["Milk", "Brown eggs"]);
    expect(tasks[1]).toMatchObject({ id: -5, position: 5, listId: 1, completed: false, quantity: null, sectionId: null });
  });

  it("shows an add's quantity and section at once, never a sub-item's section, and steps a quantity by an edit", () => {
    const fields = { title: "Milk", description: "", isParent: false, quantity: "2 l", sectionId: 4 };
    const [milk] = applyChange([], { kind: "add", id: -5, parentId: 0, fields }, 1);
    expect(milk).toMatchObject({ quantity: "2 l", sectionId: 4 });
    const [, sub] = applyChange([aTask({ id: 1, isParent: true })], { kind: "add", id: -6, parentId: 1, fields }, 1);
    expect(sub).toMatchObject({ quantity: "2 l", sectionId: null });
    expect(applyChange([milk!], { kind: "edit", id: -5, fields: { quantity: "3 l" } }, 1)[0]!.quantity).toBe("3 l");
  });

  it("edits only the fields sent, deletes an item with its sub-items, and reorders only the items that exist", () => {
    const parent = aTask({ id: 1, title: "Party", isParent: true, position: 1, description: "Saturday" });
    const child = aTask({ id: 2, title: "Cake", parentId: 1, position: 2 });
    const other = aTask({ id: 3, title: "Tea", position: 3 });
    const edited = applyChange([parent, other], { kind: "edit", id: 1, fields: { title: "Picnic" } }, 1);
    expect(edited[0]).toMatchObject({ title: "Picnic", description: "Saturday" });
    expect(titles(applyChange([parent, child, other], { kind: "delete", id: 1 }, 1))).toEqual(["Tea"]);
    const reordered = applyChange(
      [parent, other],
      {
        kind: "reorder",
        items: [
          { id: 3, position: 1 },
          { id: 99, position: 2 },
          { id: 1, position: 3 },
        ],
      },
      1,
    );
    expect(reordered.map((task) => [task.id, task.position])).toEqual([
      [1, 3],
      [3, 1],
    ]);
  });

  it("sends only the fields that changed", () => {
    const task = aTask({ title: "Milk", description: "2 l", isParent: false });
    expect(changedFields(task, { title: "Milk", description: "1 l", isParent: false })).toEqual({ description: "1 l" });
    expect(changedFields(task, { title: "Milk", description: "2 l", isParent: false })).toEqual({});
    expect(changedFields({ ...task, quantity: null }, { title: "Milk", description: "2 l", isParent: false, quantity: "2 l" })).toEqual({
      quantity: "2 l",
    });
    expect(changedFields(task, { title: "Milk", description: "2 l", isParent: false, quantity: null })).toEqual({});
  });
});

describe("remapChange: later changes follow the server's id once an add is saved", () => {
  it("renames the temporary id in every kind of change, and only that id", () => {
    expect(remapChange({ kind: "tick", id: -5, completed: true }, -5, 42)).toEqual({ kind: "tick", id: 42, completed: true });
    expect(remapChange({ kind: "edit", id: 7, fields: { title: "x" } }, -5, 42)).toEqual({ kind: "edit", id: 7, fields: { title: "x" } });
    const add = remapChange({ kind: "add", id: -6, parentId: -5, fields: { title: "Sub", description: "", isParent: false } }, -5, 42);
    expect(add).toMatchObject({ id: -6, parentId: 42 });
    const reorder = remapChange(
      {
        kind: "reorder",
        items: [
          { id: -5, position: 1 },
          { id: 3, position: 2 },
        ],
      },
      -5,
      42,
    );
    expect(idsOf(reorder)).toEqual([42, 3]);
    expect(idsOf({ kind: "delete", id: -5 })).toEqual([-5]);
  });
});

describe("verdictFor: what an answer means for a queued change", () => {
  const edit = { kind: "edit", id: 3, fields: { title: "Oat milk" } } as const;
  it("keeps the change for another try when no answer came, or the server struggled, or the key is in use", () => {
    for (const failure of [{}, { status: 500 }, { status: 503 }, { status: 429 }, { status: 409 }]) {
      expect(verdictFor(edit, failure, "Milk")).toEqual({ kind: "retry" });
    }
  });

  it("drops a change to an item deleted meanwhile, naming it; a delete of something gone is done", () => {
    expect(verdictFor(edit, { status: 404, message: "Task not found" }, "Milk")).toEqual({
      kind: "refused",
      reason: '"Milk" was deleted by someone else, so your change to it was not saved.',
    });
    expect(verdictFor({ kind: "delete", id: 3 }, { status: 404 }, "Milk")).toEqual({ kind: "done" });
    expect(verdictFor(edit, null, "Milk")).toEqual({ kind: "done" });
  });

  it("stops sending a change the server saved but whose answer it lost, and says so", () => {
    const failure = {
      status: 409,
      message: "This change was saved, but its answer was lost. Reload to see it.",
      code: "IDEMPOTENCY_KEY_ANSWER_LOST",
    };
    expect(verdictFor(edit, failure, "Milk")).toEqual({
      kind: "refused",
      reason: '"Milk" was saved, but the server lost its answer; the list has been read again.',
    });
    // The control: the same status without that code is a key still in progress, tried again.
    expect(verdictFor(edit, { status: 409, code: "IDEMPOTENCY_KEY_IN_PROGRESS" }, "Milk")).toEqual({ kind: "retry" });
  });

  it("drops a change the server refused for good, with the server's message and the item", () => {
    const add = { kind: "add", id: -1, parentId: 0, fields: { title: "Eggs", description: "", isParent: false } } as const;
    expect(verdictFor(add, { status: 403, message: "This list has reached its limit of 100 items" }, "Eggs")).toEqual({
      kind: "refused",
      reason: '"Eggs" was not saved: This list has reached its limit of 100 items',
    });
  });
});

describe("a list's changes in the outbox (docs/decisions/067-offline-routines-and-copies.md)", () => {
  const routine = { kind: "routine", routine: { rrule: "FREQ=DAILY", tz: "Europe/Berlin" }, words: "Every day at 00:00" } as const;
  const copy = { kind: "newList", id: -4, name: "Trip", from: 7 } as const;

  it("may wait, unlike the all-or-nothing writes, and name no item", () => {
    for (const change of [routine, copy, { kind: "run" } as const]) {
      expect(mayWait(change)).toBe(true);
      expect(idsOf(change)).toEqual([]);
    }
    const allOrNothing: Change[] = [{ kind: "reset" }, { kind: "clear", ids: [1] }, { kind: "restore", ids: [1] }];
    for (const change of allOrNothing) expect(mayWait(change)).toBe(false);
  });

  it("show a reset now as every box unticked, and leave the items alone for a routine or a new list", () => {
    const items = [aTask({ id: 1, completed: true }), aTask({ id: 2, completed: false })];
    expect(applyChange(items, { kind: "run" }, 1).map((task) => task.completed)).toEqual([false, false]);
    // A tick made after the reset is laid over it.
    expect(overlay(items, [{ kind: "run" }, { kind: "tick", id: 2, completed: true }], 1).map((task) => task.completed)).toEqual([
      false,
      true,
    ]);
    expect(applyChange(items, routine, 1)).toEqual(items);
    expect(applyChange(items, copy, 1)).toEqual(items);
  });

  it("are named by what they were when the server refuses them", () => {
    const limit = { status: 403, message: "You can have at most 25 lists" };
    expect(verdictFor(copy, limit, "Trip")).toEqual({ kind: "refused", reason: '"Trip" was not made: You can have at most 25 lists' });
    expect(verdictFor(routine, { status: 404, message: "List not found" }, "Chores")).toEqual({
      kind: "refused",
      reason: 'The repeats of "Chores" were not saved: List not found',
    });
    expect(verdictFor({ kind: "run" }, { status: 403, message: "You can only tick items on this list" }, "Chores")).toEqual({
      kind: "refused",
      reason: 'The reset of "Chores" was not saved: You can only tick items on this list',
    });
    expect(verdictFor(copy, { status: 503 }, "Trip")).toEqual({ kind: "retry" });
  });
});

describe("bannerText: what the offline banner says", () => {
  const view = { offline: false, unreachable: false, saving: false, waiting: 0, ids: new Set<number>() };
  it("counts what waits while offline, in the singular too, says it is saving once back, and goes when all is saved", () => {
    expect(bannerText({ ...view, offline: true })).toBe("Offline — changes will be saved when you are back online");
    expect(bannerText({ ...view, offline: true, waiting: 1 })).toBe("Offline — 1 change will be saved");
    expect(bannerText({ ...view, offline: true, waiting: 3 })).toBe("Offline — 3 changes will be saved");
    // Online but the last try found no network (a lost answer): still offline as far as the changes go.
    expect(bannerText({ ...view, unreachable: true, waiting: 2 })).toBe("Offline — 2 changes will be saved");
    expect(bannerText({ ...view, saving: true, waiting: 3 })).toBe("Saving 3 changes…");
    expect(bannerText(view)).toBeNull();
    // A read-only visitor has nothing to save.
    expect(bannerText({ ...view, offline: true }, false)).toBe("Offline");
  });
});
