import type { MiddlewareHandler } from "hono";
import { AppError, forbidden } from "../../domain/errors";
import { isSameOrigin } from "../../shared/origin";
import type { AppEnv } from "../env";
import { bearerOf } from "./session";
import { hasBody } from "../validate";

export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * An unsafe call must come from our own origin (browsers say so in Origin and
 * Sec-Fetch-Site; other clients send neither) unless it is a bearer call (docs/decisions/061-api-tokens.md),
 * and carry JSON. hono/csrf only guards form types.
 */
export const sameOriginJson: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  // A bearer call is not authenticated by cookies (they are not even read), so no page can forge it.
  if (bearerOf(c.req.raw) === undefined) {
    const fetchSite = c.req.header("sec-fetch-site");
    if (fetchSite === "cross-site" || fetchSite === "same-site") throw forbidden("Cross-site requests are not allowed");
    const origin = c.req.header("origin");
    if (origin && !isSameOrigin(origin, c.req.url, c.req.header("host"))) {
      throw forbidden("Cross-origin requests are not allowed");
    }
  }
  const type = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (hasBody(c.req.raw) && type !== "application/json") {
    throw new AppError(415, "Content-Type must be application/json", "UNSUPPORTED_MEDIA_TYPE");
  }
  return next();
};
