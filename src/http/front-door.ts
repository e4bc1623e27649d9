/**
 * @module
 * The one front door (docs/decisions/032). Every request, `/ws` upgrades included, comes in here:
 * Bun.serve calls `fetch` (src/serve.ts) and tests call `request`. The door parses who is calling
 * once (src/http/middleware/session.ts) and hands the request to the app's routes, which take that
 * parse instead of making their own (src/http/middleware/admission.ts). A failed parse is not the
 * door's to answer: the routes' admission throws it into the one error handler, which logs it.
 *
 * The door's one route of its own is memory: a signed-in read whose answer its route kept under
 * the database's change mark (src/http/middleware/kept-reads.ts) is given again from here, with
 * the same header code as every answer (security headers, the cache partition, revalidation,
 * compression). Routing, ids and rules are never done twice: an address is only kept once its
 * route accepted it, and anything not kept goes to the routes.
 */
import type { Hono } from "hono";
import type { Store } from "../store";
import { CACHE_PARTITION_HEADER, cachePartition } from "../shared/offline-cache";
import type { AppEnv } from "./env";
import { compressBody, type Encoding, MIN_COMPRESSED_BYTES, preferredEncoding } from "./middleware/compression";
import { etagOf, matchesEtag, REVALIDATE } from "./middleware/conditional";
import { keptReads } from "./middleware/kept-reads";
import { isHttps, securityHeaderEntries } from "./middleware/security-headers";
import { type Caller, sessionReader } from "./middleware/session";
import { nameRoute } from "./route-pattern";

/** Bodies whose ETag and compressed bytes are kept; the least recently added goes first. */
const KEPT_BODIES = 200;

/** Callers whose headers are kept per body (each carries its own cache partition). */
const KEPT_CALLERS = 32;

/** A caller's headers for one body; those of a coding are made when a browser first asks for it. */
type HeaderSet = Record<"identity" | "notModified", Headers> & Partial<Record<Encoding, Headers>>;

/** What is built once per body: its tag, its compressed bytes, and per caller its headers. */
interface Derived {
  etag: string;
  bytes: Partial<Record<Encoding, Uint8Array<ArrayBuffer>>>;
  /** As `Headers`: a Response copies them for a fraction of what reading an object costs. */
  headers: Map<number, HeaderSet>;
}

export function frontDoor(store: Store) {
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
      const notModified = new Headers(securityHeaderEntries(https));
      notModified.set(CACHE_PARTITION_HEADER, cachePartition(userId));
      notModified.set("Cache-Control", REVALIDATE);
      notModified.set("Vary", "Cookie, Accept-Encoding");
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
    body.bytes[encoding] ??= compressBody(new TextEncoder().encode(json), encoding);
    const bytes = body.bytes[encoding];
    headers[encoding] ??= new Headers([...headers.identity, ["Content-Encoding", encoding], ["Content-Length", String(bytes.byteLength)]]);
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

  return {
    reads,
    /** The door's parse of a request, for the routes behind it; parsed here for a request that came another way. */
    callerOf: (request: Request) => parsed.get(request) ?? readSession(request),
    /** The door in front of `app`, once the app is built. */
    open(app: Hono<AppEnv>) {
      const fetch = (request: Request, server?: unknown): Response | Promise<Response> => {
        const caller = readSession(request);
        parsed.set(request, caller);
        if (!(caller instanceof Promise)) return remembered(request, caller) ?? app.fetch(request, server);
        // A parse that failed is answered by the routes, whose admission awaits the same promise and throws it.
        return caller.then(
          (known) => remembered(request, known) ?? app.fetch(request, server),
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
