import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiveMessage, PollResponse } from "../../src/shared/realtime";
import type { TaskList } from "../../src/shared/types";
import { EVENTS_KEPT_PER_LIST } from "../../src/store/events";
import { startHeldLiveServer } from "../helpers/held-live";
import { jsonCall, startLiveServer } from "../helpers/live";
import { Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

/**
 * Long-poll (docs/http-contract.md#long-poll) against a real server whose polls wait 1 s:
 * connect, subscribe, poll, replay with lastEventId, resync, and every refusal.
 */
describe("live updates by long polling", () => {
  let t: TestApp;
  let live: ReturnType<typeof startLiveServer>;
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let eve: Awaited<ReturnType<typeof registerUser>>;

  /** A call to the running server, with the client's cookie when it has one. */
  const call = <T>(client: Client | undefined, method: string, path: string, body?: unknown, base = live.running.url) =>
    jsonCall<T>(base, method, path, body, client?.cookie ? { cookie: client.cookie } : {});
  const connect = async (client?: Client, body: unknown = {}, query = "") =>
    (await call<{ clientId: string }>(client, "POST", `/api/poll/connect${query}`, body)).body.clientId;
  const subscribe = (client: Client | undefined, body: Record<string, unknown>, query = "") =>
    call<{ message?: string }>(client, "POST", `/api/poll/subscribe${query}`, body);
  const poll = (client: Client | undefined, clientId: string, query = "") =>
    call<PollResponse>(client, "GET", `/api/poll/${clientId}${query}`);
  const newList = async (name: string) => (await owner.post<TaskList>("/api/task-lists", { name })).body;
  const addTask = (listId: number, title: string) => owner.post<{ id: number }>("/api/tasks", { title, listId });
  const types = (events: LiveMessage[]) => events.map((event) => event.type);

  beforeAll(async () => {
    t = await makeTestApp("sqlite");
    live = startLiveServer(t, { pollWaitMs: 1_000 });
    owner = await registerUser(t, "owner");
    eve = await registerUser(t, "eve");
  });
  afterAll(async () => {
    await live.running.stop();
    await t.close();
  });

  it("connects with an unguessable clientId, and keeps one only for whoever made it", async () => {
    const first = await connect(owner);
    const second = await connect(owner);
    expect(first).toMatch(/^[a-z2-7]{32}$/);
    expect(second).not.toBe(first);
    expect(await connect(owner, { clientId: first })).toBe(first);
    expect(await connect(eve, { clientId: first })).not.toBe(first);
    expect(await connect(undefined, { clientId: first })).not.toBe(first);
    // The body is optional.
    const bare = await fetch(`${live.running.url}/api/poll/connect`, { method: "POST", headers: { cookie: owner.cookie } });
    expect(bare.status).toBe(200);
  });

  it("remembers the list a signed-in client follows as the user's last list", async () => {
    const first = await newList("Opened first");
    const second = await newList("Opened second");
    const clientId = await connect(owner);
    expect((await subscribe(owner, { clientId, listId: first.id })).status).toBe(200);
    expect((await owner.get("/api/user/last-list")).body).toEqual({ listId: first.id });
    expect((await subscribe(owner, { clientId, listId: second.id })).status).toBe(200);
    expect((await owner.get("/api/user/last-list")).body).toEqual({ listId: second.id });
    expect((await subscribe(eve, { clientId: await connect(eve), listId: first.id })).status).toBe(404);
    expect((await eve.get("/api/user/last-list")).body).toEqual({ listId: null });
  });

  it("waits for a change and answers it, each event with an increasing id; then follows from lastEventId", async () => {
    const list = await newList("Polled");
    await addTask(list.id, "Before polling");
    const before = await t.store.events.latestIdOf(list.id);
    const clientId = await connect(owner);
    // The answer names the list's newest event, so a page can tell whether it missed any before.
    expect(await subscribe(owner, { clientId, listId: list.id })).toEqual({
      status: 200,
      body: { subscribed: true, listId: list.id, eventId: before },
    });
    const started = Date.now();
    const pending = poll(owner, clientId);
    await Bun.sleep(100);
    await addTask(list.id, "One");
    const first = await pending;
    expect(Date.now() - started).toBeLessThan(900);
    expect(first.status).toBe(200);
    expect(first.body.events).toEqual([
      // Followed by membership, not by the link: the event does not carry the link (docs/product-rules.md#access).
      expect.objectContaining({
        type: "task_created",
        id: expect.any(Number),
        messageId: expect.any(String),
        listId: list.id,
        shareId: "",
      }),
    ]);
    const lastId = first.body.events[0]!.id!;
    await addTask(list.id, "Two");
    await addTask(list.id, "Three");
    const next = await poll(owner, clientId, `?lastEventId=${lastId}`);
    expect(next.body.events.map((event) => (event.payload as { title: string }).title)).toEqual(["Two", "Three"]);
    const ids = next.body.events.map((event) => event.id!);
    expect(ids[0]!).toBeGreaterThan(lastId);
    expect(ids[1]!).toBeGreaterThan(ids[0]!);

    // Replay: the same client asks again from an earlier id it was given.
    const replay = await poll(owner, clientId, `?lastEventId=${lastId}`);
    expect(replay.body.events.map((event) => event.id)).toEqual(ids);
    // A new client (a reconnect) never replays from before its own subscription (docs/product-rules.md#live-updates): it
    // is told to refetch instead, and follows on from there.
    const again = await connect(owner);
    await subscribe(owner, { clientId: again, listId: list.id });
    const resumed = (await poll(owner, again, `?lastEventId=${lastId}`)).body.events;
    expect(resumed).toEqual([expect.objectContaining({ type: "resync", listId: list.id, id: ids[1] })]);
  });

  it("answers an empty list when nothing happens within the wait", async () => {
    const list = await newList("Quiet");
    const clientId = await connect(owner);
    await subscribe(owner, { clientId, listId: list.id });
    const started = Date.now();
    expect((await poll(owner, clientId)).body).toEqual({ events: [] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it("answers a poll with the headers of every API answer, and refuses a bad lastEventId with 400 as before", async () => {
    const list = await newList("Headed");
    const clientId = await connect(owner);
    await subscribe(owner, { clientId, listId: list.id });
    await poll(owner, clientId);
    const pending = fetch(`${live.running.url}/api/poll/${clientId}`, { headers: { cookie: owner.cookie, "accept-encoding": "gzip" } });
    await addTask(list.id, "Headers");
    const polled = await pending;
    const other = await fetch(`${live.running.url}/api/user/last-list`, { headers: { cookie: owner.cookie, "accept-encoding": "gzip" } });
    const named = (response: Response, names: string[]) => Object.fromEntries(names.map((name) => [name, response.headers.get(name)]));
    const shared = [
      "content-security-policy",
      "x-content-type-options",
      "referrer-policy",
      "x-frame-options",
      "cache-control",
      "x-listwell-cache-partition",
    ];
    expect(named(polled, shared)).toEqual(named(other, shared));
    expect(named(polled, ["content-type", "vary", "cache-control"])).toEqual({
      "content-type": "application/json",
      vary: "Accept-Encoding",
      "cache-control": "no-store",
    });
    expect(((await polled.json()) as PollResponse).events).toEqual([expect.objectContaining({ type: "task_created", listId: list.id })]);
    const refused = await poll(owner, clientId, "?lastEventId=abc");
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: "VALIDATION_ERROR" });
  });

  it("answers 404 for unknown clients and for someone else's, on poll and subscribe alike", async () => {
    const list = await newList("Mine");
    expect((await poll(owner, "nosuchclient")).status).toBe(404);
    expect((await subscribe(owner, { clientId: "nosuchclient", listId: list.id })).status).toBe(404);
    const clientId = await connect(owner);
    expect((await poll(eve, clientId)).status).toBe(404);
    expect((await poll(undefined, clientId)).status).toBe(404);
    expect((await subscribe(eve, { clientId, listId: list.id })).status).toBe(404);
    const otherSession = new Client(t);
    await otherSession.post("/api/login", { username: "owner", password: "password123" });
    expect((await poll(otherSession, clientId)).status).toBe(404);
  });

  it("refuses a list the caller may not see with 404, and never delivers its events", async () => {
    const list = await newList("Not for eve");
    const clientId = await connect(eve);
    const refused = await subscribe(eve, { clientId, listId: list.id });
    expect(refused).toEqual({ status: 404, body: { message: "List not found" } });
    expect((await subscribe(eve, { clientId, shareId: "unknown-share" })).status).toBe(404);
    expect((await subscribe(eve, { clientId })).status).toBe(400);
    const pending = poll(eve, clientId);
    await addTask(list.id, "Hidden");
    expect((await pending).body.events).toEqual([]);
  });

  it("serves an anonymous link holder, bound to its shareId, until the link is rotated", async () => {
    const list = await newList("Link");
    const other = await newList("Other link");
    // Exactly the page's calls: connect, subscribe with the shareId, poll with the clientId alone.
    const clientId = await connect(undefined, {});
    expect((await subscribe(undefined, { clientId, shareId: list.shareId })).status).toBe(200);
    expect((await poll(undefined, clientId, `?shareId=${other.shareId}`)).status).toBe(404);
    const waiting = poll(undefined, clientId);
    await addTask(list.id, "Visible");
    expect(types((await waiting).body.events)).toEqual(["task_created"]);
    const query = `?shareId=${list.shareId}`;

    const rotated = (await owner.post<TaskList>(`/api/task-lists/${list.id}/rotate-share-id`)).body;
    const revoked = await poll(undefined, clientId, query);
    expect(types(revoked.body.events)).toContain("access_revoked");
    await addTask(list.id, "Invisible");
    const after = await poll(undefined, clientId, query);
    expect(after.body.events).toEqual([]);
    expect(JSON.stringify([revoked.body, after.body])).not.toContain(rotated.shareId);
  });

  it("binds an anonymous client to its shareId: another link's list answers 404", async () => {
    const mine = await newList("Bound");
    const other = await newList("Elsewhere");
    const query = `?shareId=${mine.shareId}`;
    const clientId = await connect(undefined, {}, query);
    expect((await subscribe(undefined, { clientId, shareId: other.shareId }, query)).status).toBe(404);
    expect((await subscribe(undefined, { clientId, listId: other.id, shareId: other.shareId }, query)).status).toBe(404);
    expect((await subscribe(undefined, { clientId, shareId: mine.shareId }, query)).status).toBe(200);
    const pending = poll(undefined, clientId, query);
    await addTask(other.id, "Not for this client");
    expect((await pending).body.events).toEqual([]);
  });

  it("replays events without the list's shareId to members, and with it to link holders", async () => {
    const reader = await registerUser(t, "reader");
    const list = await newList("Read only");
    await owner.post("/api/share-by-username", { listId: list.id, username: "reader", accessLevel: "read" });
    const member = await connect(reader);
    // A read recipient naming the link still follows by membership.
    const memberWithLink = await connect(reader);
    const query = `?shareId=${list.shareId}`;
    const holder = await connect(undefined, {}, query);
    expect((await subscribe(reader, { clientId: member, listId: list.id })).status).toBe(200);
    expect((await subscribe(reader, { clientId: memberWithLink, listId: list.id, shareId: list.shareId })).status).toBe(200);
    expect((await subscribe(undefined, { clientId: holder, shareId: list.shareId }, query)).status).toBe(200);
    await addTask(list.id, "Read me");
    const created = (events: LiveMessage[]) => events.filter((event) => event.type === "task_created");
    for (const clientId of [member, memberWithLink]) {
      const answer = await poll(reader, clientId);
      expect(created(answer.body.events)).toEqual([expect.objectContaining({ listId: list.id, shareId: "" })]);
      expect(JSON.stringify(answer.body)).not.toContain(list.shareId);
    }
    expect(created((await poll(undefined, holder, query)).body.events)).toEqual([
      expect.objectContaining({ listId: list.id, shareId: list.shareId }),
    ]);
  });

  it("does not subscribe a client whose access ends while its subscribe is being decided", async () => {
    const held = startHeldLiveServer(t);
    const at = held.running.url;
    try {
      const carol = await registerUser(t, "carol");
      const list = await newList("Racy");
      await owner.post("/api/share-by-username", { listId: list.id, username: "carol", accessLevel: "write" });
      const clientId = (await call<{ clientId: string }>(carol, "POST", "/api/poll/connect", {}, at)).body.clientId;

      // Unshared after the grant was read, before the client joined the list.
      const gate = held.hold(list.id, carol.user.id);
      const answer = call(carol, "POST", "/api/poll/subscribe", { clientId, listId: list.id }, at);
      await gate.entered;
      expect((await owner.delete(`/api/unshare/${list.id}/${carol.user.id}`)).status).toBeLessThan(300);
      gate.release();
      expect((await answer).status).toBe(404);
      await addTask(list.id, "After unshare");
      const polled = await call<PollResponse>(carol, "GET", `/api/poll/${clientId}`, undefined, at);
      expect(types(polled.body.events).filter((type) => type === "task_created")).toEqual([]);

      // Signed out in the same window: the client is gone, and nothing is followed on its behalf.
      await owner.post("/api/share-by-username", { listId: list.id, username: "carol", accessLevel: "write" });
      const second = (await call<{ clientId: string }>(carol, "POST", "/api/poll/connect", {}, at)).body.clientId;
      const outGate = held.hold(list.id, carol.user.id);
      const outAnswer = call(carol, "POST", "/api/poll/subscribe", { clientId: second, listId: list.id }, at);
      await outGate.entered;
      const cookie = carol.cookie;
      expect((await carol.post("/api/logout")).status).toBe(200);
      outGate.release();
      expect((await outAnswer).status).toBe(404);
      const signedOut = Object.assign(new Client(t), { cookie });
      expect((await call(signedOut, "GET", `/api/poll/${second}`, undefined, at)).status).toBe(404);
    } finally {
      await held.running.stop();
    }
  });

  it("stops a recipient's events on unshare, and forgets a client whose session logged out", async () => {
    const bob = await registerUser(t, "bob");
    const list = await newList("Shared");
    const clientId = await connect(bob);
    await owner.post("/api/share-by-username", { listId: list.id, username: "bob", accessLevel: "write" });
    const shared = await poll(bob, clientId);
    expect(types(shared.body.events)).toEqual(["share_added"]);
    expect((await subscribe(bob, { clientId, listId: list.id })).status).toBe(200);
    await addTask(list.id, "Seen");
    const seen = await poll(bob, clientId);
    expect(types(seen.body.events)).toEqual(["task_created"]);

    await owner.delete(`/api/unshare/${list.id}/${bob.user.id}`);
    await addTask(list.id, "Unseen");
    const afterUnshare = await poll(bob, clientId, `?lastEventId=${seen.body.events[0]!.id}`);
    expect(types(afterUnshare.body.events).sort()).toEqual(["access_revoked", "share_removed"]);
    // Every polled event has an id, and they never go back (docs/http-contract.md#long-poll).
    const ids = [...shared.body.events, ...seen.body.events, ...afterUnshare.body.events].map((event) => event.id);
    expect(ids.every((id) => typeof id === "number")).toBe(true);
    expect(ids).toEqual([...ids].sort((a, b) => Number(a) - Number(b)));

    await owner.post("/api/share-by-username", { listId: list.id, username: "bob", accessLevel: "write" });
    await subscribe(bob, { clientId, listId: list.id });
    const pending = poll(bob, clientId);
    await Bun.sleep(50);
    await bob.post("/api/logout");
    await pending;
    expect((await poll(bob, clientId)).status).toBe(404);
  });

  it("sends a resync event when lastEventId is older than the events kept", async () => {
    const list = await newList("Busy");
    const first = (await addTask(list.id, "First")).body;
    const [firstEvent] = await t.store.events.since([list.id], 0, 1);
    for (let i = 0; i < EVENTS_KEPT_PER_LIST + 5; i++) {
      await t.store.events.append({
        type: "task_updated",
        timestamp: Date.now(),
        messageId: crypto.randomUUID(),
        payload: first,
        listId: list.id,
        shareId: list.shareId,
      });
    }
    await t.store.events.prune(list.id);
    const clientId = await connect(owner);
    await subscribe(owner, { clientId, listId: list.id });
    const answer = await poll(owner, clientId, `?lastEventId=${firstEvent!.id - 1}`);
    expect(answer.body.events).toEqual([expect.objectContaining({ type: "resync", listId: list.id, id: expect.any(Number) })]);
    // From the resync's id on, polling carries on normally.
    const pending = poll(owner, clientId, `?lastEventId=${answer.body.events[0]!.id}`);
    await addTask(list.id, "After resync");
    expect(types((await pending).body.events)).toEqual(["task_created"]);
  });

  it("counts poll clients in presence and forgets idle ones", async () => {
    const quick = startLiveServer(t, { pollWaitMs: 200, pollIdleMs: 300 });
    try {
      const response = await fetch(`${quick.running.url}/api/poll/connect`, { method: "POST", headers: { cookie: owner.cookie } });
      const { clientId } = (await response.json()) as { clientId: string };
      expect(quick.realtime.connectedClients()).toBe(1);
      await Bun.sleep(700);
      expect(quick.realtime.connectedClients()).toBe(0);
      expect((await fetch(`${quick.running.url}/api/poll/${clientId}`, { headers: { cookie: owner.cookie } })).status).toBe(404);
    } finally {
      await quick.running.stop();
    }
  });
});
