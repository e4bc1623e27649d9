import type { LiveMessage, PollResponse } from "../../src/shared/live-messages";

/**
 * The long-poll client (docs/product-rules.md#live-updates), for when websockets fail: connect (10 s timeout),
 * subscribe, then poll (35 s timeout) again 100 ms after each answer, resuming from the last
 * event id. A 404 means the server forgot the client (restart, another instance): connect again
 * and resume. After 5 failed attempts in a row it goes passive and tries again after 30 s.
 */
export type PollingState = "connecting" | "connected" | "passive" | "stopped";

export interface PollingTarget {
  listId?: number;
  shareId?: string;
}

export interface PollingOptions {
  target: PollingTarget;
  /** Resume after this id (e.g. the last one the websocket delivered). */
  lastEventId?: number;
  onEvents(events: LiveMessage[]): void;
  onState?(state: PollingState): void;
  fetch?: typeof fetch;
  timing?: Partial<typeof POLLING_TIMING>;
}

export const POLLING_TIMING = {
  connectTimeoutMs: 10_000,
  pollTimeoutMs: 35_000,
  repollDelayMs: 100,
  maxFailures: 5,
  passiveRetryMs: 30_000,
};

class UnknownClient extends Error {}

export class PollingClient {
  private clientId: string | undefined;
  private lastEventId: number | undefined;
  private failures = 0;
  private state: PollingState = "stopped";
  private controller: AbortController | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly timing: typeof POLLING_TIMING;

  constructor(private readonly options: PollingOptions) {
    this.lastEventId = options.lastEventId;
    this.timing = { ...POLLING_TIMING, ...options.timing };
  }

  get currentState(): PollingState {
    return this.state;
  }

  get lastId(): number | undefined {
    return this.lastEventId;
  }

  /** A getter, so a check after an await reads the state anew. */
  private get stopped(): boolean {
    return this.state === "stopped";
  }

  start() {
    if (this.state !== "stopped") return;
    this.setState("connecting");
    this.later(0);
  }

  stop() {
    this.setState("stopped");
    clearTimeout(this.timer);
    this.controller?.abort();
  }

  /** The network is back (the browser's `online`): a client waiting out failures tries again now. */
  wake() {
    if (this.stopped || this.state === "connected") return;
    this.failures = 0;
    this.later(0);
  }

  private setState(state: PollingState) {
    if (this.state === state) return;
    this.state = state;
    this.options.onState?.(state);
  }

  private later(ms: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.step(), ms);
  }

  /** One round: connect and subscribe when there is no client, else one long poll. */
  private async step() {
    if (this.stopped) return;
    try {
      if (!this.clientId) {
        this.setState("connecting");
        await this.connect();
        this.setState("connected");
      }
      const events = await this.pollOnce();
      this.failures = 0;
      this.setState("connected");
      if (events.length > 0) {
        for (const event of events) if (typeof event.id === "number") this.lastEventId = Math.max(this.lastEventId ?? 0, event.id);
        this.options.onEvents(events);
      }
      this.later(this.timing.repollDelayMs);
    } catch (error) {
      if (this.stopped) return;
      if (error instanceof UnknownClient) {
        this.clientId = undefined;
        this.later(0);
        return;
      }
      this.failures++;
      if (this.failures >= this.timing.maxFailures) {
        this.failures = 0;
        this.clientId = undefined;
        this.setState("passive");
        this.later(this.timing.passiveRetryMs);
      } else {
        this.later(Math.min(1000 * this.failures, 5000));
      }
    }
  }

  private query(extra: Record<string, string> = {}): string {
    const params = new URLSearchParams(extra);
    if (this.options.target.shareId) params.set("shareId", this.options.target.shareId);
    const text = params.toString();
    return text ? `?${text}` : "";
  }

  private async request<T>(path: string, init: RequestInit, timeoutMs: number): Promise<T> {
    const controller = new AbortController();
    this.controller = controller;
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await (this.options.fetch ?? fetch)(path, {
        ...init,
        credentials: "same-origin",
        headers: { Accept: "application/json", ...(init.body ? { "Content-Type": "application/json" } : {}) },
        signal: controller.signal,
      });
      if (response.status === 404) throw new UnknownClient();
      if (!response.ok) throw new Error(`${response.status}`);
      return (await response.json()) as T;
    } finally {
      clearTimeout(timer);
    }
  }

  private async connect() {
    const { clientId } = await this.request<{ clientId: string }>(
      `/api/poll/connect${this.query()}`,
      { method: "POST", body: JSON.stringify({}) },
      this.timing.connectTimeoutMs,
    );
    const { listId, shareId } = this.options.target;
    if (listId !== undefined || shareId) {
      try {
        const subscribed = await this.request<{ listId?: number; eventId?: number }>(
          `/api/poll/subscribe${this.query()}`,
          {
            method: "POST",
            body: JSON.stringify({
              clientId,
              ...(listId !== undefined ? { listId } : {}),
              ...(shareId ? { shareId } : {}),
              presence: true,
            }),
          },
          this.timing.connectTimeoutMs,
        );
        // Polling starts from the subscription's floor, so whatever changed before it (since the
        // page rendered, or while the websocket was failing) is told as the websocket tells it:
        // a `connect` with the list's event id, on which the page refetches if it moved.
        this.options.onEvents([
          {
            type: "connect",
            timestamp: Date.now(),
            messageId: crypto.randomUUID(),
            ...((subscribed.listId ?? listId) !== undefined ? { listId: subscribed.listId ?? listId } : {}),
            shareId: shareId ?? "",
            payload: typeof subscribed.eventId === "number" ? { eventId: subscribed.eventId } : {},
          },
        ]);
      } catch (error) {
        // The list itself is gone or no longer ours: keep the client for user and version messages.
        if (!(error instanceof UnknownClient)) throw error;
      }
    }
    this.clientId = clientId;
  }

  private async pollOnce(): Promise<LiveMessage[]> {
    const extra: Record<string, string> = this.lastEventId !== undefined ? { lastEventId: String(this.lastEventId) } : {};
    const answer = await this.request<PollResponse>(
      `/api/poll/${this.clientId}${this.query(extra)}`,
      { method: "GET" },
      this.timing.pollTimeoutMs,
    );
    return answer.events ?? [];
  }
}
