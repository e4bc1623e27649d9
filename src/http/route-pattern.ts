import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";

/**
 * What a log line calls a request: the route it was for as registered (`/shared/:shareId`), never
 * the path as sent. A path may carry a share id in any spelling (`/%73hared/…`, `//shared/…`), so no
 * pattern over raw paths can be trusted to mask it; a registered route is the server's own text.
 */
export const UNMATCHED_ROUTE = "(no route)";

const named = new WeakMap<Request, string>();

/** Names the route a request was answered by, for the request log written once it is answered. */
export const nameRoute = (request: Request, route: string) => {
  named.set(request, route);
};

export const routeOf = (request: Request) => named.get(request) ?? UNMATCHED_ROUTE;

/**
 * The handler route the request reached, or the one it was on its way to when a middleware answered
 * first (413, 403, 401). `app.use` middleware is registered for every method ("ALL"); only handlers
 * name a method, so a request that matched nothing but middleware had no route.
 */
export function matchedRoute(c: Context): string {
  const handler = matchedRoutes(c)
    .slice(c.req.routeIndex)
    .find((route) => route.method !== "ALL");
  return handler?.path ?? UNMATCHED_ROUTE;
}

/** Outermost: names the route once every later middleware and the handler have answered. */
export const namingRoute: MiddlewareHandler = async (c, next) => {
  await next();
  nameRoute(c.req.raw, matchedRoute(c));
};
