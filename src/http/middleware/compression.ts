/**
 * @module
 * Delivery: every text answer over 1 KB travels compressed, brotli when the browser
 * takes it, else gzip, else as it is. Built assets arrive already compressed from the build
 * (src/build/precompress.ts, served by src/http/static.ts) and pass through untouched. The levels
 * and what they cost per request are in docs/decisions/012-delivery.md.
 */
import type { MiddlewareHandler } from "hono";
import { brotliCompressSync, constants } from "node:zlib";

/** Below this a compressed body saves less than its framing and the CPU it costs. */
export const MIN_COMPRESSED_BYTES = 1024;

export type Encoding = "br" | "gzip";

/** Text the browser reads (HTML, JSON, CSS, JS, SVG); images, fonts and archives are compressed already. */
const COMPRESSIBLE = /^(?:text\/(?!event-stream)|application\/(?:json|javascript|manifest\+json|xml)|image\/svg\+xml)/i;

export const isCompressible = (contentType: string | null) => contentType !== null && COMPRESSIBLE.test(contentType);

/**
 * Decisions by Accept-Encoding as sent: a browser sends the same value with every request, and
 * reading it again cost a poll answer more than its JSON (docs/decisions/039-long-poll-round-trip.md).
 */
const decided = new Map<string, Encoding | null>();
const KEPT_DECISIONS = 64;

/** Brotli when accepted (smaller), else gzip, else none; `q=0` refuses a coding, `*` accepts any. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  let encoding = decided.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = decide(acceptEncoding);
    if (decided.size >= KEPT_DECISIONS) decided.clear();
    decided.set(acceptEncoding, encoding);
  }
  return encoding;
}

function decide(acceptEncoding: string): Encoding | null {
  const accepted = new Map<string, boolean>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    accepted.set(name.trim().toLowerCase(), q === undefined || Number(q.slice(2)) > 0);
  }
  for (const encoding of ["br", "gzip"] as const) {
    if (accepted.get(encoding) ?? accepted.get("*")) return encoding;
  }
  return null;
}

/** A shared cache must keep one copy per coding; appended, so other Vary fields survive. */
export function varyOnEncoding(headers: Headers) {
  const vary = headers.get("vary");
  if (!vary) headers.set("Vary", "Accept-Encoding");
  else if (!/accept-encoding|\*/i.test(vary)) headers.set("Vary", `${vary}, Accept-Encoding`);
}

/**
 * Per request, so the fast end of each coding: brotli 3 and gzip 3 (zlib's last level before its
 * slower lazy matching) take about half the time of the next level for 4-7% more bytes (measured in
 * docs/decisions/012-delivery.md). The brotli window is fitted to the body: setting up its
 * default 4 MB window costs more than compressing a small answer.
 */
export function compressBody(body: Uint8Array<ArrayBuffer>, encoding: Encoding): Uint8Array<ArrayBuffer> {
  if (encoding === "gzip") return Bun.gzipSync(body, { level: 3 });
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 3,
      [constants.BROTLI_PARAM_LGWIN]: Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.min(22, Math.ceil(Math.log2(body.byteLength + 16)))),
      [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
    },
  });
}

/** Statuses that have no body to compress. */
const BODILESS = new Set([204, 205, 304]);

/**
 * Compresses the answer by Accept-Encoding and gives it its real Content-Length, which a HEAD
 * needs too: Hono answers HEAD by running GET and dropping the body, so the length is decided here.
 * A websocket upgrade passes too: its answer has no body, and Bun sends none (src/http/websocket.ts).
 */
export const compression: MiddlewareHandler = async (c, next) => {
  await next();
  const res = c.res;
  if (BODILESS.has(res.status) || res.headers.has("content-encoding")) return;
  if (!isCompressible(res.headers.get("content-type"))) return;
  varyOnEncoding(res.headers);
  const encoding = preferredEncoding(c.req.header("accept-encoding"));
  const isHead = c.req.method === "HEAD";
  // Without a coding to apply, a GET's length is counted by the server as it sends the body.
  if (encoding === null && !isHead) return;
  const declared = res.headers.get("content-length");
  if (declared !== null && (encoding === null || Number(declared) < MIN_COMPRESSED_BYTES)) return;
  const body = new Uint8Array(await res.arrayBuffer());
  const headers = new Headers(res.headers);
  let sent: Uint8Array<ArrayBuffer> = body;
  if (encoding !== null && body.byteLength >= MIN_COMPRESSED_BYTES) {
    sent = compressBody(body, encoding);
    headers.set("Content-Encoding", encoding);
  }
  headers.set("Content-Length", String(sent.byteLength));
  // Cleared first: assigning over a response makes Hono copy the old headers onto the new one.
  c.res = undefined;
  c.res = new Response(sent, { status: res.status, statusText: res.statusText, headers });
};
