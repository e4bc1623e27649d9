import { afterAll, beforeAll, expect, it } from "vitest";
import { SETTLE_MS } from "../../src/domain/notify-batches";
import type { TaskList } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { type PushReceiver, verifyVapid } from "../helpers/push-receiver";
import { type PushWorld, startPushWorld } from "../helpers/push-world";
import { addTask } from "../helpers/tasks";
import { Client, registerUser, type TestApp } from "../helpers/test-app";

/**
 * Notifications (docs/decisions/050-notifications.md), who is told and how: everyone who can read the list but the actor, one push per
 * actor and list per window, encrypted to each browser's keys and signed with the server's VAPID
 * key, through a push service played by a local receiver.
 */
describeEachDialect("push notifications of a list's changes", (dialect) => {
  let t: TestApp;
  let receiver: PushReceiver;
  let world: PushWorld;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, receiver, world, close } = await startPushWorld(dialect));
  });
  afterAll(() => close());

  /** Sam's list shared with Alex (write), both with a subscribed browser named after them. */
  async function family(tag: string) {
    const { people, list } = await world.groceries(tag, ["Alex"], ["Sam", "Alex"]);
    return { sam: people.Sam, alex: people.Alex, list };
  }
  const add = (client: Client, list: TaskList, ...titles: string[]) =>
    Promise.all(titles.map((title) => addTask(client, { listId: list.id, title })));

  it("Sam's four adds reach Alex as one encrypted, VAPID-signed push when the window closes, and never Sam", async () => {
    const { sam, list } = await family("a");
    for (const title of ["Milk", "Eggs", "Bread", "Butter"]) await addTask(sam, { listId: list.id, title });
    const before = receiver.to("alex-a").length;
    await world.pass(SETTLE_MS);
    await world.pass(t.config.notifyBatchMs - 1000);
    expect(receiver.to("alex-a").length).toBe(before); // the window is still open
    await world.pass(1000);

    const [push] = receiver.to("alex-a").slice(before);
    expect(receiver.to("alex-a").length).toBe(before + 1);
    expect((await world.messages("alex-a")).at(-1)).toEqual({
      title: "Groceries",
      body: `Sam_a added Milk, Eggs and 2 more to Groceries`,
      url: `/list/${list.id}`,
      tag: `list-${list.id}`,
      listId: list.id,
      actor: "Sam_a",
      count: 4,
    });
    expect(Object.fromEntries(["content-encoding", "ttl", "urgency", "topic"].map((name) => [name, push!.headers.get(name)]))).toEqual({
      "content-encoding": "aes128gcm",
      ttl: "86400",
      urgency: "normal",
      topic: `list-${list.id}`,
    });
    const vapid = await verifyVapid(push!.headers.get("authorization") ?? "");
    expect(vapid?.publicKey).toBe((await new Client(t).get<{ publicKey: string }>("/api/push/key")).body.publicKey);
    expect(vapid?.claims).toMatchObject({ aud: receiver.origin, sub: "mailto:admin@localhost" });
    expect(Number(vapid?.claims.exp) * 1000 - t.clock.now()).toBeLessThanOrEqual(24 * 3600 * 1000);
    // Sam made the change: nothing reached Sam's browser, while Alex's (above) got it.
    expect(receiver.to("sam-a")).toHaveLength(0);
  });

  it("names the actor as their username is written, a lower-case one too", async () => {
    const { people, list } = await world.groceries("lc", ["lee"], ["Sam"]);
    const [milk] = await add(people.Sam, list, "Milk");
    await world.afterWindow();
    await people.lee.patch(`/api/tasks/${milk!.id}`, { completed: true });
    await world.afterWindow();
    expect(await world.bodies("sam-lc")).toEqual(["lee_lc ticked Milk on Groceries"]);
    expect((await world.messages("sam-lc")).at(-1)).toMatchObject({ actor: "lee_lc" });
  });

  it("Alex's tick is told to Sam, not Alex; a burst of 20 adds is one push; a change after the window is another", async () => {
    const { sam, alex, list } = await family("b");
    const [milk] = await add(sam, list, "Milk");
    await world.afterWindow();
    await alex.patch(`/api/tasks/${milk!.id}`, { completed: true });
    await world.afterWindow();
    expect(await world.bodies("sam-b")).toEqual(["Alex_b ticked Milk on Groceries"]);
    expect(await world.bodies("alex-b")).toEqual(["Sam_b shared Groceries with you", "Sam_b added Milk to Groceries"]);

    for (let i = 1; i <= 20; i++) await addTask(sam, { listId: list.id, title: `Item ${i}` });
    await world.pass(SETTLE_MS);
    await world.pass(10_000);
    await add(sam, list, "Late");
    await world.pass(SETTLE_MS);
    await world.pass(t.config.notifyBatchMs); // the burst's window closed; "Late" fell into it
    await add(sam, list, "Later");
    await world.afterWindow();
    expect((await world.bodies("alex-b")).slice(2)).toEqual([
      "Sam_b added Item 1, Item 2 and 19 more to Groceries",
      "Sam_b added Later to Groceries",
    ]);
    expect((await world.messages("alex-b"))[2]).toMatchObject({ count: 21 });
  });

  it("a link guest's browser is told with the link's address, until the link is rotated", async () => {
    const { sam, list } = await family("c");
    const guest = new Client(t);
    await world.subscribe(guest, "guest-c", `?shareId=${list.shareId}`);
    await add(sam, list, "Milk");
    await world.afterWindow();
    expect(await world.messages("guest-c")).toEqual([
      expect.objectContaining({ body: "Sam_c added Milk to Groceries", url: `/shared/${list.shareId}` }),
    ]);

    await sam.post(`/api/task-lists/${list.id}/rotate-share-id`);
    await add(sam, list, "Eggs");
    await world.afterWindow();
    expect(await world.bodies("guest-c")).toEqual(["Sam_c added Milk to Groceries"]);
    expect((await world.bodies("alex-c")).at(-1)).toBe("Sam_c added Eggs to Groceries"); // the control: it was sent
  });

  it("a list shared with Dana tells Dana only; anyone who may not read the list is never told", async () => {
    const sam = await registerUser(t, "Sam_d");
    const dana = await registerUser(t, "Dana_d");
    const stranger = await registerUser(t, "Stranger_d");
    await world.subscribe(sam, "sam-d");
    await world.subscribe(dana, "dana-d");
    await world.subscribe(stranger, "stranger-d");
    const list = await createList(sam, "Holiday");
    await add(sam, list, "Tickets");
    await sam.post("/api/share-by-username", { listId: list.id, username: "Dana_d", accessLevel: "read" });
    await add(sam, list, "Sunscreen");
    await world.afterWindow();
    expect(await world.bodies("dana-d")).toEqual(["Sam_d shared Holiday with you", "Sam_d added Tickets and Sunscreen to Holiday"]);
    expect(receiver.to("sam-d")).toHaveLength(0);
    expect(receiver.to("stranger-d")).toHaveLength(0);
  });
});
