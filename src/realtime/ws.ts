import type { Server, ServerWebSocket, WebSocketHandler } from "bun";
import { AppError } from "../domain/errors";
import { isSameOrigin } from "../shared/origin";
import { clientMessageSchema, normalizeMessage, type ClientMessage, type LiveMessage } from "../shared/realtime";
import type { Logger } from "../logger";
import type { Store } from "../store";
import type { Hub } from "./hub";
import { listNotice, withoutShareId, type Identity, type Subscriber, type Subscription } from "./subscriber";

/**
 * `/ws` (docs/http-contract.md#websocket): the session cookie says who the socket is, each
 * connect/subscribe is access-checked by the hub, and Bun's `server.publish` fans events out:
 * members of a list on `list:{id}` (events without the list's shareId), share-link holders on `share:{shareId}` (so a rotated link's
 * holders never get an event carrying the new one). A user's own messages are sent to each of the
 * user's sockets that may hear them (a token's may not hear every list's), and the rare broadcasts
 * walk the open sockets, instead of topics every socket would hold (docs/decisions/037).
 */
export interface SocketData {
  identity: Identity;
  /** The client's address (src/http/client-address.ts), which its allowance of sockets counts by. */
  address: string;
  subscriber?: Subscriber;
}

export type LiveServer = Server<SocketData>;

const memberTopic = (listId: number) => `list:${listId}`;
const linkTopic = (shareId: string) => `share:${shareId}`;
const topicOf = (subscription: Subscription) =>
  subscription.via === "member" ? memberTopic(subscription.listId) : linkTopic(subscription.shareId ?? "");

/** Frames are small JSON messages; anything bigger is not ours. */
const MAX_FRAME_BYTES = 16 * 1024;
/** Open websockets one address may hold; the next upgrade answers 429 (docs/product-rules.md#limits). */
export const MAX_SOCKETS_PER_ADDRESS = 100;
/** A refused upgrade's Retry-After: sockets are held until closed, so no moment is promised. */
const RETRY_SOCKET_SECONDS = 30;

const send = (ws: ServerWebSocket<SocketData>, message: LiveMessage) => {
  if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
};

/**
 * One socket as the hub holds it. A class rather than an object of closures, so its methods exist
 * once for all sockets instead of once per socket (docs/decisions/037).
 */
class SocketSubscriber implements Subscriber {
  identity: Identity;
  readonly subscriptions = new Map<number, Subscription>();
  hearsPresence?: boolean;

  constructor(private readonly ws: ServerWebSocket<SocketData>) {
    this.identity = ws.data.identity;
  }

  /** Bun throws when a closed socket joins or leaves a topic; a closing socket needs neither. */
  private topics(change: (ws: ServerWebSocket<SocketData>) => void) {
    if (this.ws.readyState === WebSocket.OPEN) change(this.ws);
  }

  attach(subscription: Subscription) {
    this.topics((ws) => ws.subscribe(topicOf(subscription)));
  }
  detach(subscription: Subscription) {
    this.topics((ws) => ws.unsubscribe(topicOf(subscription)));
  }
  revoked(listId: number) {
    send(this.ws, listNotice("access_revoked", listId));
  }
  resync(listId: number) {
    send(this.ws, listNotice("resync", listId));
  }
  notice(message: LiveMessage) {
    send(this.ws, message);
  }
}

export function createSocketEndpoint(hub: Hub, store: Store, logger: Logger) {
  let server: LiveServer | undefined;
  const sockets = new Set<ServerWebSocket<SocketData>>();
  /**
   * Sockets per address, each counted from its admission (before its session is read), so upgrades
   * arriving together cannot all pass the check before any of them opens; released at close.
   */
  const held = new Map<string, number>();
  const release = (address: string) => {
    const left = (held.get(address) ?? 1) - 1;
    if (left > 0) held.set(address, left);
    else held.delete(address);
  };

  hub.addTransport({
    listEvent(listId, message) {
      if (!server) return;
      // Link holders already know the shareId; members must not learn it from events (docs/product-rules.md#access).
      server.publish(memberTopic(listId), JSON.stringify(withoutShareId(message)));
      if (message.shareId) server.publish(linkTopic(message.shareId), JSON.stringify(message));
    },
    broadcast(message) {
      const json = JSON.stringify(message);
      for (const ws of sockets) if (ws.readyState === WebSocket.OPEN) ws.send(json);
    },
  });

  async function onMessage(ws: ServerWebSocket<SocketData>, subscriber: Subscriber, message: ClientMessage) {
    if (message.type === "ping") {
      send(ws, { type: "pong", timestamp: message.timestamp ?? Date.now() });
      return;
    }
    const target = {
      ...(message.listId !== undefined ? { listId: message.listId } : {}),
      ...(message.shareId ? { shareId: message.shareId } : {}),
    };
    if (message.type === "unsubscribe") {
      for (const listId of hub.unsubscribe(subscriber, target)) send(ws, { type: "unsubscribed", timestamp: Date.now(), listId });
      return;
    }
    const messageId = message.messageId ?? crypto.randomUUID();
    if (message.presence) subscriber.hearsPresence = true;
    try {
      const { subscription, fresh } = await hub.subscribe(subscriber, target);
      // `connect` makes the client refresh (docs/product-rules.md#live-updates), which is how it catches up after a reconnect.
      // Its `eventId`, read once the socket hears the list, tells a page just rendered whether
      // anything changed since its own read (decision 010): later changes arrive as events.
      const payload = fresh ? { eventId: await store.events.latestIdOf(subscription.listId) } : {};
      send(ws, listNotice(fresh ? "connect" : "subscribed", subscription.listId, { messageId, shareId: message.shareId ?? "", payload }));
    } catch (error) {
      if (!(error instanceof AppError)) logger.error("realtime: subscribe failed", error);
      send(ws, {
        type: "error",
        timestamp: Date.now(),
        messageId,
        message: error instanceof AppError ? error.message : "Subscription failed",
        ...target,
      });
    }
  }

  const handlers: WebSocketHandler<SocketData> = {
    maxPayloadLength: MAX_FRAME_BYTES,
    open(ws) {
      sockets.add(ws);
      const subscriber = new SocketSubscriber(ws);
      ws.data.subscriber = subscriber;
      hub.join(subscriber);
    },
    async message(ws, raw) {
      const subscriber = ws.data.subscriber;
      if (!subscriber) return;
      let parsed: ReturnType<typeof clientMessageSchema.safeParse> | undefined;
      try {
        parsed = clientMessageSchema.safeParse(normalizeMessage(JSON.parse(typeof raw === "string" ? raw : raw.toString())));
      } catch {
        parsed = undefined;
      }
      if (!parsed?.success) {
        send(ws, { type: "error", timestamp: Date.now(), message: parsed?.error.issues[0]?.message ?? "Invalid message" });
        return;
      }
      await onMessage(ws, subscriber, parsed.data);
    },
    close(ws) {
      sockets.delete(ws);
      release(ws.data.address);
      if (ws.data.subscriber) hub.leave(ws.data.subscriber);
    },
  };

  return {
    handlers,
    attach(running: LiveServer) {
      server = running;
    },
    count: () => sockets.size,

    /**
     * The upgrade, once the app's `/ws` route has read the caller's session: a foreign Origin is
     * refused, then `identify` names the user (if signed in); without one the socket is
     * anonymous and can only follow lists through their shareId.
     */
    async upgrade(
      request: Request,
      running: LiveServer,
      address: string,
      identify: () => Promise<Identity>,
    ): Promise<Response | undefined> {
      const origin = request.headers.get("origin");
      if (origin && !isSameOrigin(origin, request.url, request.headers.get("host") ?? undefined)) {
        return Response.json({ message: "Cross-origin requests are not allowed" }, { status: 403 });
      }
      if ((held.get(address) ?? 0) >= MAX_SOCKETS_PER_ADDRESS) {
        return Response.json(
          { message: "Too many live connections from this address. Please try again later.", error: "SOCKET_LIMIT" },
          { status: 429, headers: { "Retry-After": String(RETRY_SOCKET_SECONDS) } },
        );
      }
      held.set(address, (held.get(address) ?? 0) + 1);
      try {
        const opened = running.upgrade(request, { data: { identity: await identify(), address } });
        if (!opened) release(address);
        return opened ? undefined : Response.json({ message: "Expected a websocket upgrade" }, { status: 426 });
      } catch (error) {
        release(address);
        throw error;
      }
    },

    closeAll() {
      for (const ws of sockets) ws.close(1001, "Server shutting down");
    },
  };
}
