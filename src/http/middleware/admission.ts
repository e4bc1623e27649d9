/**
 * @module
 * What every route past the static files gets before it runs, in one layer (docs/decisions/032):
 * the app's dependencies, for /api calls that may change something the body limit and the
 * same-origin check, then the caller as the front door parsed it (src/http/front-door.ts; an API
 * token's caller is checked against what its token may call, docs/decisions/061-api-tokens.md), the
 * header naming whose answer it is (set before the handler, so every page, redirect and error
 * carries it), `no-store` for /api, and for those calls Idempotency-Key. A read without a body skips
 * the guards that only concern writes, which is most of what an open list asks for.
 */
import type { MiddlewareHandler, Next } from "hono";
import { bodyLimit } from "hono/body-limit";
import { CACHE_PARTITION_HEADER, cachePartition } from "../../shared/offline-cache";
import type { AppContext, AppDeps, AppEnv } from "../env";
import { NO_STORE } from "./conditional";
import { idempotency } from "./idempotency";
import { SAFE_METHODS, sameOriginJson } from "./same-origin";
import { requireTokenMayCall } from "../../domain/access";
import { refuseUnknownToken } from "../../domain/tokens";
import { admitCaller, type Caller, clientIp } from "./session";

/** Bodies past this answer 413 (docs/http-contract.md). */
export const MAX_BODY_BYTES = 64 * 1024;

const isApi = (path: string) => path === "/api" || path.startsWith("/api/");

/** `middleware` as the next step of a chain: an answer it returns becomes the response, as in Hono's own chain. */
const step =
  (c: AppContext, middleware: MiddlewareHandler<AppEnv>, next: Next): Next =>
  async () => {
    const answer = await middleware(c, next);
    if (answer && !c.finalized) c.res = answer;
  };

/**
 * `callerOf` is the front door's parse of the request, awaited here: a parse that failed (the
 * database away) throws into the app's one error handler, which logs it and answers for it.
 */
export function admission(deps: Required<AppDeps>, callerOf: (request: Request) => Caller | Promise<Caller>): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ message: "Request body is too large", error: "PAYLOAD_TOO_LARGE" }, 413),
  });
  // The request as the door saw it: the body limit may replace `c.req.raw` with one of its reading.
  const admitted: MiddlewareHandler<AppEnv> = async (c, next) => {
    const caller = await callerOf(sent.get(c) ?? c.req.raw);
    if (caller.refusedBearer) await refuseUnknownToken(deps.limiter, clientIp(c));
    admitCaller(c, caller);
    // Which calls a token may make is the access policy's, decided before any route runs.
    if (caller.token) requireTokenMayCall(caller.token.scope, c.req.method, c.req.path);
    c.header(CACHE_PARTITION_HEADER, cachePartition(c.get("user")?.id));
    // Set before the handler answers: a header added to a finished response makes Hono copy it.
    // The reads a browser may keep replace it with `private, no-cache` (docs/decisions/012-delivery.md).
    if (isApi(c.req.path)) c.header("Cache-Control", NO_STORE);
    return next();
  };
  const sent = new WeakMap<AppContext, Request>();
  return async (c, next) => {
    c.set("deps", deps);
    if (!isApi(c.req.path) || (SAFE_METHODS.has(c.req.method) && c.req.raw.body === null)) return admitted(c, next);
    sent.set(c, c.req.raw);
    return limit(c, step(c, sameOriginJson, step(c, admitted, step(c, idempotency, next))));
  };
}
