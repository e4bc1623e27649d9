import { afterAll, beforeAll, expect, it } from "vitest";
import { NOTIFICATION, type PollResponse } from "../../src/shared/live-messages";
import type { InboxResponse } from "../../src/shared/notifications";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import type { PushReceiver } from "../helpers/push-receiver";
import { type PushWorld, startPushWorld } from "../helpers/push-world";
import { addTask } from "../helpers/tasks";
import { Client, registerUser, type TestApp } from "../helpers/test-app";

/** Notifications (docs/decisions/050-notifications.md): each list's notification mode, the "going shopping" nudge, the inbox and its live message. */
describeEachDialect("notification modes, nudges and the inbox", (dialect) => {
  let t: TestApp;
  let receiver: PushReceiver;
  let world: PushWorld;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, receiver, world, close } = await startPushWorld(dialect));
  });
  afterAll(() => close());

  /** Sam's list shared with Alex and Dana, each with a subscribed browser. */
  async function household(tag: string) {
    const { people, list } = await world.groceries(tag, ["Alex", "Dana"], ["Sam", "Alex", "Dana"]);
    return { sam: people.Sam, alex: people.Alex, dana: people.Dana, list };
  }
  const added = async (name: string) => (await world.bodies(name)).filter((body) => String(body).includes(" added "));

  it("a member who turns a list off is told nothing of it (Dana still is), and on again is told again", async () => {
    const { sam, alex, list } = await household("m");
    expect((await alex.get(`/api/task-lists/${list.id}/notifications`)).body).toEqual({ mode: "all" });
    const off = await alex.request("PUT", `/api/task-lists/${list.id}/notifications`, { mode: "off" });
    expect([off.status, off.body]).toEqual([200, { mode: "off" }]);
    expect((await alex.get(`/api/task-lists/${list.id}/notifications`)).body).toEqual({ mode: "off" });

    await addTask(sam, { listId: list.id, title: "Milk" });
    await world.afterWindow();
    expect(await added("dana-m")).toEqual(["Sam_m added Milk to Groceries"]);
    expect(await added("alex-m")).toEqual([]);
    expect((await alex.get<InboxResponse>("/api/notifications")).body.notifications.map((entry) => entry.body)).not.toContain(
      "Sam_m added Milk to Groceries",
    );

    await alex.request("PUT", `/api/task-lists/${list.id}/notifications`, { mode: "all" });
    await addTask(sam, { listId: list.id, title: "Eggs" });
    await world.afterWindow();
    expect(await added("alex-m")).toEqual(["Sam_m added Eggs to Groceries"]);
  });

  it("modes: 404 to whoever may not read the list, 401 signed out, 400 for another mode", async () => {
    const { list } = await household("x");
    const stranger = await registerUser(t, "Stranger_x");
    const hidden = await stranger.get(`/api/task-lists/${list.id}/notifications`);
    expect([hidden.status, hidden.body]).toEqual([404, { message: "List not found" }]);
    expect((await stranger.request("PUT", `/api/task-lists/${list.id}/notifications`, { mode: "off" })).status).toBe(404);
    // A link guest's mode is their browser's (tests/api/push-guests.test.ts); without a link it is 401.
    expect((await new Client(t).get(`/api/task-lists/${list.id}/notifications`)).status).toBe(401);
    const bad = await stranger.request("PUT", `/api/task-lists/${list.id}/notifications`, { mode: "some" });
    expect([bad.status, bad.body.message]).toEqual([400, 'mode must be "all" or "off"']);
  });

  it("Alex's nudge reaches Sam and Dana at once (high urgency), not Alex; a second within 5 minutes is 429", async () => {
    const { alex, list } = await household("n");
    const sent = await alex.post(`/api/task-lists/${list.id}/nudge`, { message: "need anything?" });
    expect([sent.status, sent.body]).toEqual([200, { told: 2 }]);
    await world.pass(0);
    for (const name of ["sam-n", "dana-n"]) {
      expect((await world.bodies(name)).at(-1)).toBe("Alex_n is going shopping: need anything?");
      expect(receiver.to(name).at(-1)?.headers.get("urgency")).toBe("high");
    }
    expect((await world.bodies("alex-n")).filter((body) => String(body).includes("going shopping"))).toEqual([]);

    const again = await alex.post(`/api/task-lists/${list.id}/nudge`, {});
    expect([again.status, again.body.error]).toEqual([429, "NUDGE_TOO_SOON"]);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(290);
    t.clock.advance(5 * 60 * 1000);
    expect((await alex.post(`/api/task-lists/${list.id}/nudge`, {})).status).toBe(200);
    await world.pass(0);
    expect((await world.bodies("sam-n")).at(-1)).toBe("Alex_n is going shopping");

    const stranger = await registerUser(t, "Stranger_n");
    expect((await stranger.post(`/api/task-lists/${list.id}/nudge`, {})).status).toBe(404);
  });

  it("the inbox lists what was told, newest first, counts unread, marks read by ids or all, and is sent live", async () => {
    const { sam, alex, list } = await household("i");
    const from = t.published.length;
    const clientId = (await sam.post<{ clientId: string }>("/api/poll/connect", {})).body.clientId;
    await alex.post(`/api/task-lists/${list.id}/nudge`, {});
    // Sam's open page, long-polling, hears it.
    const heard = (await sam.get<PollResponse>(`/api/poll/${clientId}`)).body.events.filter((event) => event.type === NOTIFICATION);
    expect(heard.map((event) => event.payload)).toEqual([
      { notification: expect.objectContaining({ body: "Alex_i is going shopping", listId: list.id, read: false }), unread: 1 },
    ]);
    const milk = await addTask(alex, { listId: list.id, title: "Milk" });
    await world.afterWindow();
    await alex.patch(`/api/tasks/${milk.id}`, { completed: true });
    await world.afterWindow();

    const inbox = (await sam.get<InboxResponse>("/api/notifications")).body;
    expect(inbox.unread).toBe(3);
    expect(inbox.notifications.slice(0, 3).map(({ listId, title, body, url, read }) => ({ listId, title, body, url, read }))).toEqual([
      { listId: list.id, title: "Groceries", body: "Alex_i ticked Milk on Groceries", url: `/list/${list.id}`, read: false },
      { listId: list.id, title: "Groceries", body: "Alex_i added Milk to Groceries", url: `/list/${list.id}`, read: false },
      { listId: list.id, title: "Groceries", body: "Alex_i is going shopping", url: `/list/${list.id}`, read: false },
    ]);
    expect(Date.parse(inbox.notifications[0]!.at)).toBeGreaterThan(0);

    const live = t.published.slice(from).filter((entry) => entry.topic === `user:${sam.user.id}` && entry.message.type === NOTIFICATION);
    expect(live.map((entry) => entry.message.payload)).toEqual([
      { notification: inbox.notifications[2], unread: 1 },
      { notification: inbox.notifications[1], unread: 2 },
      { notification: inbox.notifications[0], unread: 3 },
    ]);

    // Someone else's ids change nothing of Sam's.
    expect((await alex.post("/api/notifications/read", { ids: [inbox.notifications[0]!.id] })).status).toBe(200);
    expect((await sam.get<InboxResponse>("/api/notifications")).body.unread).toBe(3);
    expect((await sam.post("/api/notifications/read", { ids: [inbox.notifications[0]!.id] })).body).toEqual({ unread: 2 });
    expect((await sam.get<InboxResponse>("/api/notifications")).body.notifications[0]!.read).toBe(true);
    expect((await sam.post("/api/notifications/read", { all: true })).body).toEqual({ unread: 0 });
    const bad = await sam.post("/api/notifications/read", { ids: [] });
    expect(bad.status).toBe(400);
    expect((await new Client(t).get("/api/notifications")).status).toBe(401);
  });

  it("the inbox holds the last 50", async () => {
    const kim = await registerUser(t, "Kim_l");
    const list = await createList(kim, "Errands");
    for (let i = 1; i <= 55; i++) {
      await t.store.db.run("INSERT INTO notifications (user_id, list_id, title, body, url, created_at) VALUES (?, ?, ?, ?, ?, ?)", [
        kim.user.id,
        list.id,
        "Errands",
        `Note ${i}`,
        `/list/${list.id}`,
        Date.now(),
      ]);
    }
    const inbox = (await kim.get<InboxResponse>("/api/notifications")).body;
    expect([inbox.notifications.length, inbox.unread, inbox.notifications[0]!.body, inbox.notifications[49]!.body]).toEqual([
      50,
      50,
      "Note 55",
      "Note 6",
    ]);
  });
});
