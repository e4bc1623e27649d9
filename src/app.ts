import { Hono } from "hono";
import { createRateLimiter, createRedisRateLimiter } from "./auth/rate-limit";
import { guardingKeyedWrites } from "./domain/idempotency";
import { createLogger, logsRequests } from "./logger";
import { healthz } from "./http/api/health";
import { apiRoutes } from "./http/api/routes";
import type { AppDeps, AppEnv } from "./http/env";
import { onError, onNotFound } from "./http/errors";
import { compression } from "./http/middleware/compression";
import { securityHeaders } from "./http/middleware/security-headers";
import { admission } from "./http/middleware/admission";
import { frontDoor } from "./http/front-door";
import { namingRoute } from "./http/route-pattern";
import { MANIFEST_PATH, SERVICE_WORKER_PATH, serviceWorker, webManifest } from "./http/installable";
import { pages } from "./http/pages";
import { PUBLIC_PATHS, servePublicFile } from "./http/static";
import { createRealtime } from "./realtime";
import { WEBSOCKET_PATH, websocketUpgrade } from "./http/websocket";

/**
 * The whole HTTP app behind its one front door (src/http/front-door.ts, docs/decisions/032): every
 * request, `/ws` upgrades included, passes the same middleware: security headers and compression
 * for every answer, then for every route past the static files src/http/middleware/admission.ts.
 * Every route parses its ids with the one schema (src/shared/params.ts) and every error reaches the
 * one error handler, which logs it. Tests call `app.request()`; Bun.serve calls `app.fetch(request, server)`.
 */
export function createApp(deps: AppDeps) {
  const logger = deps.logger ?? createLogger(deps.config.logLevel);
  const resolved: Required<AppDeps> = {
    ...deps,
    // A keyed request's transactions record its Idempotency-Key with the write (docs/decisions/018-idempotency.md).
    store: guardingKeyedWrites(deps.store),
    // With REDIS_URL the login limits hold across instances (docs/product-rules.md#accounts).
    limiter: deps.limiter ?? (deps.config.redisUrl ? createRedisRateLimiter(deps.config.redisUrl, { logger }) : createRateLimiter()),
    presence: deps.presence ?? { connectedClients: () => 0 },
    realtime: deps.realtime ?? createRealtime({ store: deps.store, bus: deps.bus }),
    logger,
    stopping: deps.stopping ?? (() => false),
  };
  const app = new Hono<AppEnv>();
  app.onError(onError);
  app.notFound(onNotFound);
  // First, so it names the route after everything else has answered; only when requests are logged.
  if (logsRequests(deps.config)) app.use("*", namingRoute);
  app.use("*", securityHeaders);
  // Outermost after the headers: it sees every answer last, static files and errors included.
  app.use("*", compression);
  for (const path of PUBLIC_PATHS) app.get(path, servePublicFile);
  app.get(MANIFEST_PATH, webManifest(deps.assets));
  app.get(SERVICE_WORKER_PATH, serviceWorker(deps.assets));
  app.get("/healthz", healthz(resolved));

  const door = frontDoor(resolved.store, resolved.realtime.polls);
  app.use("*", admission(resolved, door.callerOf));

  // Every method, as before the app took it in: anything but an upgrade answers 426. Each is named,
  // so the request log calls it by its route.
  app.on(["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"], WEBSOCKET_PATH, websocketUpgrade);
  app.get("/api/list/:id", door.reads.keeping);
  app.get("/api/tasks", door.reads.keeping);

  app.route("/api", apiRoutes);
  app.route("/", pages);
  return door.open(app);
}

export type App = ReturnType<typeof createApp>;
