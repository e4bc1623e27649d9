/**
 * @module
 * The signed-in list reads, `GET /api/list/{id}` and `GET /api/tasks?listId={id}`, answered before
 * Hono (decision 017). They are the requests an open list repeats most (every reconnect, every
 * Back), and Hono's router and the middleware chain every request passes cost twice what the read
 * itself does. The rules are the same functions the Hono routes call; the answer has the same
 * headers, ETag, 304 and coding.
 * Anything else — a share link, HEAD, a session due for renewal (it needs a new cookie), a list
 * the caller may not see, any error — returns `undefined` and the request goes through Hono,
 * which answers it exactly as before.
 *
 * While the database has not changed, the same session reading the same list gets the same answer.
 * So the answer is kept with the database's change mark and given again, without the session's
 * and the list's statements or the rules, while the mark stands and the session is not due for
 * renewal (docs/decisions/025). Any commit, on this instance or another sharing the file, moves
 * the mark.
 */
import { parse } from "hono/utils/cookie";
import { currentSession, SESSION_COOKIE, sessionIdFromToken } from "../auth/sessions";
import { sharedListJson } from "../domain/lists";
import { readTasks } from "../domain/tasks";
import type { Store } from "../store";
import type { AppDeps } from "./env";
import { compressBody, type Encoding, MIN_COMPRESSED_BYTES, preferredEncoding } from "./middleware/compression";
import { etagOf, matchesEtag, REVALIDATE } from "./middleware/conditional";
import { isHttps, securityHeaderValues } from "./middleware/security-headers";
import { CACHE_PARTITION_HEADER, cachePartition } from "../shared/offline-cache";
import { nameRoute } from "./route-pattern";

interface Read {
  path: RegExp;
  /** Its Hono route, which the request log names. */
  route: string;
  json(store: Store, userId: number, listId: number): Promise<string>;
}

/** The reads answered here by path (with its query), each through its Hono route's domain function. */
const READS: readonly Read[] = [
  {
    path: /^\/api\/list\/([1-9]\d{0,14})$/,
    route: "/api/list/:id",
    json: async (store, userId, listId) => (await sharedListJson(store, { userId }, { listId })).json,
  },
  {
    path: /^\/api\/tasks\?listId=([1-9]\d{0,14})$/,
    route: "/api/tasks",
    json: async (store, userId, listId) => {
      const { tasks, json } = await readTasks(store, { userId }, listId);
      return json ?? JSON.stringify(tasks);
    },
  },
];

/** A session token as the server makes them (random-token.ts: lowercase base32). */
const PLAIN_TOKEN = /^[a-z2-7]+$/;

/**
 * The session cookie's value, as Hono's cookie `parse` reads it. Hono's parser splits and trims
 * every pair, a tenth of a kept read. So a `Cookie` header whose first mention of the name starts
 * a pair of a plain token is read directly, and anything else goes through the parser.
 */
function sessionTokenOf(cookie: string): string | undefined {
  const at = cookie.indexOf(SESSION_COOKIE);
  const start = at + SESSION_COOKIE.length + 1;
  if (at !== -1 && cookie[start - 1] === "=" && (at === 0 || cookie.slice(at - 2, at) === "; ")) {
    const end = cookie.indexOf(";", start);
    const token = end === -1 ? cookie.slice(start) : cookie.slice(start, end);
    if (PLAIN_TOKEN.test(token)) return token;
  }
  return parse(cookie, SESSION_COOKIE)[SESSION_COOKIE];
}

/** Answers whose ETag and compressed bytes are kept; the least recently added goes first. */
const KEPT_BODIES = 200;

/** Callers whose headers are kept per answer (each carries its own cache partition). */
const KEPT_CALLERS = 32;

/** Answers kept per session and path; the least recently added goes first. */
const KEPT_ANSWERS = 1_000;

/** An answer as the rules gave it, good while the database's mark stands and until `renewAt`. */
interface KeptAnswer {
  mark: number;
  renewAt: number;
  userId: number;
  json: string;
}

/** A caller's headers for one answer; those of a coding are made when a browser first asks for it. */
type HeaderSet = Record<"identity" | "notModified", Headers> & Partial<Record<Encoding, Headers>>;

/** What is built once per answer: its tag, its compressed bytes, and per caller its headers. */
interface Derived {
  etag: string;
  /** Compressed on first asking. */
  bytes: Partial<Record<Encoding, Uint8Array<ArrayBuffer>>>;
  /**
   * Built as `Headers` once: a Response copies them for a fraction of what reading an object
   * costs. Per caller, because the service worker's cache partition names the account.
   */
  headers: Map<number, HeaderSet>;
}

export function hotListRead({ store, config }: Pick<Required<AppDeps>, "store" | "config">) {
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

  /** Hono's headers for this read: security, revalidation, Vary and the caller's cache partition. */
  const common = (https: boolean, userId: number) => ({
    ...securityHeaderValues(https),
    [CACHE_PARTITION_HEADER]: cachePartition(userId),
    "Cache-Control": REVALIDATE,
    Vary: "Cookie, Accept-Encoding",
  });

  const headerSet = (body: Derived, https: boolean, userId: number): HeaderSet => {
    let set = body.headers.get(userId);
    if (!set) {
      const notModified = { ...common(https, userId), ETag: body.etag };
      set = { notModified: new Headers(notModified), identity: new Headers({ ...notModified, "Content-Type": "application/json" }) };
      if (body.headers.size >= KEPT_CALLERS) body.headers.clear();
      body.headers.set(userId, set);
    }
    return set;
  };

  /** The answer in `encoding`, compressed once per body, with its length as Hono's compression gives it. */
  const encoded = (json: string, body: Derived, headers: HeaderSet, encoding: Encoding) => {
    body.bytes[encoding] ??= compressBody(new TextEncoder().encode(json), encoding);
    const bytes = body.bytes[encoding];
    headers[encoding] ??= new Headers([...headers.identity, ["Content-Encoding", encoding], ["Content-Length", String(bytes.byteLength)]]);
    return new Response(bytes, { headers: headers[encoding] });
  };

  /** The answer to `request` of `json`, read by `userId`: 304, compressed or as is. */
  const respond = (request: Request, json: string, userId: number): Response => {
    const https = isHttps(request.url, request.headers.get("x-forwarded-proto") ?? undefined);
    if (json.length < MIN_COMPRESSED_BYTES) {
      return new Response(json, { headers: { ...common(https, userId), "Content-Type": "application/json" } });
    }
    const body = derived(json, https);
    const headers = headerSet(body, https, userId);
    if (matchesEtag(request.headers.get("if-none-match") ?? undefined, body.etag))
      return new Response(null, { status: 304, headers: headers.notModified });
    const encoding = preferredEncoding(request.headers.get("accept-encoding") ?? undefined);
    // A string body: Bun copies a Uint8Array into each Response, and copying costs more than encoding.
    if (!encoding) return new Response(json, { headers: headers.identity });
    return encoded(json, body, headers, encoding);
  };

  const kept = new Map<string, KeptAnswer>();
  const keep = (key: string, answer: KeptAnswer) => {
    kept.delete(key);
    kept.set(key, answer);
    if (kept.size > KEPT_ANSWERS) kept.delete(kept.keys().next().value!);
  };

  /**
   * The rules' answer, kept under `mark` when there is one. The mark was read before the session
   * and the list: a commit landing in between leaves a kept answer that no later mark matches.
   */
  const answer = async (request: Request, read: Read, listId: number, sessionId: string, mark: number | undefined) => {
    const session = await currentSession(store, sessionId);
    if (!session) return undefined;
    const json = await read.json(store, session.user.id, listId);
    if (mark !== undefined) keep(`${request.url} ${sessionId}`, { mark, renewAt: session.renewAt, userId: session.user.id, json });
    return respond(request, json, session.user.id);
  };

  /**
   * The answer at once when it is kept and still holds, else a promise of it (undefined: let Hono
   * answer), or undefined at once for any other request.
   */
  return (request: Request): Response | Promise<Response | undefined> | undefined => {
    if (request.method !== "GET" || config.logLevel === "debug") return undefined;
    const url = request.url;
    const path = url.slice(url.indexOf("/", url.indexOf("//") + 2));
    const read = READS.find((candidate) => candidate.path.test(path));
    if (!read) return undefined;
    // Hono names it again when the read is left to it.
    nameRoute(request, read.route);
    const cookie = request.headers.get("cookie");
    const token = cookie ? sessionTokenOf(cookie) : undefined;
    if (!token) return undefined;
    const sessionId = sessionIdFromToken(token);
    const mark = store.db.changeMark?.();
    const known = mark === undefined ? undefined : kept.get(`${url} ${sessionId}`);
    if (known !== undefined && known.mark === mark && Date.now() <= known.renewAt) return respond(request, known.json, known.userId);
    const listId = Number(read.path.exec(path)![1]);
    return answer(request, read, listId, sessionId, mark).catch(() => undefined);
  };
}
