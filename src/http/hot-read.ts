/**
 * @module
 * The signed-in list read, `GET /api/list/{id}`, answered before Hono (decision 017). It is the
 * request an open list repeats most (every reconnect, every Back), and Hono's router and the
 * middleware chain every request passes cost twice what the read itself does. The rules are the
 * same functions the Hono route calls; the answer has the same headers, ETag, 304 and coding.
 * Anything else — a share link, HEAD, a session due for renewal (it needs a new cookie), a list
 * the caller may not see, any error — returns `undefined` and the request goes through Hono,
 * which answers it exactly as before.
 */
import { parse } from "hono/utils/cookie";
import { SESSION_COOKIE, userOfCurrentSession } from "../auth/sessions";
import { sharedListJson } from "../domain/lists";
import type { AppDeps } from "./env";
import { compressBody, type Encoding, MIN_COMPRESSED_BYTES, preferredEncoding } from "./middleware/compression";
import { etagOf, matchesEtag, REVALIDATE } from "./middleware/conditional";
import { isHttps, securityHeaderValues } from "./middleware/security-headers";

const LIST_READ = /^\/api\/list\/([1-9]\d{0,14})$/;

/** Answers whose ETag and compressed bytes are kept; the least recently added goes first. */
const KEPT_BODIES = 200;

/** What is built once per answer: its tag, its headers, its compressed bytes. */
interface Derived {
  etag: string;
  /** Built as `Headers` once: a Response copies them for a fraction of what reading an object costs. */
  headers: Record<"identity" | "notModified", Headers>;
  /** Compressed on first asking, with headers that give their length as Hono's compression does. */
  encoded: Partial<Record<Encoding, { bytes: Uint8Array<ArrayBuffer>; headers: Headers }>>;
}

function encode(json: string, encoding: Encoding, identity: Headers) {
  const bytes = compressBody(new TextEncoder().encode(json), encoding);
  const headers = new Headers(identity);
  headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(bytes.byteLength));
  return { bytes, headers };
}

export function hotListRead({ store, config }: Pick<Required<AppDeps>, "store" | "config">) {
  // Keyed by the body itself, so two bodies never share a tag or bytes. A list's answer is the
  // same string object while the list stands (wrapSnapshot), so a lookup costs no hashing of it.
  const [overHttp, overHttps] = [new Map<string, Derived>(), new Map<string, Derived>()];
  const derived = (body: string, https: boolean) => {
    const byBody = https ? overHttps : overHttp;
    let found = byBody.get(body);
    if (!found) {
      const etag = etagOf(body);
      const notModified = { ...securityHeaderValues(https), "Cache-Control": REVALIDATE, Vary: "Cookie, Accept-Encoding", ETag: etag };
      const identity = { ...notModified, "Content-Type": "application/json" };
      found = {
        etag,
        headers: {
          notModified: new Headers(notModified),
          identity: new Headers(identity),
        },
        encoded: {},
      };
      byBody.set(body, found);
      if (byBody.size > KEPT_BODIES) byBody.delete(byBody.keys().next().value!);
    }
    return found;
  };

  const answer = async (request: Request, listId: number, token: string): Promise<Response | undefined> => {
    const user = await userOfCurrentSession(store, token);
    if (!user) return undefined;
    const { json } = await sharedListJson(store, { userId: user.id }, { listId });
    const https = isHttps(request.url, request.headers.get("x-forwarded-proto") ?? undefined);
    if (json.length < MIN_COMPRESSED_BYTES) {
      const headers = {
        ...securityHeaderValues(https),
        "Cache-Control": REVALIDATE,
        Vary: "Cookie, Accept-Encoding",
        "Content-Type": "application/json",
      };
      return new Response(json, { headers });
    }
    const body = derived(json, https);
    if (matchesEtag(request.headers.get("if-none-match") ?? undefined, body.etag))
      return new Response(null, { status: 304, headers: body.headers.notModified });
    const encoding = preferredEncoding(request.headers.get("accept-encoding") ?? undefined);
    if (!encoding) return new Response(json, { headers: body.headers.identity });
    const encoded = (body.encoded[encoding] ??= encode(json, encoding, body.headers.identity));
    return new Response(encoded.bytes, { headers: encoded.headers });
  };

  /** A promise of the answer (undefined: let Hono answer), or undefined at once for any other request. */
  return (request: Request): Promise<Response | undefined> | undefined => {
    if (request.method !== "GET" || config.logLevel === "debug") return undefined;
    const url = request.url;
    const match = LIST_READ.exec(url.slice(url.indexOf("/", url.indexOf("//") + 2)));
    if (!match) return undefined;
    const cookie = request.headers.get("cookie");
    const token = cookie ? parse(cookie, SESSION_COOKIE)[SESSION_COOKIE] : undefined;
    if (!token) return undefined;
    return answer(request, Number(match[1]), token).catch(() => undefined);
  };
}
