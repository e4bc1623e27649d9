import { afterAll, beforeAll, expect, it } from "vitest";
import type { LiveMessage } from "../../src/shared/live-messages";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import { startLiveServer, TestSocket } from "../helpers/live";
import { makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

/**
 * A rename is one `list_updated` for a page on the list, over a websocket and a long poll: the
 * recipients' own topics hear of it too, for their Homes, and a page that follows the list must
 * not get it twice (once with the list, once empty).
 */
describeEachDialect("a rename told live", (dialect) => {
  let t: TestApp;
  let live: ReturnType<typeof startLiveServer>;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    live = startLiveServer(t, { pollWaitMs: 300 });
  });
  afterAll(async () => {
    await live.running.stop();
    await t.close();
  });

  it("reaches a recipient's list page once, with the list, and their Home too", async () => {
    const owner = await registerUser(t, `${dialect}_ren_owner`);
    const guest = await registerUser(t, `${dialect}_ren_friend`);
    const list = await createList(owner, "Groceries");
    await owner.post("/api/share-by-username", { listId: list.id, username: guest.user.username, accessLevel: "write" });
    const page = await TestSocket.open(live.wsUrl, { cookie: guest.cookie });
    const home = await TestSocket.open(live.wsUrl, { cookie: guest.cookie });
    const poller = (await guest.post<{ clientId: string }>("/api/poll/connect")).body.clientId;
    try {
      expect(await page.connect({ listId: list.id })).toMatchObject({ type: "connect", listId: list.id });
      const subscribed = await guest.post<{ eventId: number }>("/api/poll/subscribe", { clientId: poller, listId: list.id });
      const [fromPage, fromHome] = [page.messages.length, home.messages.length];
      expect((await owner.patch(`/api/task-lists/${list.id}`, { name: "Weekly shop" })).status).toBe(200);

      // Home, following no list, hears of it on the person's own topic: the control that it is told.
      await home.next((message) => message.type === "list_updated" && message.listId === list.id, 3_000, fromHome);
      await page.next((message) => message.type === "list_updated", 3_000, fromPage);
      const renames = (messages: LiveMessage[]) => messages.filter((message) => message.type === "list_updated");
      expect(renames(await page.settle(fromPage, 300)).map((message) => (message.payload as { name?: string }).name)).toEqual([
        "Weekly shop",
      ]);
      const polled = await guest.get<{ events: LiveMessage[] }>(`/api/poll/${poller}?lastEventId=${subscribed.body.eventId}`);
      expect(renames(polled.body.events).map((message) => (message.payload as { name?: string }).name)).toEqual(["Weekly shop"]);
    } finally {
      page.close();
      home.close();
    }
  });
});
