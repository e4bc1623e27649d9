import { afterAll, beforeAll, expect, it } from "vitest";
import { createLogger } from "../../src/logger";
import { createNotifier } from "../../src/notify/notifier";
import type { InboxResponse } from "../../src/shared/notifications";
import type { Task } from "../../src/shared/types";
import { createStore } from "../../src/store";
import type { Db } from "../../src/store/db";
import { openPostgres } from "../../src/store/postgres";
import { openSqlite } from "../../src/store/sqlite";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { type PushWorld, startPushWorld } from "../helpers/push-world";
import { addTask } from "../helpers/tasks";
import { type Client, registerUser, type TestApp } from "../helpers/test-app";

const HOUR_MS = 3600_000;

/** Item reminders (docs/decisions/055-due-dates.md): told once, at their time, to everyone who reads the list, by one instance. */
describeEachDialect("item reminders", (dialect) => {
  let t: TestApp;
  let world: PushWorld;
  let close: () => Promise<void>;
  let second: Db;
  beforeAll(async () => {
    ({ t, world, close } = await startPushWorld(dialect));
    second = dialect === "postgres" ? openPostgres(t.databaseUrl) : openSqlite(t.databaseUrl);
  });
  afterAll(async () => {
    await second.close();
    await close();
  });

  const logger = createLogger("silent");
  const workerOf = (store = t.store) => createNotifier({ store, bus: t.bus, config: t.config, logger });
  /** The reminders in a client's inbox: the adds' batched notifications of the same list are told there too. */
  const reminders = async (client: Client) =>
    (await client.get<InboxResponse>("/api/notifications")).body.notifications
      .filter((entry) => entry.body.startsWith("Reminder:"))
      .map((entry) => [entry.title, entry.body, entry.url]);
  const at = (ms: number) => new Date(ms).toISOString();

  async function household(name: string) {
    const ann = await registerUser(t, `${dialect}_${name}_ann`);
    const bob = await registerUser(t, `${dialect}_${name}_bob`);
    const cid = await registerUser(t, `${dialect}_${name}_cid`);
    const list = await createList(ann, "House");
    for (const [client, accessLevel] of [
      [bob, "write"],
      [cid, "read"],
    ] as const) {
      const shared = await ann.post("/api/share-by-username", { listId: list.id, username: client.user.username, accessLevel });
      expect(shared.status).toBe(201);
    }
    return { ann, bob, cid, list };
  }

  it("tells every participant once, at its time and not before, whoever set it included", async () => {
    const { ann, bob, cid, list } = await household("once");
    const worker = workerOf();
    await world.subscribe(ann, `${dialect}-ann-phone`);
    await world.subscribe(bob, `${dialect}-bob-phone`);
    const due = t.clock.now() + 2 * HOUR_MS;
    const bins = await addTask(bob, { listId: list.id, title: "Bins", remindAt: at(due) });
    expect(bins.remindAt).toBe(at(due));

    t.clock.advance(due - 60_000 - t.clock.now());
    await worker.tick();
    for (const client of [ann, bob, cid]) expect(await reminders(client)).toEqual([]);

    const from = t.published.length;
    t.clock.advance(60_000);
    await worker.tick();
    await worker.tick();
    // Each told account's open pages hear of it at once, with their unread count.
    const heard = t.published
      .slice(from)
      .filter((entry) => entry.message.type === "notification")
      .map((entry) => [entry.topic, (entry.message.payload as { notification: { body: string } }).notification.body]);
    expect(heard.filter(([, body]) => body === "Reminder: Bins").sort()).toEqual(
      [`user:${ann.user.id}`, `user:${bob.user.id}`, `user:${cid.user.id}`].sort().map((topic) => [topic, "Reminder: Bins"]),
    );
    const told = [list.name, "Reminder: Bins", `/list/${list.id}`];
    for (const client of [ann, bob, cid]) expect(await reminders(client)).toEqual([told]);
    // And each subscribed browser gets the push, the setter's too.
    const pushed = async (name: string) => (await world.bodies(`${dialect}-${name}`)).filter((body) => body === "Reminder: Bins");
    expect(await pushed("ann-phone")).toEqual(["Reminder: Bins"]);
    expect(await pushed("bob-phone")).toEqual(["Reminder: Bins"]);
    const row = await t.store.db.get<{ remind_pending_at: unknown; remind_at: string }>(
      "SELECT remind_pending_at, remind_at FROM tasks WHERE id = ?",
      [bins.id],
    );
    expect(row).toEqual({ remind_pending_at: null, remind_at: at(due) });
  });

  it("sends again when the time is changed, and drops a ticked item's or a time already past", async () => {
    const { ann, bob, list } = await household("again");
    const worker = workerOf();
    const first = t.clock.now() + HOUR_MS;
    const bins = await addTask(ann, { listId: list.id, title: "Bins", remindAt: at(first) });
    const milk = await addTask(ann, { listId: list.id, title: "Milk", remindAt: at(first) });
    const gone = at(t.clock.now() - HOUR_MS);
    expect((await addTask(ann, { listId: list.id, title: "Past", remindAt: gone })).remindAt).toBe(gone);
    expect((await ann.post<Task>(`/api/tasks/${milk.id}/toggle`)).body.completed).toBe(true);
    t.clock.advance(first - t.clock.now());
    await worker.tick();
    expect(await reminders(bob)).toEqual([[list.name, "Reminder: Bins", `/list/${list.id}`]]);

    const later = t.clock.now() + HOUR_MS;
    expect((await ann.patch<Task>(`/api/tasks/${bins.id}`, { remindAt: at(later) })).body.remindAt).toBe(at(later));
    t.clock.advance(later - t.clock.now());
    await worker.tick();
    expect((await reminders(bob)).length).toBe(2);
  });

  it("is sent once by two instances on one database, however their passes meet", async () => {
    const { ann, bob, cid, list } = await household("pair");
    const workers = [workerOf(), workerOf(createStore(second, t.clock))];
    const due = t.clock.now() + HOUR_MS;
    const items: Task[] = [];
    for (const title of ["Bins", "Plants", "Post", "Keys"]) items.push(await addTask(bob, { listId: list.id, title, remindAt: at(due) }));
    t.clock.advance(due - t.clock.now());
    await Promise.all(workers.map((worker) => worker.tick()));
    await Promise.all(workers.map((worker) => worker.tick()));
    const bodies = items.map((item) => `Reminder: ${item.title}`).sort();
    for (const client of [ann, bob, cid]) expect((await reminders(client)).map(([, body]) => body).sort()).toEqual(bodies);
    const queued = await t.store.db.get<{ n: number | string }>(
      "SELECT COUNT(*) AS n FROM notifications WHERE list_id = ? AND body LIKE 'Reminder:%'",
      [list.id],
    );
    expect(Number(queued!.n)).toBe(12);
  });
});
