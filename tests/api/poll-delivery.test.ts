import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiveMessage, PollResponse } from "../../src/shared/realtime";
import type { TaskList } from "../../src/shared/types";
import { jsonCall, startLiveServer } from "../helpers/live";
import { type Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

/**
 * A poll that is waiting when a change lands is answered from the event the bus carried
 * (docs/decisions/037); a poll that comes later reads the events table. Both must answer the same
 * message, and each must keep the list's shareId from members.
 */
describe("long-poll delivery to waiting polls", () => {
  let t: TestApp;
  let live: ReturnType<typeof startLiveServer>;
  let owner: Client;
  let reader: Client;

  const call = (client: Client | undefined, method: string, path: string, body?: unknown) =>
    jsonCall<PollResponse & { clientId: string; eventId: number }>(
      live.running.url,
      method,
      path,
      body,
      client?.cookie ? { cookie: client.cookie } : {},
    );

  beforeAll(async () => {
    t = await makeTestApp("sqlite");
    live = startLiveServer(t, { pollWaitMs: 5_000 });
    owner = await registerUser(t, "owner");
    reader = await registerUser(t, "reader");
  });
  afterAll(async () => {
    await live.running.stop();
    await t.close();
  });

  it("answers a waiting member and a waiting link holder with the event a later replay gives", async () => {
    const list = (await owner.post<TaskList>("/api/task-lists", { name: "Watched" })).body;
    await owner.post("/api/share-by-username", { listId: list.id, username: "reader", accessLevel: "write" });
    const link = `?shareId=${list.shareId}`;
    const member = (await call(reader, "POST", "/api/poll/connect", {})).body.clientId;
    const holder = (await call(undefined, "POST", `/api/poll/connect${link}`, {})).body.clientId;
    const { eventId: before } = (await call(reader, "POST", "/api/poll/subscribe", { clientId: member, listId: list.id })).body;
    expect((await call(undefined, "POST", `/api/poll/subscribe${link}`, { clientId: holder, shareId: list.shareId })).status).toBe(200);
    const memberWaits = call(reader, "GET", `/api/poll/${member}?lastEventId=${before}`);
    const holderWaits = call(undefined, "GET", `/api/poll/${holder}${link}&lastEventId=${before}`);
    await Bun.sleep(100);
    expect((await owner.post("/api/tasks", { title: "Milk", listId: list.id })).status).toBe(201);
    const created = (events: LiveMessage[]) => events.filter((event) => event.type === "task_created");
    const heardByMember = created((await memberWaits).body.events);
    const heardByHolder = created((await holderWaits).body.events);
    expect(heardByMember).toEqual([
      expect.objectContaining({ listId: list.id, shareId: "", payload: expect.objectContaining({ title: "Milk" }) }),
    ]);
    expect(JSON.stringify(heardByMember)).not.toContain(list.shareId);
    expect(heardByHolder).toEqual([{ ...heardByMember[0], shareId: list.shareId }]);

    // The member says its answer was lost: the table gives the same event again.
    const replayed = created((await call(reader, "GET", `/api/poll/${member}?lastEventId=${before}`)).body.events);
    expect(replayed).toEqual(heardByMember);
  });
});
