import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { withShareId } from "../share-link";

/**
 * Protected routes: without a user the server redirects to /auth before rendering.
 * A share link's id travels along, so the auth page can offer the shared list.
 */
export const protectedPage: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get("user")) return next();
  const shareId = c.req.query("shareId")?.trim();
  return c.redirect(withShareId("/auth", shareId));
};
