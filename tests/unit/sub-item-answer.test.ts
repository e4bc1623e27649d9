/**
 * The list page's store (islands/list/store.ts) against the real app (SQLite, no port): a parent's
 * tick answered by the server shows its sub-items ticked from the answer alone, before any event
 * of theirs arrives (docs/decisions/043-sub-item-ticks.md).
 */
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { readList, sendChange } from "../../islands/offline/wire";
import { ListStore } from "../../islands/list/store";
import { canOf } from "../../src/domain/access";
import { addTask, makeList } from "../helpers/tasks";
import { makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

let t: TestApp;
const realFetch = globalThis.fetch;
beforeAll(async () => {
  t = await makeTestApp("sqlite");
});
afterAll(() => t.close());
afterEach(() => {
  globalThis.fetch = realFetch;
});

it("shows a parent and the sub-items its tick ticked from the tick's answer, in one change of the view", async () => {
  const owner = await registerUser(t, "ticker");
  globalThis.fetch = ((input: string, init: RequestInit) =>
    t.app.request(input, { ...init, headers: { ...(init.headers as object), cookie: owner.cookie } })) as typeof fetch;
  const list = await makeList(t, owner.user.id, "Party");
  const parent = await addTask(owner, { listId: list.id, title: "Food", isParent: true });
  const tasks = [
    parent,
    await addTask(owner, { listId: list.id, title: "Cake", parentId: parent.id }),
    await addTask(owner, { listId: list.id, title: "Crisps", parentId: parent.id }),
  ];
  const target = { listId: list.id, shareId: null };
  const initial = { name: "Party", tasks, accessLevel: "admin" as const, isOwner: true, ownerName: null, sections: [] };
  const store = new ListStore(
    list.id,
    { ...initial, can: canOf({ level: "admin", isOwner: true }, { userId: 1 }) },
    {
      send: (change, key) => sendChange(target, change, key),
      mustWait: () => false,
      queue: async () => {},
      read: () => readList(target),
      onServerId: () => {},
    },
  );
  const views: string[][] = [];
  store.subscribe(() => views.push(store.getView().tasks.map((task) => `${task.completed ? "[x]" : "[ ]"} ${task.title}`)));

  await store.apply({ kind: "tick", id: parent.id, completed: true }, "Food");
  // No live event was handed to the store: the answer alone carries the sub-items.
  expect(views.at(-1)).toEqual(["[x] Food", "[x] Cake", "[x] Crisps"]);
  expect(views.filter((view) => view.join() === "[x] Food,[x] Cake,[x] Crisps")).toHaveLength(1);
  expect(store.getView().tasks.some((task) => "alsoChanged" in task)).toBe(false);
});
