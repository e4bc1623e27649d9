import type { MiddlewareHandler } from "hono";
import type { ContentfulStatusCode, StatusCode } from "hono/utils/http-status";
import {
  carriesPassword,
  claimKey,
  fingerprint,
  heldKeys,
  keyOwner,
  LEASE_RENEW_MS,
  parseKey,
  renewKey,
  settleKey,
} from "../../domain/idempotency";
import type { HeldKey, StoredAnswer } from "../../store/idempotency";
import type { Store } from "../../store";
import { callerOf } from "../caller";
import { matchedRoute } from "../route-pattern";
import { hasBody } from "../validate";
import type { AppEnv } from "../env";

const UNSAFE_METHODS = new Set(["POST", "PATCH", "PUT", "DELETE"]);

/** The auth calls, never keyed: their bodies hold passwords (docs/http-contract.md#idempotency-key). */
export const AUTH_PATHS = new Set(["/api/login", "/api/register", "/api/change-password"]);

/** The header on a replayed answer, so a client can tell it from a fresh one. */
export const REPLAYED_HEADER = "Idempotent-Replayed";

/** A request that runs this long keeps renewing its lease for no more: a stuck one lets its key go. */
const MAX_RENEWED_MS = 120_000;

/**
 * An unsafe /api call carrying `Idempotency-Key` is applied once per caller. The
 * first answer is stored and replayed for the same key; the rules are in src/domain/idempotency.ts.
 * Runs after the session is loaded, since the key belongs to the caller.
 */
export const idempotency: MiddlewareHandler<AppEnv> = async (c, next) => {
  const header = c.req.header("idempotency-key");
  if (header === undefined || !UNSAFE_METHODS.has(c.req.method)) return next();
  const key = parseKey(header);
  if (AUTH_PATHS.has(c.req.path)) return next();
  const { store, logger } = c.get("deps");
  const caller = await keyOwner(store, c.get("user")?.id ?? null, callerOf(c).shareId);
  if (caller === null) return next();
  // Read through Hono's body cache, so the route's JSON parse takes this text instead of reading a
  // copy of the stream. An empty body is left unread: the route reads it as `{}` (src/http/validate.ts).
  const body = hasBody(c.req.raw) ? await c.req.text() : "";
  if (carriesPassword(body)) return next();
  const outcome = await claimKey(store, caller, key, fingerprint(c.req.method, c.req.url, body));
  if ("unkeyed" in outcome) return next();
  if ("replay" in outcome) {
    const { status, contentType, body: text } = outcome.replay;
    const headers: Record<string, string> = { [REPLAYED_HEADER]: "true" };
    if (contentType) headers["Content-Type"] = contentType;
    return text === "" ? c.body(null, status as StatusCode, headers) : c.body(text, status as ContentfulStatusCode, headers);
  }
  let answer: StoredAnswer = { status: 500, contentType: null, body: "" };
  const stopRenewing = renewWhileRunning(store, outcome.held);
  try {
    await heldKeys.run(outcome.held, next);
    answer = { status: c.res.status, contentType: c.res.headers.get("content-type"), body: await c.res.clone().text() };
  } finally {
    stopRenewing();
    try {
      await settleKey(store, outcome.held, answer);
    } catch (error) {
      // The change itself is done (or refused): its own answer is still the truth, so it goes out.
      logger.warn(`${c.req.method} ${matchedRoute(c)}: keeping the answer of Idempotency-Key failed:`, error);
    }
  }
};

/** Keeps the request's lease alive while it runs, so a short lease is only ever outlived by a dead holder. */
function renewWhileRunning(store: Store, held: HeldKey): () => void {
  const started = Date.now();
  const timer = setInterval(() => {
    if (held.done || Date.now() - started > MAX_RENEWED_MS) return clearInterval(timer);
    renewKey(store, held).catch(() => {
      // The database is away: the request fails on its own, and its key is let go when it settles.
    });
  }, LEASE_RENEW_MS);
  timer.unref();
  return () => clearInterval(timer);
}
