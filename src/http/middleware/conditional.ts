/**
 * @module
 * Revalidated answers (docs/http-contract.md#caching-and-conditional-requests): pages and API reads the browser may keep but must
 * check before each use, so Back can show them at once and a check costs a 304 instead of the
 * whole body. Which answers may be kept and which stay `no-store` is argued in
 * docs/decisions/012-delivery.md.
 */
import type { Context, TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";
import { isCompressible, MIN_COMPRESSED_BYTES, varyOnEncoding } from "./compression";

/** Kept by this browser only, never by a shared cache, and revalidated before every use. */
export const REVALIDATE = "private, no-cache";
/** Never written anywhere: answers that carry a secret or change state. */
export const NO_STORE = "no-store";

/**
 * A weak validator from the body's hash: equal bodies, equal tags, for every caller. Weak because
 * it names the content, not the bytes of one coding (the same tag answers gzip, brotli and none).
 */
export function etagOf(body: string): string {
  let etag = tags.get(body);
  if (etag === undefined) {
    etag = `W/"${Bun.hash(body).toString(36)}"`;
    tags.set(body, etag);
    if (tags.size > KEPT_TAGS) tags.delete(tags.keys().next().value!);
  }
  return etag;
}

/**
 * Tags of the bodies answered last. A list read answers the very same string while the list stands
 * (src/store/list-snapshots.ts), and a string's own hash is kept by the engine, so finding its tag
 * costs far less than hashing 12 KB again.
 */
const tags = new Map<string, string>();
const KEPT_TAGS = 200;

/** RFC 9110 §13.1.2: If-None-Match compares weakly, and `*` matches any current body. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = etag.slice(2);
  return ifNoneMatch.split(",").some((tag) => {
    const trimmed = tag.trim();
    return (trimmed.startsWith("W/") ? trimmed.slice(2) : trimmed) === opaque;
  });
}

/**
 * Answers a rendered body as `private, no-cache` with an ETag, or 304 with the same headers and
 * no body when the browser already holds it. Bodies under 1 KB get no tag: a 304 would save next
 * to nothing, and skipping the hash keeps small reads cheap. `Vary: Cookie` because Chromium shows
 * a kept page again on Back without revalidating it: only a changed cookie (a logout, another
 * account) makes it ask the server instead of showing someone's signed-in page.
 */
export function revalidatedBody(c: Context, body: string, contentType: string, status: 200 | 404 = 200): Response {
  c.header("Cache-Control", REVALIDATE);
  c.header("Vary", "Cookie");
  c.header("Content-Type", contentType);
  if (status !== 200 || body.length < MIN_COMPRESSED_BYTES) return c.body(body, status);
  const etag = etagOf(body);
  c.header("ETag", etag);
  if (!matchesEtag(c.req.header("if-none-match"), etag)) return c.body(body, status);
  const notModified = c.body(null, 304);
  notModified.headers.delete("content-type");
  // The 304 stands for the 200 it revalidates, so it carries the same Vary.
  if (isCompressible(contentType)) varyOnEncoding(notModified.headers);
  return notModified;
}

const JSON_TYPE = "application/json";

/**
 * An API read as `revalidatedBody`; `json` is the already serialised body when the store kept one.
 * Typed as `value`'s JSON, so the islands' client (islands/api.ts) knows what the read answers.
 */
export const revalidatedJson = <T>(c: Context, value: T, json?: string) =>
  revalidatedBody(c, json ?? JSON.stringify(value), JSON_TYPE) as Response & TypedResponse<JSONParsed<T>, 200, "json">;
