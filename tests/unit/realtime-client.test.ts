import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CONNECTION_ISSUES, FALLING_BACK, RealtimeConnection, type Notice } from "../../islands/realtime/connection";
import { PollingClient, type PollingState } from "../../islands/realtime/polling";
import { jitteredDelay } from "../../islands/realtime/backoff";
import { LiveSocket } from "../../islands/realtime/socket";
import type { LiveMessage } from "../../src/shared/realtime";

/** The websocket wrapper, the polling client and the connection (docs/product-rules.md#live-updates), on fake sockets and timers. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState: number = WebSocket.CONNECTING;
  sent: Array<Record<string, unknown>> = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    if (this.readyState !== WebSocket.OPEN) throw new Error("not open");
    this.sent.push(JSON.parse(text) as Record<string, unknown>);
  }
  close() {
    this.readyState = WebSocket.CLOSED;
    this.onclose?.();
  }
  open() {
    this.readyState = WebSocket.OPEN;
    this.onopen?.();
  }
  receive(message: Record<string, unknown>) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const latest = () => FakeSocket.all.at(-1)!;
const createSocket = (url: string) => new FakeSocket(url) as unknown as WebSocket;

class FakeVisibility extends EventTarget {
  visibilityState: DocumentVisibilityState = "visible";
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

/** The reconnect delays without their jitter: 1 s, 1.5 s, 2.25 s … */
const middleDelay = (attempt: number) => jitteredDelay(attempt, () => 0.5);

describe("websocket wrapper", () => {
  it("queues up to 50 messages while closed and sends them on open", () => {
    const socket = new LiveSocket({ url: "ws://x/ws", createSocket });
    socket.connect();
    for (let i = 0; i < 60; i++) socket.send({ type: "n", i });
    latest().open();
    expect(latest().sent.map((message) => message.i)).toEqual(Array.from({ length: 50 }, (_, i) => i + 10));
    socket.send({ type: "now" });
    expect(latest().sent.at(-1)).toEqual({ type: "now" });
  });

  it("reconnects after 1, 1.5, 2.25 … s up to 10 attempts, then gives up until the page is visible again", () => {
    const visibility = new FakeVisibility();
    const attempts: number[] = [];
    let gaveUp = 0;
    const socket = new LiveSocket(
      { url: "ws://x/ws", createSocket, visibility: visibility as unknown as Document, delay: middleDelay },
      {
        onReconnecting: (attempt) => attempts.push(attempt),
        onGiveUp: () => gaveUp++,
      },
    );
    socket.connect();
    latest().close();
    expect(attempts).toEqual([1]);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    latest().close();
    vi.advanceTimersByTime(1499);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    for (let i = 0; i < 20; i++) {
      latest().close();
      vi.advanceTimersByTime(30_000);
    }
    expect(attempts).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(gaveUp).toBe(1);
    expect(FakeSocket.all).toHaveLength(11);

    visibility.dispatchEvent(new Event("visibilitychange"));
    expect(FakeSocket.all).toHaveLength(12);
    latest().open();
    expect(socket.connected).toBe(true);
  });

  it("stops reconnecting after an intentional disconnect, even when the page becomes visible", () => {
    const visibility = new FakeVisibility();
    const socket = new LiveSocket({ url: "ws://x/ws", createSocket, visibility: visibility as unknown as Document });
    socket.connect();
    latest().open();
    socket.disconnect();
    vi.advanceTimersByTime(60_000);
    visibility.dispatchEvent(new Event("visibilitychange"));
    expect(FakeSocket.all).toHaveLength(1);
  });

  it("pings every 15 s and drops a connection whose pong does not come within 10 s", () => {
    let closes = 0;
    const socket = new LiveSocket({ url: "ws://x/ws", createSocket, delay: middleDelay }, { onClose: () => closes++ });
    socket.connect();
    const first = latest();
    first.open();
    vi.advanceTimersByTime(15_000);
    expect(first.sent).toEqual([{ type: "ping", timestamp: expect.any(Number) }]);
    first.receive({ type: "pong", timestamp: 1 });
    vi.advanceTimersByTime(10_000);
    expect(closes).toBe(0);
    vi.advanceTimersByTime(5_000);
    expect(first.sent).toHaveLength(2);
    vi.advanceTimersByTime(10_000);
    expect(closes).toBe(1);
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it("reconnects at once when the page becomes visible while it waits", () => {
    const visibility = new FakeVisibility();
    const socket = new LiveSocket({ url: "ws://x/ws", createSocket, visibility: visibility as unknown as Document });
    socket.connect();
    latest().close();
    visibility.visibilityState = "hidden";
    visibility.dispatchEvent(new Event("visibilitychange"));
    expect(FakeSocket.all).toHaveLength(1);
    visibility.visibilityState = "visible";
    visibility.dispatchEvent(new Event("visibilitychange"));
    expect(FakeSocket.all).toHaveLength(2);
  });
});

/** A scripted /api/poll server: answers in order, recording each request. */
function fakePollServer(answers: Array<(url: string) => Response>) {
  const calls: string[] = [];
  const fetcher = async (input: RequestInfo | URL) => {
    const url = String(input);
    calls.push(url);
    const answer = answers.shift();
    if (!answer) return new Promise<Response>(() => {});
    return answer(url);
  };
  return { calls, fetch: fetcher as typeof fetch };
}
const json =
  (body: unknown, status = 200) =>
  () =>
    Response.json(body, { status });

describe("polling client", () => {
  it("connects, subscribes, polls with lastEventId, re-polls after 100 ms, and reconnects on 404", async () => {
    const server = fakePollServer([
      json({ clientId: "c1" }),
      json({ subscribed: true, eventId: 5 }),
      json({ events: [{ type: "task_created", id: 7, timestamp: 1, messageId: "m1" }] }),
      json({ message: "Unknown poll client" }, 404),
      json({ clientId: "c2" }),
      json({ subscribed: true }),
      json({ events: [] }),
    ]);
    const received: LiveMessage[] = [];
    const client = new PollingClient({
      target: { shareId: "s1" },
      lastEventId: 3,
      fetch: server.fetch,
      onEvents: (events) => received.push(...events),
    });
    client.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls.slice(0, 3)).toEqual([
      "/api/poll/connect?shareId=s1",
      "/api/poll/subscribe?shareId=s1",
      "/api/poll/c1?lastEventId=3&shareId=s1",
    ]);
    // Subscribed: the list's event id then is told as a `connect`, so the page can refetch what it missed.
    expect(received.map((event) => [event.type, event.id, event.payload])).toEqual([
      ["connect", undefined, { eventId: 5 }],
      ["task_created", 7, undefined],
    ]);
    await vi.advanceTimersByTimeAsync(99);
    expect(server.calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls[3]).toBe("/api/poll/c1?lastEventId=7&shareId=s1");
    await vi.advanceTimersByTimeAsync(200);
    expect(server.calls.slice(4)).toEqual([
      "/api/poll/connect?shareId=s1",
      "/api/poll/subscribe?shareId=s1",
      "/api/poll/c2?lastEventId=7&shareId=s1",
      "/api/poll/c2?lastEventId=7&shareId=s1",
    ]);
    client.stop();
  });

  it("goes passive after 5 failed attempts and tries again after 30 s", async () => {
    const fail = () => {
      throw new TypeError("network down");
    };
    const server = fakePollServer([fail, fail, fail, fail, fail, json({ clientId: "c1" }), json({ events: [] })]);
    const states: PollingState[] = [];
    const client = new PollingClient({ target: {}, fetch: server.fetch, onEvents: () => {}, onState: (state) => states.push(state) });
    client.start();
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 3000 + 4000);
    expect(server.calls).toHaveLength(5);
    expect(states).toEqual(["connecting", "passive"]);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(server.calls).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(1);
    expect(states).toEqual(["connecting", "passive", "connecting", "connected"]);
    client.stop();
  });

  it("gives up a poll after 35 s and a connect after 10 s", async () => {
    const hang = (url: string) => new Promise<Response>(() => void url);
    const signals: AbortSignal[] = [];
    const fetcher = ((_: RequestInfo | URL, init?: RequestInit) => {
      signals.push(init!.signal!);
      return hang("");
    }) as typeof fetch;
    const client = new PollingClient({ target: {}, fetch: fetcher, onEvents: () => {} });
    client.start();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(signals[0]!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signals[0]!.aborted).toBe(true);
    client.stop();
  });
});

describe("realtime connection", () => {
  it("connects to the list, then subscribes after 500 ms if the server has not answered", () => {
    const connection = new RealtimeConnection({
      target: { listId: 4 },
      url: "ws://x/ws",
      onMessage: () => {},
      notify: () => {},
      socket: { createSocket },
    });
    connection.start();
    latest().open();
    expect(latest().sent).toEqual([
      { type: "connect", listId: 4, presence: true, timestamp: expect.any(Number), messageId: expect.any(String) },
    ]);
    vi.advanceTimersByTime(500);
    expect(latest().sent.map((message) => message.type)).toEqual(["connect", "subscribe"]);
    connection.stop();
  });

  it("passes each event once, warns after the second failed attempt and falls back to polling at the fifth", async () => {
    const notices: Notice[] = [];
    const received: LiveMessage[] = [];
    const server = fakePollServer([
      json({ clientId: "c1" }),
      json({ subscribed: true }),
      json({
        events: [
          { type: "task_updated", id: 9, timestamp: 1, messageId: "dup" },
          { type: "task_deleted", id: 10, timestamp: 1, messageId: "new" },
        ],
      }),
    ]);
    const connection = new RealtimeConnection({
      target: { listId: 4 },
      url: "ws://x/ws",
      onMessage: (message) => received.push(message),
      notify: (notice) => notices.push(notice),
      socket: { createSocket },
      polling: { fetch: server.fetch },
      random: () => 0.5,
    });
    connection.start();
    latest().open();
    latest().receive({ type: "connect", messageId: "ack", listId: 4, timestamp: 1 });
    latest().receive({ type: "task_updated", id: 8, messageId: "dup", listId: 4, timestamp: 1 });
    latest().receive({ message_type: "TASK_UPDATED", id: 8, messageId: "dup", listId: 4, timestamp: 1 });
    expect(received.map((message) => message.type)).toEqual(["connect", "task_updated"]);

    latest().close();
    expect(notices).toEqual([]);
    vi.advanceTimersByTime(1000);
    latest().close();
    expect(notices).toEqual([CONNECTION_ISSUES]);
    for (const delay of [1500, 2250, 3375]) {
      vi.advanceTimersByTime(delay);
      latest().close();
    }
    expect(notices).toEqual([CONNECTION_ISSUES, FALLING_BACK]);
    expect(connection.transport).toBe("polling");
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls[2]).toBe("/api/poll/c1?lastEventId=8");
    // The message the websocket already delivered is not delivered again; polling's own subscribe
    // is told as a `connect`, so the page refetches what changed while the socket was failing.
    expect(received.map((message) => message.messageId ?? message.type)).toEqual(["ack", "dup", received[2]!.messageId, "new"]);
    expect(received[2]).toMatchObject({ type: "connect", listId: 4 });
    const sockets = FakeSocket.all.length;
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(sockets);
    connection.stop();
  });
});
