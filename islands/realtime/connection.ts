import type { LiveMessage } from "../../src/shared/live-messages";
import { jitteredDelay } from "./backoff";
import { createDeduper } from "./dedupe";
import type { PollingClient, PollingOptions, PollingTarget } from "./polling";
import { deliverLive } from "./refresh-signal";
import { LiveSocket, type LiveSocketOptions } from "./socket";

/**
 * The realtime connection (docs/product-rules.md#live-updates): one websocket (through the wrapper) following one list,
 * or none for the user's own messages; reconnects by 1.5× with 20 % jitter, warns after the
 * second attempt, and after the fifth falls back to long polling for the rest of the page's life.
 * Every message goes through the same dedupe (last 100 ids), whichever transport brought it, and
 * then to the page's subscribers (`subscribeLive`, ./refresh-signal.ts) and the connection's owner.
 */
export const WARN_AT_ATTEMPT = 2;
export const FALLBACK_AT_ATTEMPT = 5;
/** `subscribe` follows `connect` 500 ms later, unless the server already answered (docs/http-contract.md#websocket). */
export const SUBSCRIBE_AFTER_MS = 500;

export interface Notice {
  title: string;
  description: string;
  variant?: "default" | "destructive";
}

export const CONNECTION_ISSUES: Notice = { title: "Connection Issues", description: "Trying to reconnect to the server..." };
export const FALLING_BACK: Notice = {
  title: "Connection Error",
  description: "Unable to maintain connection to server. Falling back to long polling.",
  variant: "destructive",
};

export interface RealtimeConnectionOptions {
  target: PollingTarget;
  /** ws:// or wss:// URL of /ws. */
  url: string;
  onMessage(message: LiveMessage): void;
  notify(notice: Notice): void;
  /** The page is live: subscribed over the websocket, or polling successfully. */
  onLive?(transport: Transport): void;
  socket?: Partial<LiveSocketOptions>;
  polling?: Partial<Omit<PollingOptions, "target" | "onEvents">>;
  random?: () => number;
}

export type Transport = "websocket" | "polling";

export class RealtimeConnection {
  private readonly socket: LiveSocket;
  private polling: PollingClient | undefined;
  private readonly deduper = createDeduper();
  private lastEventId: number | undefined;
  private subscribeTimer: ReturnType<typeof setTimeout> | undefined;
  private pendingConnectId: string | undefined;
  private pollingCode: Promise<void> | undefined;
  private stopped = false;
  transport: Transport = "websocket";

  constructor(private readonly options: RealtimeConnectionOptions) {
    const random = options.random ?? Math.random;
    this.socket = new LiveSocket(
      { delay: (attempt) => jitteredDelay(attempt, random), ...options.socket, url: options.url },
      {
        onOpen: () => this.subscribe(),
        onMessage: (message) => this.receive(message),
        onReconnecting: (attempt) => this.onReconnecting(attempt),
        onGiveUp: () => this.fallBack(),
      },
    );
  }

  start() {
    this.socket.connect();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.subscribeTimer);
    this.socket.destroy();
    this.polling?.stop();
  }

  /** The browser is back online: reconnect now, not when the backoff would have. */
  resume() {
    if (this.transport !== "polling") this.socket.connect();
    else if (this.polling) this.polling.wake();
    else this.poll();
  }

  private hasTarget() {
    return this.options.target.listId !== undefined || Boolean(this.options.target.shareId);
  }

  private subscribe() {
    if (!this.hasTarget()) {
      this.options.onLive?.("websocket");
      return;
    }
    const messageId = crypto.randomUUID();
    this.pendingConnectId = messageId;
    // `presence`: this page shows who has the list open.
    this.socket.send({ type: "connect", ...this.options.target, presence: true, timestamp: Date.now(), messageId });
    clearTimeout(this.subscribeTimer);
    this.subscribeTimer = setTimeout(() => {
      if (this.pendingConnectId !== messageId) return;
      this.socket.send({
        type: "subscribe",
        ...this.options.target,
        presence: true,
        timestamp: Date.now(),
        messageId: crypto.randomUUID(),
      });
    }, SUBSCRIBE_AFTER_MS);
  }

  private onReconnecting(attempt: number) {
    if (attempt === WARN_AT_ATTEMPT) this.options.notify(CONNECTION_ISSUES);
    if (attempt >= FALLBACK_AT_ATTEMPT) this.fallBack();
  }

  private fallBack() {
    if (this.transport === "polling") return;
    this.transport = "polling";
    this.options.notify(FALLING_BACK);
    this.socket.destroy();
    this.poll();
  }

  /**
   * The long poll's code is loaded only on the pages that fall back to it
   * (docs/decisions/065-page-bundles.md); when it cannot be fetched (offline, nothing kept),
   * `resume` tries again once the browser is back online.
   */
  private poll() {
    this.pollingCode ??= import("./polling").then(
      ({ PollingClient }) => {
        if (this.stopped) return;
        this.startPolling(PollingClient);
      },
      () => {
        this.pollingCode = undefined;
      },
    );
  }

  private startPolling(Client: typeof PollingClient) {
    this.polling = new Client({
      ...this.options.polling,
      target: this.options.target,
      ...(this.lastEventId !== undefined ? { lastEventId: this.lastEventId } : {}),
      onEvents: (events) => {
        for (const event of events) this.receive(event);
      },
      onState: (state) => {
        if (state === "connected") this.options.onLive?.("polling");
      },
    });
    this.polling.start();
  }

  private receive(message: LiveMessage) {
    if (message.type === "connect" || message.type === "subscribed" || message.type === "error") {
      if (message.messageId === this.pendingConnectId) this.pendingConnectId = undefined;
      if (message.type === "connect") this.options.onLive?.("websocket");
      if (message.type === "subscribed") return;
    }
    if (this.deduper.isDuplicate(message.messageId)) return;
    if (typeof message.id === "number") this.lastEventId = Math.max(this.lastEventId ?? 0, message.id);
    deliverLive(message);
    this.options.onMessage(message);
  }
}
