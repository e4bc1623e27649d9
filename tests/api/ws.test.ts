import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { TaskList } from "../../src/shared/types";
import { sessionIdFromToken } from "../../src/auth/sessions";
import { listTopic, type EventBus } from "../../src/domain/bus";
import { startHeldLiveServer } from "../helpers/held-live";
import { CHANGE_TYPES, startLiveServer, TestSocket } from "../helpers/live";
import { Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

/**
 * `/ws` over a real server (docs/http-contract.md#websocket): every client message, and every
 * way a socket must stop getting a list's events. Changes go through the HTTP API of an app on
 * the same store and bus, as another browser's would.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

describe("live updates over the websocket", () => {
  let t: TestApp;
  let live: ReturnType<typeof startLiveServer>;
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let bob: Awaited<ReturnType<typeof registerUser>>;
  let eve: Awaited<ReturnType<typeof registerUser>>;
  const sockets: TestSocket[] = [];

  const open = async (client?: Client, headers: Record<string, string> = {}) => {
    const socket = await TestSocket.open(live.wsUrl, { ...headers, ...(client?.cookie ? { cookie: client.cookie } : {}) });
    sockets.push(socket);
    return socket;
  };
  const newList = async (name: string) => (await owner.post<TaskList>("/api/task-lists", { name })).body;
  const addTask = (client: Client, listId: number, title: string, query = "") =>
    client.post<{ id: number }>(`/api/tasks${query}`, { title, listId });

  beforeAll(async () => {
    t = await makeTestApp("sqlite");
    live = startLiveServer(t);
    owner = await registerUser(t, "owner");
    bob = await registerUser(t, "bob");
    eve = await registerUser(t, "eve");
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await live.running.stop();
    await t.close();
  });

  it("answers ping with pong carrying the client's timestamp", async () => {
    const socket = await open();
    socket.send({ type: "ping", timestamp: 12345 });
    expect(await socket.nextOfType("pong")).toMatchObject({ type: "pong", timestamp: 12345 });
    socket.send({ message_type: "PING", timestamp: 7 });
    expect(await socket.next((m) => m.type === "pong" && m.timestamp === 7)).toBeTruthy();
  });

  it("never delivers a late event from before the socket's grant, as a Redis outbox may send one", async () => {
    const list = await newList("Late events");
    await addTask(owner, list.id, "Secret from before");
    const [old] = await t.store.events.since([list.id], 0);
    const socket = await open(owner);
    await socket.connect({ listId: list.id });
    const from = socket.messages.length;
    // The stored event arrives only now, as an outbox drained after the subscription would send it.
    await t.bus.publish(listTopic(list.id), { ...old! });
    await addTask(owner, list.id, "After the grant");
    // Positive control: the event after the grant arrives; the one before it never does.
    expect(await socket.nextOfType("task_created", 3000, from)).toMatchObject({ payload: { title: "After the grant" } });
    expect((await socket.settle(from, 300, CHANGE_TYPES)).map((message) => (message.payload as { title: string }).title)).toEqual([
      "After the grant",
    ]);
  });

  it("subscribes the owner with connect, then delivers each change once with the spec's fields", async () => {
    const list = await newList("Groceries");
    const socket = await open(owner);
    const ack = await socket.connect({ listId: list.id });
    expect(ack).toMatchObject({ type: "connect", listId: list.id });
    // The alternative shape, sent again as the spec's client does, does not double the events.
    expect(await socket.connect({ listId: list.id }, "subscribe")).toMatchObject({ type: "subscribed", listId: list.id });
    const from = socket.messages.length;
    const task = (await addTask(owner, list.id, "Milk")).body;
    const event = await socket.nextOfType("task_created", 3000, from);
    expect(event).toEqual({
      type: "task_created",
      id: expect.any(Number),
      timestamp: expect.any(Number),
      messageId: expect.any(String),
      payload: expect.objectContaining({ id: task.id, title: "Milk" }),
      listId: list.id,
      // Members follow the list by membership, not by its link, so events do not carry the link.
      shareId: "",
      // Who made the change.
      actor: { userId: owner.user.id, username: expect.any(String) },
    });
    await owner.post(`/api/tasks/${task.id}/toggle`);
    await socket.nextOfType("task_updated", 3000, from);
    expect((await socket.settle(from, 200, CHANGE_TYPES)).map((m) => m.type)).toEqual(["task_created", "task_updated"]);
  });

  it("stops a list's events on unsubscribe", async () => {
    const list = await newList("Chores");
    const socket = await open(owner);
    await socket.connect({ listId: list.id });
    socket.send({ type: "unsubscribe", listId: list.id });
    expect(await socket.nextOfType("unsubscribed")).toMatchObject({ listId: list.id });
    const from = socket.messages.length;
    await addTask(owner, list.id, "Sweep");
    expect(await socket.settle(from, 300, CHANGE_TYPES)).toEqual([]);
  });

  it("refuses another user's list, unknown links and bad messages with an error, and sends them nothing", async () => {
    const list = await newList("Private");
    const socket = await open(eve);
    expect(await socket.connect({ listId: list.id })).toMatchObject({ type: "error", message: "List not found", listId: list.id });
    expect(await socket.connect({ shareId: "not-a-real-share-id" })).toMatchObject({ type: "error", message: "List not found" });
    // A shareId of another list does not open this one.
    const other = await newList("Other");
    expect(await socket.connect({ listId: list.id, shareId: other.shareId })).toMatchObject({ type: "error" });
    socket.send({ type: "connect" });
    expect(await socket.nextOfType("error", 3000, socket.messages.length)).toMatchObject({ message: "listId or shareId is required" });
    socket.ws.send("not json");
    await socket.next((m) => m.type === "error" && m.message === "Invalid message");
    const anonymous = await open();
    expect(await anonymous.connect({ listId: list.id })).toMatchObject({ type: "error", message: "List not found" });
    const from = socket.messages.length;
    await addTask(owner, list.id, "Secret");
    expect(await socket.settle(from, 300, CHANGE_TYPES)).toEqual([]);
    expect(await anonymous.settle(0, 0, CHANGE_TYPES)).toEqual([]);
  });

  it("refuses an upgrade from a foreign Origin, and accepts our own", async () => {
    const response = await fetch(`${live.running.url}/ws`, {
      headers: {
        upgrade: "websocket",
        connection: "Upgrade",
        "sec-websocket-key": btoa("0123456789abcdef"),
        "sec-websocket-version": "13",
        origin: "http://evil.example",
      },
    });
    expect(response.status).toBe(403);
    await expect(TestSocket.open(live.wsUrl, { origin: "http://evil.example" })).rejects.toThrow();
    const same = await open(undefined, { origin: live.running.url });
    same.send({ type: "ping", timestamp: 1 });
    await same.nextOfType("pong");
  });

  it("lets an anonymous share-link holder follow the list, and a rotation stops it at once", async () => {
    const list = await newList("Party");
    const socket = await open();
    expect(await socket.connect({ shareId: list.shareId })).toMatchObject({ type: "connect", listId: list.id, shareId: list.shareId });
    const from = socket.messages.length;
    await addTask(new Client(t), list.id, "Balloons", `?shareId=${list.shareId}`);
    expect(await socket.nextOfType("task_created", 3000, from)).toMatchObject({ listId: list.id, payload: { title: "Balloons" } });

    const rotated = (await owner.post<TaskList>(`/api/task-lists/${list.id}/rotate-share-id`)).body;
    expect(rotated.shareId).not.toBe(list.shareId);
    await socket.nextOfType("access_revoked", 3000, from);
    const afterRevoke = socket.messages.length;
    await addTask(owner, list.id, "Cake");
    expect(await socket.settle(afterRevoke, 300, CHANGE_TYPES)).toEqual([]);
    // Nothing it received carries the new link.
    expect(JSON.stringify(socket.messages)).not.toContain(rotated.shareId);
    expect(await socket.connect({ shareId: list.shareId })).toMatchObject({ type: "error" });
  });

  it("stops a recipient's events when the list is unshared, and tells the user's sockets about shares", async () => {
    const list = await newList("Shared");
    const socket = await open(bob);
    expect((await bob.get(`/api/tasks?listId=${list.id}`)).status).toBe(404);
    expect(await socket.connect({ listId: list.id })).toMatchObject({ type: "error" });
    const shared = await owner.post("/api/share-by-username", { listId: list.id, username: "bob", accessLevel: "write" });
    expect(shared.status).toBeLessThan(300);
    expect(await socket.nextOfType("share_added")).toMatchObject({ listId: list.id });
    expect(await socket.connect({ listId: list.id })).toMatchObject({ type: "connect" });
    const from = socket.messages.length;
    await addTask(owner, list.id, "Seen by bob");
    await socket.nextOfType("task_created", 3000, from);

    expect((await owner.delete(`/api/unshare/${list.id}/${bob.user.id}`)).status).toBeLessThan(300);
    // The message's every field (docs/http-contract.md#live-messages), also on what the server says of its own accord.
    const envelope = {
      type: expect.any(String),
      timestamp: expect.any(Number),
      messageId: expect.any(String),
      payload: expect.anything(),
      listId: list.id,
      shareId: "",
    };
    expect(await socket.nextOfType("access_revoked", 3000, from)).toEqual(envelope);
    expect(await socket.nextOfType("share_removed", 3000, from)).toEqual(envelope);
    const afterRevoke = socket.messages.length;
    await addTask(owner, list.id, "Not seen by bob");
    expect(await socket.settle(afterRevoke, 300, CHANGE_TYPES)).toEqual([]);
  });

  it("keeps an unshared recipient who also holds the link on it, under the link's rules", async () => {
    const list = await newList("Linked");
    await owner.post("/api/share-by-username", { listId: list.id, username: "bob", accessLevel: "write" });
    const socket = await open(bob);
    expect(await socket.connect({ listId: list.id, shareId: list.shareId })).toMatchObject({ type: "connect" });
    await owner.delete(`/api/unshare/${list.id}/${bob.user.id}`);
    await Bun.sleep(100);
    const from = socket.messages.length;
    await addTask(owner, list.id, "Still visible through the link");
    await socket.nextOfType("task_created", 3000, from);
  });

  it("stops events when the user logs out, and when their other sessions end on a password change", async () => {
    const list = await newList("Logout");
    await owner.post("/api/share-by-username", { listId: list.id, username: "bob", accessLevel: "write" });
    const socket = await open(bob);
    await socket.connect({ listId: list.id });
    const laptop = await registerUserSession(bob.user.username);
    const other = await open(laptop);
    await other.connect({ listId: list.id });

    await bob.post("/api/logout");
    await Bun.sleep(100);
    let from = socket.messages.length;
    const otherFrom = other.messages.length;
    await addTask(owner, list.id, "After logout");
    expect(await socket.settle(from, 300, CHANGE_TYPES)).toEqual([]);
    await other.nextOfType("task_created", 3000, otherFrom);
    expect(socket.messages.some((m) => m.type === "access_revoked" && m.listId === list.id)).toBe(true);

    // A password change from a third session signs the laptop out too.
    const phone = await registerUserSession(bob.user.username);
    expect(
      (
        await phone.patch("/api/change-password", {
          currentPassword: "password123",
          newPassword: "password456",
          confirmPassword: "password456",
        })
      ).status,
    ).toBe(200);
    await Bun.sleep(100);
    from = other.messages.length;
    await addTask(owner, list.id, "After password change");
    expect(await other.settle(from, 300, CHANGE_TYPES)).toEqual([]);
  });

  it("stops events when the list is deleted", async () => {
    const list = await newList("Doomed");
    const socket = await open(owner);
    await socket.connect({ listId: list.id });
    const from = socket.messages.length;
    await owner.delete(`/api/task-lists/${list.id}`);
    expect(await socket.nextOfType("list_updated", 3000, from)).toMatchObject({ payload: { deleted: true } });
    await socket.nextOfType("access_revoked", 3000, from);
  });

  it("gives events on the member topic without the list's shareId; link holders keep it", async () => {
    const reader = await registerUser(t, "reader");
    const list = await newList("Read only");
    await owner.post("/api/share-by-username", { listId: list.id, username: "reader", accessLevel: "read" });
    const recipient = await open(reader);
    const holder = await open();
    // Even a read recipient who names the link follows by membership, and must not learn it from events.
    const viaBoth = await open(reader);
    expect(await recipient.connect({ listId: list.id })).toMatchObject({ type: "connect" });
    expect(await holder.connect({ shareId: list.shareId })).toMatchObject({ type: "connect" });
    expect(await viaBoth.connect({ listId: list.id })).toMatchObject({ type: "connect" });
    await addTask(owner, list.id, "Read me");
    expect(await recipient.nextOfType("task_created")).toMatchObject({ listId: list.id, shareId: "" });
    expect(await viaBoth.nextOfType("task_created")).toMatchObject({ listId: list.id, shareId: "" });
    expect(await holder.nextOfType("task_created")).toMatchObject({ listId: list.id, shareId: list.shareId });
    expect(JSON.stringify([recipient.messages, viaBoth.messages])).not.toContain(list.shareId);
  });

  it("does not subscribe a socket whose access ends while its subscribe is being decided", async () => {
    const held = startHeldLiveServer(t);
    const openHeld = async (client: Client) => {
      const socket = await TestSocket.open(held.wsUrl, { cookie: client.cookie });
      sockets.push(socket);
      return socket;
    };
    try {
      const carol = await registerUser(t, "carol");
      const list = await newList("Racy");
      await owner.post("/api/share-by-username", { listId: list.id, username: "carol", accessLevel: "write" });

      // Unshared after the grant was read, before the socket joined the list.
      const socket = await openHeld(carol);
      const gate = held.hold(list.id, carol.user.id);
      const answer = socket.connect({ listId: list.id });
      await gate.entered;
      expect((await owner.delete(`/api/unshare/${list.id}/${carol.user.id}`)).status).toBeLessThan(300);
      gate.release();
      expect(await answer).toMatchObject({ type: "error", message: "List not found" });
      await addTask(owner, list.id, "After unshare");
      expect(await socket.settle(0, 300, CHANGE_TYPES)).toEqual([]);

      // Signed out in the same window.
      await owner.post("/api/share-by-username", { listId: list.id, username: "carol", accessLevel: "write" });
      const other = await openHeld(carol);
      const outGate = held.hold(list.id, carol.user.id);
      const outAnswer = other.connect({ listId: list.id });
      await outGate.entered;
      expect((await carol.post("/api/logout")).status).toBe(200);
      outGate.release();
      expect(await outAnswer).toMatchObject({ type: "error", message: "List not found" });
      await addTask(owner, list.id, "After logout");
      expect(await other.settle(0, 300, CHANGE_TYPES)).toEqual([]);
    } finally {
      await held.running.stop();
    }
  });

  it("stops a socket's member events once its session has expired, and keeps one whose session was renewed", async () => {
    const list = await newList("Expiring");
    const users = [await registerUser(t, "erin"), await registerUser(t, "fay")] as const;
    const [expired, renewed] = await Promise.all(
      users.map(async (user) => {
        await owner.post("/api/share-by-username", { listId: list.id, username: user.user.username, accessLevel: "write" });
        const socket = await open(user);
        expect(await socket.connect({ listId: list.id })).toMatchObject({ type: "connect" });
        return { socket, sessionId: sessionIdFromToken(user.cookie.split("=")[1]!) };
      }),
    );
    await t.store.sessions.extend(expired!.sessionId, Date.now() - 1);
    await t.store.sessions.extend(renewed!.sessionId, Date.now() + 60 * DAY_MS);
    const from = [expired!.socket.messages.length, renewed!.socket.messages.length] as const;

    // An event reaches them past the expiry each socket read at its upgrade (at most 30 days on).
    const clock = vi.spyOn(Date, "now").mockReturnValue(Date.now() + 31 * DAY_MS);
    try {
      await t.bus.publish(listTopic(list.id), {
        type: "task_created",
        id: 1e9,
        timestamp: 1,
        messageId: crypto.randomUUID(),
        payload: {},
        listId: list.id,
        shareId: list.shareId,
      });
    } finally {
      clock.mockRestore();
    }
    await expired!.socket.nextOfType("access_revoked", 3000, from[0]);
    await renewed!.socket.nextOfType("resync", 3000, from[1]);
    await addTask(owner, list.id, "After expiry");
    expect(await expired!.socket.settle(from[0], 300, CHANGE_TYPES)).toEqual([]);
    expect(await renewed!.socket.nextOfType("task_created", 3000, from[1])).toMatchObject({ payload: { title: "After expiry" } });
  });

  it("pushes version_update to every socket, and the admin's sentCount counts them", async () => {
    const sockets = [await open(owner), await open(bob), await open()];
    const connected = live.realtime.connectedClients();
    expect(connected).toBeGreaterThanOrEqual(3);
    const admin = new Client(t);
    await admin.post("/api/login", { username: "owner", password: "password123" });
    const liveAdmin = new Client(t);
    liveAdmin.cookie = admin.cookie;
    const response = await fetch(`${live.running.url}/api/admin/trigger-version-update`, {
      method: "POST",
      headers: { cookie: admin.cookie, "content-type": "application/json" },
      body: JSON.stringify({ changes: ["feat: live updates"] }),
    });
    expect(response.status).toBe(200);
    const { sentCount, versionId } = (await response.json()) as { sentCount: number; versionId: string };
    expect(sentCount).toBe(connected);
    for (const socket of sockets) {
      // A version update {versionId, changes, timestamp}, inside a live message.
      expect(await socket.nextOfType("version_update")).toMatchObject({
        versionId,
        changes: ["live updates"],
        timestamp: expect.any(Number),
        payload: { versionId, changes: ["live updates"] },
      });
    }
  });

  it("after the bus lost messages, re-checks every socket: lost revocations and sign-outs take effect, the rest resync", async () => {
    // A bus that can say it lost messages, as the Redis one does when its connection comes back.
    const gapListeners = new Set<() => void>();
    const bus: EventBus = {
      ...t.bus,
      onGap: (listener) => {
        gapListeners.add(listener);
        return () => gapListeners.delete(listener);
      },
    };
    const gappy = startLiveServer(t, { bus });
    try {
      const list = await newList("Through a gap");
      const [gina, hal] = [await registerUser(t, "gina"), await registerUser(t, "hal")];
      for (const user of [gina, hal])
        await owner.post("/api/share-by-username", { listId: list.id, username: user.user.username, accessLevel: "write" });
      const openOn = async (client: Client) => {
        const socket = await TestSocket.open(gappy.wsUrl, { cookie: client.cookie });
        sockets.push(socket);
        expect(await socket.connect({ listId: list.id })).toMatchObject({ type: "connect" });
        return socket;
      };
      const [ownerSocket, ginaSocket, halSocket] = [await openOn(owner), await openOn(gina), await openOn(hal)];
      // Gina's unshare and Hal's logout happen where this instance never hears of them.
      await t.store.shares.revoke(list.id, gina.user.id);
      await t.store.sessions.delete(sessionIdFromToken(hal.cookie.split("=")[1]!));
      const from = [ownerSocket, ginaSocket, halSocket].map((socket) => socket.messages.length) as [number, number, number];
      for (const listener of gapListeners) listener();

      expect(await ownerSocket.nextOfType("resync", 3000, from[0])).toMatchObject({ listId: list.id });
      await ginaSocket.nextOfType("access_revoked", 3000, from[1]);
      await halSocket.nextOfType("access_revoked", 3000, from[2]);
      await addTask(owner, list.id, "After the gap");
      expect(await ownerSocket.nextOfType("task_created", 3000, from[0])).toMatchObject({ payload: { title: "After the gap" } });
      expect(await ginaSocket.settle(from[1], 300, CHANGE_TYPES)).toEqual([]);
      expect(await halSocket.settle(from[2], 0, CHANGE_TYPES)).toEqual([]);
    } finally {
      await gappy.running.stop();
    }
  });

  /** Another session of an existing user (the password is the test default until changed). */
  async function registerUserSession(username: string) {
    const client = new Client(t);
    const response = await client.post("/api/login", { username, password: "password123" });
    if (response.status !== 200) throw new Error(`login ${username}: ${response.status}`);
    return client;
  }
});
