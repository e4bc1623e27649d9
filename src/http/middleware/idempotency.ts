import type { MiddlewareHandler } from "hono";
import type { ContentfulStatusCode, StatusCode } from "hono/utils/http-status";
import { claimKey, fingerprint, heldKeys, keyOwner, parseKey, settleKey } from "../../domain/idempotency";
import type { StoredAnswer } from "../../store/idempotency";
import { callerOf } from "../caller";
import type { AppEnv } from "../env";

const UNSAFE_METHODS = new Set(["POST", "PATCH", "PUT", "DELETE"]);

/** The header on a replayed answer, so a client can tell it from a fresh one. */
export const REPLAYED_HEADER = "Idempotent-Replayed";

/**
 * DESIGN §11: an unsafe /api call carrying `Idempotency-Key` is applied once per caller. The
 * first answer is stored and replayed for the same key; the rules are in src/domain/idempotency.ts.
 * Runs after the session is loaded, since the key belongs to the caller.
 */
export const idempotency: MiddlewareHandler<AppEnv> = async (c, next) => {
  const header = c.req.header("idempotency-key");
  if (header === undefined || !UNSAFE_METHODS.has(c.req.method)) return next();
  const key = parseKey(header);
  const caller = keyOwner(c.get("user")?.id ?? null, callerOf(c).shareId);
  if (caller === null) return next();
  const { store, logger } = c.get("deps");
  const body = await c.req.raw.clone().arrayBuffer();
  const outcome = await claimKey(store, caller, key, fingerprint(c.req.method, c.req.url, body));
  if ("replay" in outcome) {
    const { status, contentType, body: text } = outcome.replay;
    const headers: Record<string, string> = { [REPLAYED_HEADER]: "true" };
    if (contentType) headers["Content-Type"] = contentType;
    return text === "" ? c.body(null, status as StatusCode, headers) : c.body(text, status as ContentfulStatusCode, headers);
  }
  await heldKeys.run(outcome.held, next);
  const answer: StoredAnswer = { status: c.res.status, contentType: c.res.headers.get("content-type"), body: await c.res.clone().text() };
  try {
    await settleKey(store, outcome.held, answer);
  } catch (error) {
    // The change itself is done (or refused): its own answer is still the truth, so it goes out.
    logger.warn(`${c.req.method} ${c.req.path}: keeping the answer of Idempotency-Key failed:`, error);
  }
};
