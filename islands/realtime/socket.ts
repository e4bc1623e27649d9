import { parseLiveMessage, type LiveMessage } from "../../src/shared/live-messages";
import { jitteredDelay } from "./backoff";

/**
 * The websocket wrapper (docs/product-rules.md#live-updates): reconnects with backoff (1 s growing
 * by 1.5 to 30 s, ±20 % so a restart is not met by every browser at once; at most 10 attempts), queues up to 50 messages while closed, tries a send 3 times, pings every 15 s and
 * treats a pong missing for 10 s as a dead connection. An intentional disconnect stops it; the
 * page becoming visible again reconnects at once.
 */
export interface LiveSocketOptions {
  url: string;
  /** Delay before reconnect attempt n (1-based). */
  delay?: (attempt: number) => number;
  maxAttempts?: number;
  queueMax?: number;
  sendAttempts?: number;
  pingIntervalMs?: number;
  pongTimeoutMs?: number;
  createSocket?: (url: string) => WebSocket;
  /** Where visibility changes come from (the page's document). */
  visibility?: Pick<Document, "visibilityState" | "addEventListener" | "removeEventListener">;
}

export interface LiveSocketHandlers {
  onOpen?(): void;
  onMessage?(message: LiveMessage): void;
  onClose?(): void;
  /** A reconnect is scheduled: attempt n of at most maxAttempts. */
  onReconnecting?(attempt: number): void;
  /** maxAttempts reconnects failed; nothing more is tried until the page becomes visible again. */
  onGiveUp?(): void;
}

export const SOCKET_DEFAULTS = {
  maxAttempts: 10,
  queueMax: 50,
  sendAttempts: 3,
  pingIntervalMs: 15_000,
  pongTimeoutMs: 10_000,
};

export class LiveSocket {
  private ws: WebSocket | undefined;
  private queue: string[] = [];
  private attempt = 0;
  private intentional = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly settings: typeof SOCKET_DEFAULTS;

  constructor(
    private readonly options: LiveSocketOptions,
    private readonly handlers: LiveSocketHandlers = {},
  ) {
    this.settings = { ...SOCKET_DEFAULTS, ...definedOnly(options) };
    options.visibility?.addEventListener("visibilitychange", this.onVisibility);
  }

  get connected(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  connect() {
    this.intentional = false;
    clearTimeout(this.reconnectTimer);
    if (this.ws && (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING)) return;
    let ws: WebSocket;
    try {
      ws = (this.options.createSocket ?? ((url) => new WebSocket(url)))(this.options.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.startPing();
      for (const text of this.queue.splice(0)) this.transmit(text);
      this.handlers.onOpen?.();
    };
    ws.onmessage = (event) => {
      const message = parseLiveMessage(String(event.data));
      if (!message) return;
      if (message.type === "pong") {
        clearTimeout(this.pongTimer);
        return;
      }
      this.handlers.onMessage?.(message);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = undefined;
      this.stopPing();
      this.handlers.onClose?.();
      if (!this.intentional) this.scheduleReconnect();
    };
  }

  /** Sends now when open, else queues (oldest dropped past the limit) for the next open. */
  send(message: Record<string, unknown>): void {
    const text = JSON.stringify(message);
    if (this.connected && this.transmit(text)) return;
    this.queue.push(text);
    if (this.queue.length > this.settings.queueMax) this.queue.shift();
  }

  /** Intentional: no reconnect until connect() is called again. */
  disconnect() {
    this.intentional = true;
    clearTimeout(this.reconnectTimer);
    this.stopPing();
    const ws = this.ws;
    this.ws = undefined;
    ws?.close(1000, "Client disconnect");
    this.queue = [];
  }

  /** Disconnects for good and stops listening to the page. */
  destroy() {
    this.disconnect();
    this.options.visibility?.removeEventListener("visibilitychange", this.onVisibility);
  }

  private transmit(text: string): boolean {
    for (let tries = 0; tries < this.settings.sendAttempts; tries++) {
      try {
        this.ws?.send(text);
        return true;
      } catch {
        // A send can throw while the socket is closing; try again, then keep it queued.
      }
    }
    return false;
  }

  private scheduleReconnect() {
    if (this.intentional) return;
    this.attempt++;
    if (this.attempt > this.settings.maxAttempts) {
      this.handlers.onGiveUp?.();
      return;
    }
    this.handlers.onReconnecting?.(this.attempt);
    if (this.intentional) return; // the handler may have chosen another transport
    const delay = (this.options.delay ?? jitteredDelay)(this.attempt);
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  private startPing() {
    this.stopPing();
    this.pingTimer = setInterval(() => {
      this.send({ type: "ping", timestamp: Date.now() });
      clearTimeout(this.pongTimer);
      this.pongTimer = setTimeout(() => this.abandon(), this.settings.pongTimeoutMs);
    }, this.settings.pingIntervalMs);
  }

  /** No pong in time: the connection is dead even if the browser has not noticed, so do not wait for it to. */
  private abandon() {
    const ws = this.ws;
    if (!ws) return;
    this.ws = undefined;
    this.stopPing();
    ws.close(4000, "Pong timeout");
    this.handlers.onClose?.();
    this.scheduleReconnect();
  }

  private stopPing() {
    clearInterval(this.pingTimer);
    clearTimeout(this.pongTimer);
  }

  private onVisibility = () => {
    if (this.options.visibility?.visibilityState !== "visible" || this.intentional || this.ws) return;
    this.attempt = 0;
    this.connect();
  };
}

function definedOnly(options: LiveSocketOptions): Partial<typeof SOCKET_DEFAULTS> {
  const picked: Partial<typeof SOCKET_DEFAULTS> = {};
  for (const key of Object.keys(SOCKET_DEFAULTS) as Array<keyof typeof SOCKET_DEFAULTS>) {
    const value = options[key];
    if (value !== undefined) picked[key] = value;
  }
  return picked;
}
