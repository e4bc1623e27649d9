/**
 * The outbox's replay against the real app (SQLite, no port): order, temporary ids, lost answers
 * and the merge rules, with the queue kept in memory (the browser tests use IndexedDB) and the
 * list page's store laying what waits over the list, as the page does.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Entry } from "../../islands/offline/changes";
import { Outbox, type OutboxState } from "../../islands/offline/outbox";
import type { QueueStore } from "../../islands/offline/queue-store";
import { readList, sendChange } from "../../islands/offline/wire";
import { ListStore } from "../../islands/list/store";
import { canOf } from "../../src/domain/access";
import { subscribeToasts, type ToastItem } from "../../islands/toast";
import type { Task } from "../../src/shared/types";
import { addTask, makeList, rowsOf } from "../helpers/tasks";
import { type Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

function memoryQueue(): QueueStore & { entries: Entry[] } {
  const entries: Entry[] = [];
  return {
    entries,
    list: async (scope) => entries.filter((entry) => entry.scope === scope).sort((a, b) => a.seq - b.seq),
    put: async (entry) => {
      const at = entries.findIndex((kept) => kept.key === entry.key);
      if (at >= 0) entries[at] = entry;
      else entries.push(entry);
    },
    remove: async (key) => {
      const at = entries.findIndex((kept) => kept.key === key);
      if (at >= 0) entries.splice(at, 1);
    },
  };
}

let t: TestApp;
let owner: Client & { user: { id: number } };
/** Requests whose answer the "network" loses after the server has applied them. */
let loseAnswers = 0;
let offline = false;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  t = await makeTestApp("sqlite");
});
afterAll(() => t.close());
beforeEach(async () => {
  owner = await registerUser(t, `owner${Math.floor(Math.random() * 1e9)}`);
  loseAnswers = 0;
  offline = false;
  globalThis.fetch = (async (input: string, init: RequestInit) => {
    if (offline) throw new TypeError("Failed to fetch");
    const response = await t.app.request(input, { ...init, headers: { ...(init.headers as object), cookie: owner.cookie } });
    if (loseAnswers > 0) {
      loseAnswers--;
      throw new TypeError("Failed to fetch");
    }
    return response;
  }) as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

async function setUp(titles: string[]) {
  const list = await makeList(t, owner.user.id, "Shop");
  const tasks: Task[] = [];
  for (const title of titles) tasks.push(await addTask(owner, { listId: list.id, title }));
  const states: OutboxState[] = [];
  const serverIds: Array<[number, number]> = [];
  const queue = memoryQueue();
  const target = { listId: list.id, shareId: null };
  const initial = {
    name: "Shop",
    tasks,
    accessLevel: "admin" as const,
    isOwner: true,
    can: canOf({ level: "admin", isOwner: true }, { userId: 1 }),
    ownerName: null,
    sections: [],
  };
  // Every change waits in the outbox, as on a page without a network.
  const store: ListStore = new ListStore(list.id, initial, {
    send: (change, key) => sendChange(target, change, key),
    mustWait: () => true,
    queue: (key, change, title, unreachable) => outbox.queue({ key, target, change, title }, unreachable),
    read: () => readList(target),
    onServerId: (temporary, id) => serverIds.push([temporary, id]),
  });
  const outbox: Outbox = new Outbox(`user:${owner.user.id}`, queue, {
    listId: list.id,
    onEntries: (entries) => store.syncQueue(entries),
    onSettled: (entry, answer) => store.settle(entry.key, answer),
    refetch: () => {},
    onState: (state) => states.push(state),
  });
  await outbox.load();
  let key = 0;
  const queueChange = (change: Entry["change"], title = "item") => store.apply(change, title, `key-${list.id}-${++key}`);
  return { list, tasks, outbox, queue, states, serverIds, queueChange, screen: () => store.getView().tasks };
}

function toasts() {
  const seen: ToastItem[] = [];
  const stop = subscribeToasts((item) => item && seen.push(item));
  return { seen, stop };
}

describe("Outbox replay", () => {
  it("replays in order, gives later changes the server's id of an item added offline, and empties the queue", async () => {
    const { list, tasks, outbox, queue, queueChange, screen, states, serverIds } = await setUp(["Milk", "Bread"]);
    await queueChange({ kind: "tick", id: tasks[0]!.id, completed: true });
    await queueChange({ kind: "add", id: -7, parentId: 0, fields: { title: "Eggs", description: "", isParent: false } });
    await queueChange({ kind: "edit", id: -7, fields: { title: "Brown eggs" } });
    await queueChange({ kind: "tick", id: -7, completed: true });
    await queueChange({
      kind: "reorder",
      items: [
        { id: -7, position: 1 },
        { id: tasks[0]!.id, position: 2 },
        { id: tasks[1]!.id, position: 3 },
      ],
    });
    // Shown at once, in the order queued: the new item first.
    expect(screen().map((task) => task.title)).toEqual(["Brown eggs", "Milk", "Bread"]);
    expect(states.at(-1)).toMatchObject({ waiting: 5 });
    // Rows with a change of their own are marked as waiting; a queued order marks none.
    expect([...states.at(-1)!.ids].sort()).toEqual([-7, tasks[0]!.id].sort());

    await outbox.flush();
    expect(queue.entries).toEqual([]);
    const rows = await rowsOf(t, list.id);
    expect(rows.map((row) => [row.title, row.completed])).toEqual([
      ["Brown eggs", true],
      ["Milk", true],
      ["Bread", false],
    ]);
    // The screen shows the server's item in place of the temporary one.
    const eggs = screen().find((task) => task.title === "Brown eggs")!;
    expect(eggs.id).toBe(rows[0]!.id);
    // …and the screen hears which id the temporary one became, so a view addressed by it can follow.
    expect(serverIds).toEqual([[-7, rows[0]!.id]]);
    expect(states.at(-1)).toMatchObject({ waiting: 0, saving: false, unreachable: false });
  });

  it("applies a change whose answer was lost once, and stops at no network keeping the rest in order", async () => {
    const { list, outbox, queue, queueChange } = await setUp([]);
    await queueChange({ kind: "add", id: -1, parentId: 0, fields: { title: "Tea", description: "", isParent: false } });
    await queueChange({ kind: "add", id: -2, parentId: 0, fields: { title: "Jam", description: "", isParent: false } });
    loseAnswers = 1;
    await outbox.flush();
    // Applied, but unanswered: still queued, and nothing after it was sent.
    expect((await rowsOf(t, list.id)).map((row) => row.title)).toEqual(["Tea"]);
    expect(queue.entries.map((entry) => entry.change.kind)).toEqual(["add", "add"]);
    await outbox.flush();
    expect((await rowsOf(t, list.id)).map((row) => row.title)).toEqual(["Tea", "Jam"]);
    expect(queue.entries).toEqual([]);
  });

  it("drops a change to an item someone else deleted, says so by name, and saves the rest", async () => {
    const { list, tasks, outbox, queueChange } = await setUp(["Milk", "Bread"]);
    const { seen, stop } = toasts();
    await queueChange({ kind: "edit", id: tasks[0]!.id, fields: { title: "Oat milk" } }, "Milk");
    await queueChange({ kind: "tick", id: tasks[1]!.id, completed: true }, "Bread");
    expect((await owner.delete(`/api/tasks/${tasks[0]!.id}`)).status).toBe(200);
    await outbox.flush();
    stop();
    expect((await rowsOf(t, list.id)).map((row) => [row.title, row.completed])).toEqual([["Bread", true]]);
    expect(seen.at(-1)).toMatchObject({
      title: "A change was not saved",
      description: '"Milk" was deleted by someone else, so your change to it was not saved.',
    });
  });

  it("at the item limit keeps the rest, names the refused item with the server's message, and drops its later changes", async () => {
    const { list, outbox, queue, queueChange, screen } = await setUp(Array.from({ length: 99 }, (_, i) => `Item ${i + 1}`));
    const { seen, stop } = toasts();
    await queueChange({ kind: "add", id: -1, parentId: 0, fields: { title: "Cups", description: "", isParent: false } }, "Cups");
    await queueChange({ kind: "add", id: -2, parentId: 0, fields: { title: "Plates", description: "", isParent: false } }, "Plates");
    await queueChange({ kind: "tick", id: -2, completed: true }, "Plates");
    await queueChange({ kind: "tick", id: -1, completed: true }, "Cups");
    await outbox.flush();
    stop();
    const rows = await rowsOf(t, list.id);
    expect(rows).toHaveLength(100);
    expect(rows.at(-1)).toMatchObject({ title: "Cups", completed: true });
    expect(queue.entries).toEqual([]);
    expect(screen().some((task) => task.title === "Plates")).toBe(false);
    expect(seen.at(-1)).toMatchObject({
      title: "A change was not saved",
      description: '"Plates" was not saved: This list has reached its limit of 100 items',
    });
  });

  it("replays a routine, a reset between two ticks and a copy in the order made; a copy whose answer was lost is made once", async () => {
    const { list, tasks, outbox, queue, queueChange, screen, states } = await setUp(["Milk", "Bread"]);
    const [milk, bread] = tasks as [Task, Task];
    await queueChange({ kind: "tick", id: milk.id, completed: true });
    const rule = { rrule: "FREQ=DAILY;BYHOUR=18;BYMINUTE=0", tz: "Europe/Berlin" };
    await queueChange({ kind: "routine", routine: rule, words: "Every day at 18:00" }, "Shop");
    await queueChange({ kind: "run" }, "Shop");
    // The reset shows at once: what is ticked is unticked.
    expect(screen().map((task) => [task.title, task.completed])).toEqual([
      ["Milk", false],
      ["Bread", false],
    ]);
    await queueChange({ kind: "tick", id: bread.id, completed: true });
    // Every change counts; only an item's own marks its row.
    expect(states.at(-1)).toMatchObject({ waiting: 4, ids: new Set([milk.id, bread.id]) });
    await outbox.flush();
    expect(queue.entries).toEqual([]);
    expect((await rowsOf(t, list.id)).map((row) => [row.title, row.completed])).toEqual([
      ["Milk", false],
      ["Bread", true],
    ]);
    const runs = await t.store.routines.listSince(list.id, 0);
    expect(runs.map((run) => [run.done, run.total])).toEqual([[1, 2]]);
    expect((await t.store.lists.findById(list.id))?.routine).toMatchObject(rule);

    const copy = { kind: "newList", id: -5, name: "Shop (copy)", from: list.id } as const;
    await outbox.queue({ key: `copy-${list.id}`, target: { listId: copy.id, shareId: null }, change: copy, title: copy.name }, false);
    loseAnswers = 1;
    await outbox.flush();
    // Made, but unanswered: it waits with its key, and the next try gets the kept answer.
    expect(queue.entries.map((entry) => entry.change.kind)).toEqual(["newList"]);
    await outbox.flush();
    expect(queue.entries).toEqual([]);
    const copies = (await t.store.lists.listOwnedBy(owner.user.id)).filter((made) => made.name === "Shop (copy)");
    expect(copies).toHaveLength(1);
    expect((await rowsOf(t, copies[0]!.id)).map((row) => [row.title, row.completed])).toEqual([
      ["Milk", false],
      ["Bread", false],
    ]);
  });

  it("takes back a queued delete, and waits while offline", async () => {
    const { list, tasks, outbox, queue, queueChange, states } = await setUp(["Milk"]);
    offline = true;
    await queueChange({ kind: "delete", id: tasks[0]!.id }, "Milk");
    await outbox.flush();
    expect(states.at(-1)).toMatchObject({ waiting: 1, unreachable: true });
    expect(await outbox.cancel(queue.entries[0]!.key)).toBe(true);
    offline = false;
    await outbox.flush();
    expect((await rowsOf(t, list.id)).map((row) => row.title)).toEqual(["Milk"]);
  });
});
