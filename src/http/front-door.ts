/**
 * @module
 * The one front door (docs/decisions/032). Every request, `/ws` upgrades included, comes in here:
 * Bun.serve calls `fetch` (src/serve.ts) and tests call `request`. The door parses who is calling
 * once (src/http/middleware/session.ts) and hands the request to the app's routes, which take that
 * parse instead of making their own (src/http/middleware/admission.ts). A failed parse is not the
 * door's to answer: the routes' admission throws it into the one error handler, which logs it.
 *
 * The door's routes of its own are memory, with the same header code as every answer (security
 * headers, the cache partition, revalidation, compression):
 * - a signed-in read whose answer its route kept under the database's change mark
 *   (src/http/middleware/kept-reads.ts) is given again from here;
 * - a long poll of a client its route made for this caller is answered from here, as a browser
 *   polls again after every delivery (docs/decisions/039-long-poll-round-trip.md).
 * Routing, ids and rules are never done twice: an address is only kept once its route accepted it,
 * a poll client exists only once its route made it, and anything else (a cookie to send, a query
 * to refuse, an unknown client, a poll that failed) goes to the routes, which answer for it.
 */
import type { Hono } from "hono";
import type { PollRegistry } from "../realtime/poll";
import type { LiveMessage } from "../shared/live-messages";
import { pollQuerySchema } from "../shared/params";
import type { Store } from "../store";
import { CACHE_PARTITION_HEADER, cachePartition } from "../shared/offline-cache";
import type { AppEnv } from "./env";
import { compressBody, type Encoding, MIN_COMPRESSED_BYTES, preferredEncoding } from "./middleware/compression";
import { etagOf, matchesEtag, NO_STORE, REVALIDATE } from "./middleware/conditional";
import { keptReads } from "./middleware/kept-reads";
import { isHttps, securityHeaderEntries } from "./middleware/security-headers";
import { type Caller, liveToken, sessionReader } from "./middleware/session";
import { nameRoute } from "./route-pattern";

/** Bodies whose ETag and compressed bytes are kept; the least recently added goes first. */
const KEPT_BODIES = 200;

/** Callers whose headers are kept per body (each carries its own cache partition). */
const KEPT_CALLERS = 32;

/** Callers whose poll answers' headers are kept. */
const KEPT_SESSIONS_HEADERS = 1_000;

/** A caller's headers for one body; those of a coding are made when a browser first asks for it. */
type HeaderSet = Record<"identity" | "notModified", Headers> & Partial<Record<Encoding, Headers>>;

/** The long poll's address (docs/http-contract.md#long-poll) and its route as the request log names it. */
const POLL_PREFIX = "/api/poll/";
const POLL_ROUTE = "/api/poll/:clientId";

/**
 * An event's JSON and its size in bytes, made once for every answer that carries it: a waiting
 * poll is handed the very message the bus brought, one object for all the list's members
 * (src/realtime/replay.ts).
 */
const serialized = new WeakMap<LiveMessage, { json: string; bytes: number }>();
const serializedOf = (event: LiveMessage) => {
  let found = serialized.get(event);
  if (found === undefined) {
    const json = JSON.stringify(event);
    found = { json, bytes: Buffer.byteLength(json) };
    serialized.set(event, found);
  }
  return found;
};

/** `{"events":[…]}` from the events' own JSON, and its size in bytes. */
function pollBody(events: LiveMessage[]): { json: string; bytes: number } {
  const parts = events.map(serializedOf);
  // The wrapper's bytes, each event's, and the commas between them.
  const bytes = '{"events":[]}'.length + parts.reduce((sum, part) => sum + part.bytes, 0) + Math.max(0, parts.length - 1);
  return { json: `{"events":[${parts.map((part) => part.json).join(",")}]}`, bytes };
}

/** `GET /api/poll/{clientId}?query`: the id and the query, or undefined for any other request. */
function pollAddress(request: Request): { clientId: string; query: URLSearchParams } | undefined {
  if (request.method !== "GET") return undefined;
  const url = request.url;
  const path = url.indexOf("/", url.indexOf("//") + 2);
  if (!url.startsWith(POLL_PREFIX, path)) return undefined;
  const mark = url.indexOf("?", path);
  const clientId = url.slice(path + POLL_PREFIX.length, mark === -1 ? undefined : mark);
  // Any other spelling (an escaped or further path) is the route's to match or refuse.
  if (!/^[a-z2-7]+$/.test(clientId)) return undefined;
  return { clientId, query: new URLSearchParams(mark === -1 ? "" : url.slice(mark + 1)) };
}

/** What the app's middleware puts on an API answer: security headers, the caller's cache partition, caching and Vary. */
function apiHeaders(https: boolean, userId: number | undefined, cacheControl: string, vary: string): Headers {
  const headers = new Headers(securityHeaderEntries(https));
  headers.set(CACHE_PARTITION_HEADER, cachePartition(userId));
  headers.set("Cache-Control", cacheControl);
  headers.set("Vary", vary);
  return headers;
}

const compressText = (json: string, encoding: Encoding) => compressBody(new TextEncoder().encode(json), encoding);

/** `headers` for the same answer sent compressed. */
const encodedHeaders = (headers: Headers, encoding: Encoding, bytes: Uint8Array) =>
  new Headers([...headers, ["Content-Encoding", encoding], ["Content-Length", String(bytes.byteLength)]]);

/** What is built once per body: its tag, its compressed bytes, and per caller its headers. */
interface Derived {
  etag: string;
  bytes: Partial<Record<Encoding, Uint8Array<ArrayBuffer>>>;
  /** As `Headers`: a Response copies them for a fraction of what reading an object costs. */
  headers: Map<number, HeaderSet>;
}

export function frontDoor(store: Store, polls?: PollRegistry) {
  const readSession = sessionReader(store);
  const parsed = new WeakMap<Request, Caller | Promise<Caller>>();
  const reads = keptReads();

  // Keyed by the body itself, so two bodies never share a tag or bytes. A list's answer is the
  // same string object while the list stands (wrapSnapshot), so a lookup costs no hashing of it.
  const [overHttp, overHttps] = [new Map<string, Derived>(), new Map<string, Derived>()];
  const derived = (body: string, https: boolean) => {
    const byBody = https ? overHttps : overHttp;
    let found = byBody.get(body);
    if (!found) {
      found = { etag: etagOf(body), bytes: {}, headers: new Map() };
      byBody.set(body, found);
      if (byBody.size > KEPT_BODIES) byBody.delete(byBody.keys().next().value!);
    }
    return found;
  };

  /** What the app's middleware gives a revalidated API read: security, partition, revalidation, Vary. */
  const headerSet = (body: Derived, https: boolean, userId: number): HeaderSet => {
    let set = body.headers.get(userId);
    if (!set) {
      const notModified = apiHeaders(https, userId, REVALIDATE, "Cookie, Accept-Encoding");
      notModified.set("ETag", body.etag);
      const identity = new Headers(notModified);
      identity.set("Content-Type", "application/json");
      set = { notModified, identity };
      if (body.headers.size >= KEPT_CALLERS) body.headers.clear();
      body.headers.set(userId, set);
    }
    return set;
  };

  /** A kept answer of 1 KB or more (smaller ones are cheap to read again): 304, compressed or as is. */
  const respond = (request: Request, json: string, userId: number): Response => {
    const https = isHttps(request.url, request.headers.get("x-forwarded-proto") ?? undefined);
    const body = derived(json, https);
    const headers = headerSet(body, https, userId);
    if (matchesEtag(request.headers.get("if-none-match") ?? undefined, body.etag))
      return new Response(null, { status: 304, headers: headers.notModified });
    const encoding = preferredEncoding(request.headers.get("accept-encoding") ?? undefined);
    // A string body: Bun copies a Uint8Array into each Response, and copying costs more than encoding.
    if (!encoding) return new Response(json, { headers: headers.identity });
    body.bytes[encoding] ??= compressText(json, encoding);
    const bytes = body.bytes[encoding];
    headers[encoding] ??= encodedHeaders(headers.identity, encoding, bytes);
    return new Response(bytes, { headers: headers[encoding] });
  };

  /** The kept answer to a signed-in GET whose session needs no new cookie, if there is one. */
  const remembered = (request: Request, caller: Caller): Response | undefined => {
    if (request.method !== "GET" || !caller.session || !caller.user || caller.cookie) return undefined;
    const kept = reads.find(request.url, caller.session.id, caller.mark);
    if (kept === undefined || kept.json.length < MIN_COMPRESSED_BYTES) return undefined;
    nameRoute(request, kept.route);
    return respond(request, kept.json, caller.user.id);
  };

  /** A poll answer's headers per caller, as the app's middleware gives an API answer: security, partition, `no-store`, Vary. */
  const pollHeaders = new Map<string, Headers>();
  const pollHeadersOf = (https: boolean, userId: number | undefined) => {
    const key = `${https} ${userId}`;
    let headers = pollHeaders.get(key);
    if (!headers) {
      headers = apiHeaders(https, userId, NO_STORE, "Accept-Encoding");
      headers.set("Content-Type", "application/json");
      if (pollHeaders.size >= KEPT_SESSIONS_HEADERS) pollHeaders.clear();
      pollHeaders.set(key, headers);
    }
    return headers;
  };

  /**
   * A poll of the caller's own client, with a query its route accepts, answered here; undefined
   * for the route to answer. Rejects only when the poll itself failed.
   */
  const polled = (request: Request, caller: Caller): Promise<Response> | undefined => {
    const address = polls && !caller.cookie ? pollAddress(request) : undefined;
    if (!address) return undefined;
    const { query } = address;
    const lastEventId = query.getAll("lastEventId");
    const shareId = query.getAll("shareId");
    if (lastEventId.length > 1 || shareId.length > 1) return undefined;
    const parsed = pollQuerySchema.safeParse({ lastEventId: lastEventId[0] });
    if (!parsed.success) return undefined;
    const token = caller.token ? liveToken(caller.token) : {};
    const identity = { userId: caller.user?.id ?? null, sessionId: caller.session?.id ?? null, ...token };
    const sharing = shareId[0]?.trim();
    const client = polls!.find(address.clientId, { identity, ...(sharing ? { shareId: sharing } : {}) });
    if (!client) return undefined;
    nameRoute(request, POLL_ROUTE);
    return polls!.poll(client, parsed.data.lastEventId, request.signal).then((events) => {
      const { json, bytes } = pollBody(events);
      const https = isHttps(request.url, request.headers.get("x-forwarded-proto") ?? undefined);
      const headers = pollHeadersOf(https, caller.user?.id);
      // Most answers are one event of a few hundred bytes, too small to compress.
      const encoding = bytes < MIN_COMPRESSED_BYTES ? null : preferredEncoding(request.headers.get("accept-encoding") ?? undefined);
      if (!encoding) return new Response(json, { headers });
      const compressed = compressText(json, encoding);
      return new Response(compressed, { headers: encodedHeaders(headers, encoding, compressed) });
    });
  };

  /** The door's own answer, else the app's; a poll that failed is the route's to answer, which logs why. */
  const answer = (request: Request, caller: Caller, app: Hono<AppEnv>, server: unknown): Response | Promise<Response> =>
    remembered(request, caller) ?? polled(request, caller)?.catch(() => app.fetch(request, server)) ?? app.fetch(request, server);

  return {
    reads,
    /** The door's parse of a request, for the routes behind it; parsed here for a request that came another way. */
    callerOf: (request: Request) => parsed.get(request) ?? readSession(request),
    /** The door in front of `app`, once the app is built. */
    open(app: Hono<AppEnv>) {
      const fetch = (request: Request, server?: unknown): Response | Promise<Response> => {
        const caller = readSession(request);
        parsed.set(request, caller);
        if (!(caller instanceof Promise)) return answer(request, caller, app, server);
        // A parse that failed is answered by the routes, whose admission awaits the same promise and throws it.
        return caller.then(
          (known) => answer(request, known, app, server),
          () => app.fetch(request, server),
        );
      };
      /** As Hono's `app.request`: a path is read against http://localhost; `server` as Bun.serve passes it. */
      const request = async (input: string | Request, init?: RequestInit, server?: unknown) =>
        fetch(
          input instanceof Request ? input : new Request(/^https?:\/\//.test(input) ? input : `http://localhost${input}`, init),
          server,
        );
      return { fetch, request };
    },
  };
}
