import { describe, expect, it } from "vitest";
import { RealtimeConnection } from "../../islands/realtime/connection";
import { subscribeLive } from "../../islands/realtime/refresh-signal";
import type { LiveMessage } from "../../src/shared/live-messages";

/** A socket that opens at once and hands the test the connection's `onmessage`. */
class OpenSocket {
  static latest: OpenSocket;
  readyState: number = WebSocket.OPEN;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor() {
    OpenSocket.latest = this;
  }
  send() {}
  close() {
    this.readyState = WebSocket.CLOSED;
  }
  receive(message: Record<string, unknown>) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

/** The list page's store hears the live connection directly (islands/realtime/refresh-signal.ts), not through the LiveUpdates island. */
describe("the live connection's subscribers", () => {
  it("hears each message once, as the connection's owner does, a late subscriber the latest connect, none once stopped", () => {
    const owner: string[] = [];
    const first: string[] = [];
    const stopFirst = subscribeLive((message: LiveMessage) => first.push(message.messageId ?? message.type));
    const connection = new RealtimeConnection({
      target: {},
      url: "ws://x/ws",
      onMessage: (message) => owner.push(message.messageId ?? message.type),
      notify: () => {},
      socket: { createSocket: () => new OpenSocket() as unknown as WebSocket },
    });
    connection.start();
    const socket = OpenSocket.latest;
    socket.receive({ type: "connect", messageId: "c1", timestamp: 1, payload: { eventId: 4 } });
    socket.receive({ type: "task_updated", messageId: "t1", listId: 3, timestamp: 1 });
    socket.receive({ type: "task_updated", messageId: "t1", listId: 3, timestamp: 1 });
    expect(first).toEqual(["c1", "t1"]);
    expect(owner).toEqual(first);

    const late: string[] = [];
    const stopLate = subscribeLive((message) => late.push(message.messageId ?? message.type));
    expect(late).toEqual(["c1"]);
    stopFirst();
    socket.receive({ type: "task_deleted", messageId: "d1", listId: 3, timestamp: 1 });
    expect(late).toEqual(["c1", "d1"]);
    expect(first).toEqual(["c1", "t1"]);
    stopLate();
    connection.stop();
  });
});
