import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createRateLimiter, createRedisRateLimiter } from "./auth/rate-limit";
import { guardingKeyedWrites } from "./domain/idempotency";
import { createLogger, logsRequests } from "./logger";
import { healthz } from "./http/api/health";
import { apiRoutes } from "./http/api/routes";
import type { AppDeps, AppEnv } from "./http/env";
import { onError, onNotFound } from "./http/errors";
import { compression } from "./http/middleware/compression";
import { idempotency } from "./http/middleware/idempotency";
import { NO_STORE } from "./http/middleware/conditional";
import { sameOriginJson } from "./http/middleware/same-origin";
import { securityHeaders } from "./http/middleware/security-headers";
import { loadSession } from "./http/middleware/session";
import { hotListRead } from "./http/hot-read";
import { namingRoute } from "./http/route-pattern";
import { cachePartitionHeader, MANIFEST_PATH, SERVICE_WORKER_PATH, serviceWorker, webManifest } from "./http/installable";
import { pages } from "./http/pages";
import { PUBLIC_PATHS, servePublicFile } from "./http/static";
import { createRealtime } from "./realtime";

/** DESIGN §6: bodies past this answer 413. */
export const MAX_BODY_BYTES = 64 * 1024;

/** The whole HTTP app: middleware, /api, pages and one error handler. Tests call `app.request()`. */
export function createApp(deps: AppDeps) {
  const logger = deps.logger ?? createLogger(deps.config.logLevel);
  const resolved: Required<AppDeps> = {
    ...deps,
    // DESIGN §11: a keyed request's transactions record its Idempotency-Key with the write.
    store: guardingKeyedWrites(deps.store),
    // DESIGN §4: with REDIS_URL the login limits hold across instances.
    limiter: deps.limiter ?? (deps.config.redisUrl ? createRedisRateLimiter(deps.config.redisUrl, { logger }) : createRateLimiter()),
    presence: deps.presence ?? { connectedClients: () => 0 },
    realtime: deps.realtime ?? createRealtime({ store: deps.store, bus: deps.bus }),
    logger,
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

  app.use("*", async (c, next) => {
    c.set("deps", resolved);
    return next();
  });
  app.use(
    "/api/*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json({ message: "Request body is too large", error: "PAYLOAD_TOO_LARGE" }, 413),
    }),
    sameOriginJson,
  );
  app.use("*", loadSession);
  app.use("*", cachePartitionHeader);
  // Set before the handler answers: a header added to a finished response makes Hono copy it.
  // The reads a browser may keep replace it with `private, no-cache` (docs/decisions/012-delivery.md).
  app.use("/api/*", async (c, next) => {
    c.header("Cache-Control", NO_STORE);
    return next();
  });
  app.use("/api/*", idempotency);

  app.route("/api", apiRoutes);
  app.route("/", pages);
  const hot = hotListRead(resolved);
  const honoFetch = app.fetch;
  app.fetch = (request, ...rest) => {
    const answer = hot(request);
    if (answer === undefined) return honoFetch(request, ...rest);
    if (answer instanceof Response) return answer;
    return answer.then((found) => found ?? honoFetch(request, ...rest));
  };
  return app;
}

export type App = ReturnType<typeof createApp>;
