import { afterAll, beforeAll, expect, it } from "vitest";
import { GIVE_UP_AFTER_MS } from "../../src/domain/push-delivery";
import { createLogger } from "../../src/logger";
import { createNotifier } from "../../src/notify/notifier";
import { createStore } from "../../src/store";
import type { Db } from "../../src/store/db";
import { openPostgres } from "../../src/store/postgres";
import { openSqlite } from "../../src/store/sqlite";
import { describeEachDialect } from "../helpers/databases";
import type { PushReceiver } from "../helpers/push-receiver";
import { type PushWorld, startPushWorld } from "../helpers/push-world";
import { addTask } from "../helpers/tasks";
import type { TestApp } from "../helpers/test-app";

/**
 * Notifications (docs/decisions/050-notifications.md), the durable delivery queue: 2xx is done, 404/410 drop the subscription, 429/5xx
 * are tried again after a backoff that honours Retry-After, for up to a day; with two instances on
 * one database every push is sent once.
 */
describeEachDialect("push delivery queue", (dialect) => {
  let t: TestApp;
  let receiver: PushReceiver;
  let world: PushWorld;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, receiver, world, close } = await startPushWorld(dialect));
  });
  afterAll(() => close());

  async function pair(tag: string) {
    const { people, list } = await world.groceries(tag, ["Alex"], ["Alex"]);
    return { sam: people.Sam, alex: people.Alex, list, endpoint: receiver.endpoint(`alex-${tag}`) };
  }
  const queued = (endpoint: string) =>
    t.store.db.all<{ attempts: number | string; due_at: number | string }>(
      "SELECT q.attempts, q.due_at FROM delivery_queue q JOIN push_subscriptions s ON s.id = q.subscription_id WHERE s.endpoint = ?",
      [endpoint],
    );
  /** The test clock is real time moved on: a wait read back is whole seconds give or take a few ms. */
  const seconds = (ms: number) => Math.round(ms / 1000);
  const subscribed = async (endpoint: string) =>
    (await t.store.db.all("SELECT id FROM push_subscriptions WHERE endpoint = ?", [endpoint])).length === 1;

  it("a 201 is done: the push leaves the queue", async () => {
    const { sam, list, endpoint } = await pair("ok");
    await addTask(sam, { listId: list.id, title: "Milk" });
    await world.afterWindow();
    expect((await world.bodies("alex-ok")).at(-1)).toBe("Sam_ok added Milk to Groceries");
    expect(receiver.to("alex-ok").at(-1)?.status).toBe(201);
    expect(await queued(endpoint)).toEqual([]);
  });

  it("a 410 drops the browser's subscription, and nothing is sent to it again", async () => {
    const { sam, list, endpoint } = await pair("gone");
    receiver.answer("alex-gone", 410);
    await addTask(sam, { listId: list.id, title: "Milk" });
    await world.afterWindow();
    expect(receiver.to("alex-gone").at(-1)?.status).toBe(410);
    expect(await subscribed(endpoint)).toBe(false);
    const sent = receiver.to("alex-gone").length;
    await addTask(sam, { listId: list.id, title: "Eggs" });
    await world.afterWindow();
    expect(receiver.to("alex-gone")).toHaveLength(sent);
  });

  it("a 503 with Retry-After: 120 is tried again after 120 s, not before, and then delivered", async () => {
    const { sam, list, endpoint } = await pair("busy");
    receiver.answer("alex-busy", 503, "120");
    await addTask(sam, { listId: list.id, title: "Milk" });
    await world.afterWindow();
    const tries = () =>
      receiver
        .to("alex-busy")
        .slice(1)
        .map((push) => push.status);
    expect(tries()).toEqual([503]);
    const [row] = await queued(endpoint);
    expect([Number(row?.attempts), seconds(Number(row?.due_at) - t.clock.now())]).toEqual([1, 120]);
    await world.pass(119_000);
    expect(tries()).toEqual([503]);
    receiver.answer("alex-busy", 201);
    await world.pass(1000);
    expect(tries()).toEqual([503, 201]);
    expect(await queued(endpoint)).toEqual([]);
    expect(await subscribed(endpoint)).toBe(true);
  });

  it("a push service that keeps failing is tried with a growing backoff and given up after 24 hours", async () => {
    const { sam, list, endpoint } = await pair("down");
    receiver.answer("alex-down", 500);
    await addTask(sam, { listId: list.id, title: "Milk" });
    await world.afterWindow();
    const gaps: number[] = [];
    for (let row = (await queued(endpoint))[0]; row && gaps.length < 60; row = (await queued(endpoint))[0]) {
      const wait = Number(row.due_at) - t.clock.now();
      gaps.push(seconds(wait));
      await world.pass(wait);
    }
    expect(gaps.slice(0, 4)).toEqual([25, 60, 120, 240]);
    expect(Math.max(...gaps)).toBe(3600);
    expect(await queued(endpoint)).toEqual([]);
    const tried = receiver.to("alex-down").length - 1;
    expect(tried).toBeGreaterThan(20);
    expect(tried).toBeLessThan(40);
    expect(gaps.reduce((sum, gap) => sum + gap, 0) * 1000).toBeGreaterThanOrEqual(GIVE_UP_AFTER_MS - 3_600_000);
    expect(await subscribed(endpoint)).toBe(true);
  });

  it("two instances on one database send each push once", async () => {
    const { sam, list } = await pair("two");
    const second: Db = dialect === "postgres" ? openPostgres(t.databaseUrl) : openSqlite(t.databaseUrl);
    try {
      const other = createNotifier({ store: createStore(second, t.clock), bus: t.bus, config: t.config, logger: createLogger("silent") });
      const both = () => Promise.all([world.notifier.tick(), other.tick(), world.notifier.tick(), other.tick()]);
      for (let i = 0; i < 5; i++) await Promise.all([addTask(sam, { listId: list.id, title: `A${i}` }), both()]);
      t.clock.advance(2000);
      await both();
      t.clock.advance(t.config.notifyBatchMs);
      await both();
      await both();
      expect((await world.bodies("alex-two")).filter((body) => String(body).includes("added"))).toEqual([
        "Sam_two added A0, A1 and 3 more to Groceries",
      ]);
    } finally {
      await second.close();
    }
  });
});
