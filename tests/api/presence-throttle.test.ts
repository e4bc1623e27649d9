import { afterAll, beforeAll, expect, it } from "vitest";
import { createRealtime } from "../../src/realtime";
import { PRESENCE_INTERVAL_MS } from "../../src/realtime/presence";
import { startServer, type RunningServer } from "../../src/serve";
import type { PresencePayload } from "../../src/shared/live-messages";
import type { LiveMessage } from "../../src/shared/realtime";
import type { TaskList } from "../../src/shared/types";
import { describeEachDialect } from "../helpers/databases";
import { TestSocket } from "../helpers/live";
import { createManualTimers, type ManualTimers } from "../helpers/manual-timers";
import { makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

/**
 * Presence reaches a list's viewers at most twice a second, however often sockets
 * come and go. Presence's timers stand still here until the test moves them, so "within the same
 * half second" is exact and nothing sleeps.
 */
const presenceOf = (message: LiveMessage) => message.payload as PresencePayload;
const names = (payload: PresencePayload) => payload.people.map((person) => person.username);
const presenceSince = (socket: TestSocket, from: number) => socket.messages.slice(from).filter((m) => m.type === "presence");

/** Follows (connect) or leaves (unsubscribe) as the browser does, and waits for the answer. */
async function send(socket: TestSocket, message: Record<string, unknown>): Promise<void> {
  const messageId = crypto.randomUUID();
  socket.send({ ...message, messageId, timestamp: Date.now() });
  if (message.type === "connect") await socket.next((m) => m.messageId === messageId);
}

async function pingPong(socket: TestSocket) {
  const from = socket.messages.length;
  socket.send({ type: "ping", timestamp: Date.now() });
  await socket.nextOfType("pong", 3_000, from);
}

describeEachDialect("presence spaced out per list", (dialect) => {
  let t: TestApp;
  let timers: ManualTimers;
  let running: RunningServer;
  const sockets: TestSocket[] = [];
  const open = async (headers: Record<string, string>) => {
    const socket = await TestSocket.open(`${running.url.replace("http", "ws")}/ws`, headers);
    sockets.push(socket);
    return socket;
  };
  /** The next half second passes; the presence message it lets out is awaited on `socket`. */
  const halfSecondThen = (socket: TestSocket, check: (payload: PresencePayload) => boolean, from: number) => {
    timers.advance(PRESENCE_INTERVAL_MS);
    return socket.next((m) => m.type === "presence" && check(presenceOf(m)), 3_000, from);
  };

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    timers = createManualTimers();
    // A long TTL: no client here goes silent, so only joins and leaves change presence.
    const realtime = createRealtime({ store: t.store, bus: t.bus, presence: { ttlMs: 60_000, timers } });
    running = startServer({ store: t.store, config: t.config, bus: t.bus, assets: t.assets, realtime }, { port: 0, hostname: "127.0.0.1" });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await running.stop();
    await t.close();
  });

  it("tells a viewer once, with the final state, while one socket follows and leaves the list 300 times", async () => {
    const owner = await registerUser(t, "viewer");
    const list = (await owner.post<TaskList>("/api/task-lists", { name: "Busy" })).body;
    const viewer = await open({ cookie: owner.cookie });
    await send(viewer, { type: "connect", listId: list.id, presence: true });
    await halfSecondThen(viewer, (p) => names(p).join() === "viewer", 0);

    const from = viewer.messages.length;
    const mallory = await open({ cookie: "listwell_guest=Mallory" });
    for (let i = 0; i < 300; i++) {
      await send(mallory, { type: "connect", shareId: list.shareId, presence: true });
      if (i < 299) await send(mallory, { type: "unsubscribe", shareId: list.shareId });
    }
    // Still within the half second of the last message: the viewer has heard nothing more (its
    // pong comes after anything the server sent it before).
    await pingPong(viewer);
    expect(presenceSince(viewer, from)).toEqual([]);
    // The control: once the half second is over, the state the burst left arrives, once.
    const final = await halfSecondThen(viewer, (p) => names(p).includes("Mallory (guest)"), from);
    expect(presenceOf(final)).toEqual({
      people: [
        { userId: null, username: "Mallory (guest)" },
        { userId: owner.user.id, username: "viewer" },
      ],
      guests: 0,
    });
    expect(presenceSince(viewer, from)).toHaveLength(1);
    // Following again and again does not make the socket itself hear it more than once.
    await mallory.nextOfType("presence");
    await pingPong(mallory);
    expect(presenceSince(mallory, 0)).toEqual([final]);

    // Leaving is told too, at the end of the next half second, and only then.
    const beforeLeave = viewer.messages.length;
    await send(mallory, { type: "unsubscribe", shareId: list.shareId });
    await pingPong(mallory);
    await pingPong(viewer);
    expect(presenceSince(viewer, beforeLeave)).toEqual([]);
    const left = await halfSecondThen(viewer, (p) => names(p).join() === "viewer", beforeLeave);
    expect(presenceOf(left)).toEqual({ people: [{ userId: owner.user.id, username: "viewer" }], guests: 0 });
    expect(presenceSince(viewer, beforeLeave)).toHaveLength(1);
  });
});
