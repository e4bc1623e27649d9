import type { LiveMessage } from "../../src/shared/realtime";
import { parseLiveMessage } from "../../src/shared/realtime";
import { createRealtime, type Realtime } from "../../src/realtime";
import type { EventBus } from "../../src/domain/bus";
import { startServer, type RunningServer } from "../../src/serve";
import type { TestApp } from "./test-app";

/** A real server on a free port over a test app's store and bus, for websocket and long-poll tests. */
export function startLiveServer(
  t: TestApp,
  options: { bus?: EventBus; pollWaitMs?: number; pollIdleMs?: number } = {},
): {
  running: RunningServer;
  realtime: Realtime;
  wsUrl: string;
} {
  const bus = options.bus ?? t.bus;
  const realtime = createRealtime({
    store: t.store,
    bus,
    poll: { waitMs: options.pollWaitMs ?? 1_000, idleMs: options.pollIdleMs ?? 60_000 },
  });
  const running = startServer({ store: t.store, config: t.config, bus, assets: t.assets, realtime }, { port: 0, hostname: "127.0.0.1" });
  return { running, realtime, wsUrl: `${running.url.replace("http", "ws")}/ws` };
}

/** A websocket client that records every message, so tests can wait for one or assert silence. */
export class TestSocket {
  readonly messages: LiveMessage[] = [];
  private waiters: Array<() => void> = [];

  private constructor(readonly ws: WebSocket) {
    ws.addEventListener("message", (event) => {
      const message = parseLiveMessage(String(event.data));
      if (message) this.messages.push(message);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static open(url: string, headers: Record<string, string> = {}): Promise<TestSocket> {
    // Bun's WebSocket takes headers (the session cookie, an Origin) as a non-standard option.
    const ws = new WebSocket(url, { headers } as unknown as string[]);
    const socket = new TestSocket(ws);
    return new Promise((resolve, reject) => {
      ws.addEventListener("open", () => resolve(socket), { once: true });
      ws.addEventListener("error", () => reject(new Error("websocket failed to open")), { once: true });
    });
  }

  send(message: Record<string, unknown>) {
    this.ws.send(JSON.stringify(message));
  }

  /** The first message (from now on, or already received after `from`) that matches. */
  async next(match: (message: LiveMessage) => boolean, timeoutMs = 3_000, from = 0): Promise<LiveMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.slice(from).find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching message; got ${JSON.stringify(this.messages.slice(from))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  nextOfType = (type: string, timeoutMs?: number, from?: number) => this.next((m) => m.type === type, timeoutMs, from);

  /** Sends connect for a list and waits for the server's answer (connect, subscribed or error). */
  async connect(target: { listId?: number; shareId?: string }, type: "connect" | "subscribe" = "connect"): Promise<LiveMessage> {
    const messageId = crypto.randomUUID();
    this.send({ type, ...target, timestamp: Date.now(), messageId });
    return this.next((m) => m.messageId === messageId);
  }

  /** Messages of these types received after `from`, after letting `ms` pass. */
  async settle(from: number, ms = 300, types?: string[]): Promise<LiveMessage[]> {
    await Bun.sleep(ms);
    return this.messages.slice(from).filter((m) => !types || types.includes(m.type));
  }

  close() {
    this.ws.close();
  }
}

/** Change events (not acknowledgements) among messages. */
export const CHANGE_TYPES = [
  "task_created",
  "task_updated",
  "task_deleted",
  "tasks_reordered",
  "tasks_reset",
  "list_updated",
  "sections_updated",
];

/** A JSON call over real HTTP to a running server: the status and the parsed answer. */
export async function jsonCall<T>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as T };
}
