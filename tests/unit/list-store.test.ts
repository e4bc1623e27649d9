/**
 * The list page's one store (islands/list/store.ts) against the real app (SQLite, no port): a
 * change shows at once, survives its own echo, settles on the server's answer or is rolled back;
 * other people's changes are applied from the events the server published, without a read.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiRequestError } from "../../islands/api";
import type { Answer, Change, Entry, QueuedChange } from "../../islands/offline/changes";
import { readList, sendChange } from "../../islands/offline/wire";
import { ListStore } from "../../islands/list/store";
import { canOf } from "../../src/domain/access";
import type { LiveMessage } from "../../src/shared/live-messages";
import type { Task } from "../../src/shared/types";
import { addTask, listEventsSince, makeList, rowsOf } from "../helpers/tasks";
import { type Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

let t: TestApp;
let owner: Client & { user: { id: number } };
const realFetch = globalThis.fetch;

beforeAll(async () => {
  t = await makeTestApp("sqlite");
});
afterAll(() => t.close());
beforeEach(async () => {
  owner = await registerUser(t, `owner${Math.floor(Math.random() * 1e9)}`);
  globalThis.fetch = ((input: string, init: RequestInit) =>
    t.app.request(input, { ...init, headers: { ...(init.headers as object), cookie: owner.cookie } })) as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

const shown = (store: ListStore) => store.getView().tasks.map((task) => `${task.completed ? "[x]" : "[ ]"} ${task.title}`);
const onServer = async (listId: number) => (await rowsOf(t, listId)).map((task) => `${task.completed ? "[x]" : "[ ]"} ${task.title}`);

/**
 * A store on a list of `titles`, as the page builds it. `beforeAnswer` runs once the server has
 * applied a change and before its answer reaches the store: the place of an echo that overtakes it.
 */
async function setUp(titles: string[]) {
  const list = await makeList(t, owner.user.id, "Shop");
  const tasks: Task[] = [];
  for (const title of titles) tasks.push(await addTask(owner, { listId: list.id, title }));
  const target = { listId: list.id, shareId: null };
  let reads = 0;
  let heardUpTo = t.published.length;
  const hooks: {
    beforeAnswer: (() => Promise<void>) | null;
    afterRead: (() => Promise<void>) | null;
    queue: ((key: string, change: QueuedChange) => Promise<void>) | null;
  } = { beforeAnswer: null, afterRead: null, queue: null };
  const initial = { name: "Shop", tasks, accessLevel: "admin" as const, isOwner: true, ownerName: null, sections: [] };
  const store: ListStore = new ListStore(
    list.id,
    { ...initial, can: canOf({ level: "admin", isOwner: true }, { userId: 1 }) },
    {
      send: async (change: Change, key: string): Promise<Answer> => {
        const answer = await sendChange(target, change, key);
        await hooks.beforeAnswer?.();
        return answer;
      },
      mustWait: () => false,
      queue: (key, change) => (hooks.queue ? hooks.queue(key, change) : Promise.reject(new Error("nothing waits here"))),
      read: async () => {
        reads++;
        const answer = await readList(target);
        await hooks.afterRead?.();
        return answer;
      },
      onServerId: () => {},
    },
  );
  /** Hands the store every list event the server published since the last call, as the socket would. */
  const deliver = () => {
    const events = listEventsSince(t, heardUpTo);
    heardUpTo = t.published.length;
    for (const { message } of events) store.receive(message as unknown as LiveMessage);
    return events.length;
  };
  /** Every view the page would have rendered, from now on. */
  const views: string[][] = [];
  store.subscribe(() => views.push(shown(store)));
  return { list, tasks, store, deliver, hooks, views, reads: () => reads };
}

describe("The list page's store", () => {
  it("applies another person's adds, ticks, untick, rename, delete, reorder and reset from the events, reading nothing", async () => {
    const { list, tasks, store, deliver, reads } = await setUp(["Milk", "Bread", "Eggs"]);
    const [milk, bread, eggs] = tasks as [Task, Task, Task];
    const changes: Array<() => Promise<unknown>> = [
      () => owner.post("/api/tasks", { listId: list.id, title: "Tea" }),
      () => owner.post(`/api/tasks/${milk.id}/toggle`),
      () => owner.patch(`/api/tasks/${bread.id}`, { completed: true }),
      () => owner.post(`/api/tasks/${milk.id}/toggle`),
      () => owner.patch(`/api/tasks/${eggs.id}`, { title: "Brown eggs" }),
      () => owner.delete(`/api/tasks/${bread.id}`),
      () =>
        owner.post(`/api/tasks/reorder?listId=${list.id}`, [
          { id: eggs.id, position: 1 },
          { id: milk.id, position: 2 },
        ]),
      () => owner.post(`/api/tasks/${eggs.id}/toggle`),
      () => owner.post("/api/tasks/reset-completions", { listId: list.id }),
    ];
    for (const change of changes) {
      await change();
      expect(deliver()).toBeGreaterThan(0);
      expect(shown(store)).toEqual(await onServer(list.id));
    }
    expect(shown(store)).toEqual(["[ ] Brown eggs", "[ ] Milk", "[ ] Tea"]);
    expect(reads()).toBe(0);
    // Positive control: a gap is followed by a read, which the counter sees.
    await store.read();
    expect(reads()).toBe(1);
    expect(shown(store)).toEqual(await onServer(list.id));
  });

  it("shows a tick at once, keeps it through its own echo before the answer, and never flickers", async () => {
    const { list, tasks, store, deliver, hooks, views } = await setUp(["Milk"]);
    hooks.beforeAnswer = async () => {
      expect(deliver()).toBe(1);
    };
    const answered = store.apply({ kind: "tick", id: tasks[0]!.id, completed: true }, "Milk");
    expect(shown(store)).toEqual(["[x] Milk"]);
    await answered;
    expect(views.every((view) => view[0] === "[x] Milk")).toBe(true);
    expect(await onServer(list.id)).toEqual(["[x] Milk"]);
  });

  it("shows an add once although its echo names the server's id before the answer does", async () => {
    const { list, store, deliver, hooks, views } = await setUp(["Milk"]);
    hooks.beforeAnswer = async () => {
      expect(deliver()).toBe(1);
    };
    await store.apply({ kind: "add", id: -3, parentId: 0, fields: { title: "Tea", description: "", isParent: false } }, "Tea");
    expect(views.length).toBeGreaterThan(1);
    expect(views.every((view) => view.filter((row) => row === "[ ] Tea").length === 1)).toBe(true);
    const [, tea] = await rowsOf(t, list.id);
    expect(store.getView().tasks.map((task) => task.id)).toContain(tea!.id);
    expect(store.getView().tasks.some((task) => task.id < 0)).toBe(false);
  });

  it("keeps a later change someone else made over the answer to an earlier one of its own", async () => {
    const { list, tasks, store, deliver, hooks } = await setUp(["Milk"]);
    hooks.beforeAnswer = async () => {
      hooks.beforeAnswer = null;
      await owner.patch(`/api/tasks/${tasks[0]!.id}`, { completed: false });
      expect(deliver()).toBe(2);
    };
    await store.apply({ kind: "tick", id: tasks[0]!.id, completed: true }, "Milk");
    expect(shown(store)).toEqual(["[ ] Milk"]);
    expect(await onServer(list.id)).toEqual(["[ ] Milk"]);
  });

  it("rolls a refused change back and rejects with the server's answer, keeping the changes after it", async () => {
    const { list, tasks, store } = await setUp(["Milk", "Bread"]);
    await owner.delete(`/api/tasks/${tasks[0]!.id}`);
    const refused = store.apply({ kind: "edit", id: tasks[0]!.id, fields: { title: "Oat milk" } }, "Milk");
    const saved = store.apply({ kind: "tick", id: tasks[1]!.id, completed: true }, "Bread");
    expect(shown(store)).toEqual(["[ ] Oat milk", "[x] Bread"]);
    await expect(refused).rejects.toMatchObject({ status: 404 });
    await expect(refused).rejects.toBeInstanceOf(ApiRequestError);
    await saved;
    expect(shown(store)).toEqual(["[ ] Milk", "[x] Bread"]);
    expect(await onServer(list.id)).toEqual(["[x] Bread"]);
  });

  it("lays the events heard while a read was on its way over its older answer", async () => {
    const { list, tasks, store, deliver, hooks, reads } = await setUp(["Milk", "Bread"]);
    hooks.afterRead = async () => {
      hooks.afterRead = null;
      await owner.patch(`/api/tasks/${tasks[1]!.id}`, { completed: true });
      expect(deliver()).toBe(1);
    };
    await store.read();
    expect(reads()).toBe(1);
    expect(shown(store)).toEqual(["[ ] Milk", "[x] Bread"]);
    expect(await onServer(list.id)).toEqual(["[ ] Milk", "[x] Bread"]);
  });

  it("keeps an add answered while a read was on its way, whose echo came before the read's older answer", async () => {
    const { list, store, deliver, hooks } = await setUp(["Milk"]);
    let added: Promise<unknown> | undefined;
    hooks.afterRead = async () => {
      hooks.afterRead = null;
      // The read was answered before the add reached the server; the add is answered, then its echo comes.
      added = store.apply({ kind: "add", id: -5, parentId: 0, fields: { title: "Bread", description: "", isParent: false } }, "Bread");
      await added;
      expect(deliver()).toBe(1);
      expect(shown(store)).toEqual(["[ ] Milk", "[ ] Bread"]);
    };
    await store.read();
    expect(added).toBeDefined();
    expect(shown(store)).toEqual(["[ ] Milk", "[ ] Bread"]);
    expect(await onServer(list.id)).toEqual(["[ ] Milk", "[ ] Bread"]);
  });

  it("keeps an add answered while a read was on its way, when no echo comes before the read's answer", async () => {
    const { list, store, hooks } = await setUp(["Milk"]);
    hooks.afterRead = async () => {
      hooks.afterRead = null;
      await store.apply({ kind: "add", id: -6, parentId: 0, fields: { title: "Eggs", description: "", isParent: false } }, "Eggs");
    };
    await store.read();
    expect(shown(store)).toEqual(["[ ] Milk", "[ ] Eggs"]);
    expect(await onServer(list.id)).toEqual(["[ ] Milk", "[ ] Eggs"]);
  });

  it("queues an add whose answer was lost under the id its echo told, and shows it once meanwhile", async () => {
    const { list, store, deliver, hooks, views } = await setUp(["Milk"]);
    const queued: Entry[] = [];
    hooks.beforeAnswer = async () => {
      expect(deliver()).toBe(1);
      throw new TypeError("Failed to fetch");
    };
    // As the outbox does: it keeps the change and tells the store its queue.
    hooks.queue = async (key, change) => {
      queued.push({ key, change, scope: "user:1", seq: 1, target: { listId: list.id, shareId: null }, title: "Tea" });
      store.syncQueue(queued);
    };
    const answer = await store.apply(
      { kind: "add", id: -4, parentId: 0, fields: { title: "Tea", description: "", isParent: false } },
      "Tea",
    );
    expect(answer).toBeNull();
    const [, tea] = await rowsOf(t, list.id);
    expect(queued.map((entry) => entry.change)).toMatchObject([{ kind: "add", id: tea!.id }]);
    // The outbox's copy may still name the temporary id: the store lays it over as the server's.
    store.syncQueue([{ ...queued[0]!, change: { ...queued[0]!.change, id: -4 } as QueuedChange }]);
    expect(views.every((view) => view.filter((row) => row === "[ ] Tea").length <= 1)).toBe(true);
    expect(shown(store)).toEqual(["[ ] Milk", "[ ] Tea"]);
  });
});
