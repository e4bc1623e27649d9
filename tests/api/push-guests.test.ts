import { afterAll, beforeAll, expect, it } from "vitest";
import type { TaskList } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import type { PushReceiver } from "../helpers/push-receiver";
import { type PushWorld, startPushWorld } from "../helpers/push-world";
import { addTask } from "../helpers/tasks";
import { Client, type TestApp } from "../helpers/test-app";

/**
 * A link guest's own controls (docs/decisions/066-guest-push-and-clicks.md): muting the list on
 * the browser that subscribed through the link, and the "going shopping" nudge; a link that does
 * not open the list, or no longer does, is 404 as everywhere.
 */
describeEachDialect("a link guest's notifications", (dialect) => {
  let t: TestApp;
  let receiver: PushReceiver;
  let world: PushWorld;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, receiver, world, close } = await startPushWorld(dialect));
  });
  afterAll(() => close());

  /** Sam's list shared with Alex; Kim follows it through its link on a subscribed browser. */
  async function household(tag: string) {
    const { people, list } = await world.groceries(tag, ["Alex"], ["Alex"]);
    const { Sam: sam, Alex: alex } = people;
    const kim = new Client(t);
    const name = `kim-${tag}`;
    await world.subscribe(kim, name, `?shareId=${list.shareId}`);
    const endpoint = receiver.endpoint(name);
    const modeUrl = (shareId = list.shareId) => `/api/task-lists/${list.id}/notifications?shareId=${shareId}`;
    return { sam, alex, kim, list, endpoint, modeUrl, name };
  }
  const mutedAt = async (endpoint: string) => {
    const row = await t.store.db.get<{ muted_at: number | string | null }>("SELECT muted_at FROM push_subscriptions WHERE endpoint = ?", [
      endpoint,
    ]);
    return row ? row.muted_at : "gone";
  };
  const added = async (name: string) => (await world.bodies(name)).filter((body) => String(body).includes(" added "));

  it("a guest reads and sets their browser's mode: muted, it is sent nothing of the list; unmuted, it is again", async () => {
    const { sam, kim, modeUrl, endpoint, name, list } = await household("m");
    const read = await kim.get(`${modeUrl()}&endpoint=${encodeURIComponent(endpoint)}`);
    expect([read.status, read.body]).toEqual([200, { mode: "all" }]);

    const before = t.clock.now();
    const off = await kim.request("PUT", modeUrl(), { mode: "off", endpoint });
    expect([off.status, off.body]).toEqual([200, { mode: "off" }]);
    expect(Number(await mutedAt(endpoint))).toBeGreaterThanOrEqual(before);
    expect((await kim.get(`${modeUrl()}&endpoint=${encodeURIComponent(endpoint)}`)).body).toEqual({ mode: "off" });
    await addTask(sam, { listId: list.id, title: "Milk" });
    await world.afterWindow();
    // Alex's browser hears it: the worker did tell the list.
    expect(await added("alex-m")).toEqual(["Sam_m added Milk to Groceries"]);
    expect(await added(name)).toEqual([]);

    const on = await kim.request("PUT", modeUrl(), { mode: "all", endpoint });
    expect([on.status, on.body]).toEqual([200, { mode: "all" }]);
    expect(await mutedAt(endpoint)).toBe(null);
    await addTask(sam, { listId: list.id, title: "Eggs" });
    await world.afterWindow();
    expect(await added(name)).toEqual(["Sam_m added Eggs to Groceries"]);

    // Subscribing again (the "Turn on" tap) leaves the browser unmuted.
    await kim.request("PUT", modeUrl(), { mode: "off", endpoint });
    await world.subscribe(kim, name, `?shareId=${list.shareId}`);
    expect(await mutedAt(endpoint)).toBe(null);
  });

  it("refused: no endpoint 400, a bad mode 400, a browser not subscribed here 404, no link 401; none changes the mode", async () => {
    const { sam, alex, kim, modeUrl, endpoint } = await household("r");
    await kim.request("PUT", modeUrl(), { mode: "off", endpoint });
    const before = await mutedAt(endpoint);

    const noEndpoint = await kim.request("PUT", modeUrl(), { mode: "all" });
    expect([noEndpoint.status, noEndpoint.body.message]).toEqual([400, "endpoint is required"]);
    const readNoEndpoint = await kim.get(modeUrl());
    expect([readNoEndpoint.status, readNoEndpoint.body.message]).toEqual([400, "endpoint is required"]);
    const badMode = await kim.request("PUT", modeUrl(), { mode: "some", endpoint });
    expect([badMode.status, badMode.body.message]).toEqual([400, 'mode must be "all" or "off"']);
    // Alex's browser is an account's: a guest cannot mute it through the link.
    const accounts = await kim.request("PUT", modeUrl(), { mode: "off", endpoint: receiver.endpoint("alex-r") });
    expect([accounts.status, accounts.body]).toEqual([404, { message: "Subscription not found" }]);
    expect(await mutedAt(receiver.endpoint("alex-r"))).toBe(null);
    const unknown = await kim.get(`${modeUrl()}&endpoint=${encodeURIComponent("https://push.example.net/none")}`);
    expect([unknown.status, unknown.body]).toEqual([404, { message: "Subscription not found" }]);
    const noLink = await kim.request("PUT", `/api/task-lists/${(await createList(sam, "Other")).id}/notifications`, {
      mode: "all",
      endpoint,
    });
    expect([noLink.status, noLink.body.message]).toEqual([401, "Authentication required. Please log in again."]);
    expect(await mutedAt(endpoint)).toBe(before);
    expect(before).not.toBe(null);
    // An account still answers from its own modes, endpoint or not.
    expect((await alex.get(`/api/task-lists/${(await household("r2")).list.id}/notifications`)).status).toBe(404);
  });

  it("a stranger's link, another list's link and a rotated link are 404 for the mode and the nudge, and change nothing", async () => {
    const { sam, kim, list, modeUrl, endpoint } = await household("s");
    const other = await createList(sam, "Hardware");
    const wrongList = await kim.request("PUT", modeUrl(other.shareId), { mode: "off", endpoint });
    expect([wrongList.status, wrongList.body]).toEqual([404, { message: "List not found" }]);
    const stranger = await kim.request("PUT", modeUrl("nosuchlink"), { mode: "off", endpoint });
    expect([stranger.status, stranger.body]).toEqual([404, { message: "List not found" }]);
    const strangerNudge = await kim.post(`/api/task-lists/${list.id}/nudge?shareId=nosuchlink`, {});
    expect([strangerNudge.status, strangerNudge.body]).toEqual([404, { message: "List not found" }]);
    expect(await mutedAt(endpoint)).toBe(null);

    await sam.post<TaskList>(`/api/task-lists/${list.id}/rotate-share-id`);
    const rotated = await kim.request("PUT", modeUrl(), { mode: "off", endpoint });
    expect([rotated.status, rotated.body]).toEqual([404, { message: "List not found" }]);
    const rotatedRead = await kim.get(`${modeUrl()}&endpoint=${encodeURIComponent(endpoint)}`);
    expect([rotatedRead.status, rotatedRead.body]).toEqual([404, { message: "List not found" }]);
    const rotatedNudge = await kim.post(`/api/task-lists/${list.id}/nudge?shareId=${list.shareId}`, {});
    expect([rotatedNudge.status, rotatedNudge.body]).toEqual([404, { message: "List not found" }]);
    expect(await mutedAt(endpoint)).toBe(null);
    await world.pass(0);
    expect((await world.bodies("alex-s")).filter((body) => String(body).includes("going shopping"))).toEqual([]);
  });

  it("a guest's nudge tells every member at once under the guest's name, not the guest's own browser; again within 5 minutes 429, under another name too; a long message 400", async () => {
    const { alex, kim, list, endpoint, name } = await household("n");
    const asKim = { "X-Guest-Name": "Kim" };
    const nudges = async (who: string) => (await world.bodies(who)).filter((body) => String(body).includes("going shopping"));
    const url = `/api/task-lists/${list.id}/nudge?shareId=${list.shareId}`;
    const long = await kim.post(url, { message: "x".repeat(81), endpoint }, asKim);
    expect([long.status, long.body.message]).toEqual([400, "The message must be at most 80 characters"]);
    await world.pass(0);
    expect(await nudges("alex-n")).toEqual([]);

    const sent = await kim.post(url, { message: "need anything?", endpoint }, asKim);
    expect([sent.status, sent.body]).toEqual([200, { told: 2 }]);
    await world.pass(0);
    expect(await nudges("alex-n")).toEqual(["Kim (guest) is going shopping: need anything?"]);
    expect(await nudges(name)).toEqual([]);
    // Kim's browser does hear a nudge that is not Kim's own.
    await alex.post(`/api/task-lists/${list.id}/nudge`, {});
    await world.pass(0);
    expect(await nudges(name)).toEqual(["Alex_n is going shopping"]);

    const again = await kim.post(url, { endpoint }, asKim);
    expect([again.status, again.body]).toEqual([
      429,
      expect.objectContaining({
        message: "You told everyone a moment ago. You can nudge this list again in a few minutes.",
        error: "NUDGE_TOO_SOON",
      }),
    ]);
    // Another name is the same guest: the link and the address send, and a name is theirs to change.
    const renamed = await kim.post(url, { endpoint }, { "X-Guest-Name": "Kimberly" });
    expect([renamed.status, renamed.body.error]).toEqual([429, "NUDGE_TOO_SOON"]);
    await world.pass(0);
    expect(await nudges("alex-n")).toHaveLength(1);
  });
});
