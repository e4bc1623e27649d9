import type { LiveGrant } from "../domain/access";
import type { TokenScope } from "../shared/tokens";
import type { LiveMessage } from "../shared/realtime";
import type { BusMessage } from "../domain/bus";

/**
 * What both live transports (websocket and long-poll) share: who a client is, which lists it
 * follows and why it may (docs/product-rules.md#access). The hub (hub.ts) keeps these up to date.
 */
export interface Identity {
  userId: number | null;
  /** The session that signed the client in; its end signs the client out. */
  sessionId: string | null;
  /**
   * When that session (or the API token it came with) expired as last read. A websocket is authenticated once, at its upgrade, so
   * past this time the hub reads the session again before trusting it (it may have been renewed).
   */
  expiresAt?: number;
  /** A share-link guest's display name, "Sam (guest)", as the presence row shows them (docs/product-rules.md#guests). */
  guestName?: string;
  /** An API token's id and scope, for a client that came with one: it follows only what the token opens. */
  tokenId?: number;
  scope?: TokenScope;
}

/** A list a client follows, as the access rules grant it (docs/product-rules.md#access, domain/access.ts). */
export interface Subscription extends LiveGrant {
  /** Set while access is re-checked: no events are delivered meanwhile. */
  suspended?: boolean;
}

/** One connected client as a transport holds it; the hub keeps `subscriptions` up to date. */
export interface Subscriber {
  identity: Identity;
  readonly subscriptions: Map<number, Subscription>;
  /** Start delivering the list's events (the websocket joins a topic). */
  attach(subscription: Subscription): void;
  /** Stop delivering them. */
  detach(subscription: Subscription): void;
  /** Tell the client it lost access to a list it followed. */
  revoked(listId: number): void;
  /** The user's session ended; `identity` is already anonymous. A client that lives only as long as its session goes. */
  signedOut?(): void;
  /**
   * Events of the list may have been missed (held back while access was re-checked, or lost by the
   * bus): the client should refetch the list.
   */
  resync(listId: number): void;
  /** A message for this client alone. */
  notice(message: LiveMessage): void;
  /** Set when the client asked for the lists' presence messages; others are counted, never told. */
  hearsPresence?: boolean;
  /** Whether the client is still there (a long-poll client that stopped polling is not); a websocket is until it closes. */
  present?(now: number, ttlMs: number): boolean;
}

/** How a transport hands messages to its own clients. */
export interface Transport {
  listEvent(listId: number, message: LiveMessage): void;
  broadcast(message: LiveMessage): void;
}

export interface Target {
  listId?: number;
  shareId?: string;
}

/** A websocket or poll client follows at most this many lists; a page needs one. */
export const MAX_SUBSCRIPTIONS = 20;

/** A bus message as clients see it (docs/http-contract.md#live-messages), plus the stored event's id. */
export function toLiveMessage(message: BusMessage): LiveMessage {
  const { type, timestamp, messageId, payload, listId, shareId, id, actor, ...rest } = message;
  return {
    type: String(type),
    timestamp: typeof timestamp === "number" ? timestamp : Date.now(),
    messageId: typeof messageId === "string" ? messageId : crypto.randomUUID(),
    payload: payload !== undefined ? payload : rest,
    ...(typeof listId === "number" ? { listId, shareId: typeof shareId === "string" ? shareId : "" } : {}),
    ...(typeof id === "number" ? { id } : {}),
    // A change's author travels with it.
    ...(actor !== undefined ? { actor: actor as LiveMessage["actor"] } : {}),
    ...(type === "version_update" ? versionFields(rest) : {}),
  };
}

/** A version update is read as {versionId, changes, timestamp} (docs/http-contract.md#shapes); clients may look there or in payload. */
function versionFields(fields: Record<string, unknown>): Pick<LiveMessage, "versionId" | "changes"> {
  return {
    versionId: String(fields.versionId),
    changes: Array.isArray(fields.changes) ? fields.changes.map(String) : [],
  };
}

/** A message the server makes about one list for one client (`access_revoked`, `resync`, `connect`), in the full message shape. */
export function listNotice(type: string, listId: number, fields: Partial<LiveMessage> = {}): LiveMessage {
  return { type, timestamp: Date.now(), messageId: crypto.randomUUID(), payload: {}, listId, shareId: "", ...fields };
}

/**
 * The event as a client following the list by membership gets it: without the list's shareId.
 * The link opens the list at its own level (write by default) to anyone signed out, so a read
 * recipient who learnt it could write (docs/product-rules.md#access); members do not need it to follow the list.
 */
export const withoutShareId = (message: LiveMessage): LiveMessage => ({ ...message, shareId: "" });
