import type { Server } from "bun";
import { createApp } from "./app";
import type { AppDeps } from "./http/env";
import { routeOf } from "./http/route-pattern";
import { wasUpgraded } from "./http/websocket";
import { createRequestLog, type RequestEntry } from "./logger";
import { createRealtime } from "./realtime";
import type { LiveServer } from "./realtime/ws";

/** What a graceful stop did, for the log. */
export interface StopReport {
  /** Requests being answered when the stop began (pending long-polls among them). */
  inFlight: number;
  /** Websockets closed with 1001. */
  sockets: number;
  /** Requests still unanswered when the grace period ran out, cut off. */
  cut: number;
}

export interface RunningServer {
  server: Server<unknown>;
  url: string;
  /**
   * Stops gracefully: no new connections, pending long-polls answered at once and websockets closed
   * with 1001, every request already taken answered; what outlasts `graceMs` is cut off.
   */
  stop(options?: { graceMs?: number }): Promise<StopReport>;
}

/** A stop waits this long for requests in flight before cutting them off. */
export const STOP_GRACE_MS = 10_000;

/**
 * Closing the listener resets connections the kernel accepted but Bun has not yet taken, and Bun
 * closes a keep-alive connection whose request it has not read yet as idle: both would reset
 * requests a client sent before the signal. So the server keeps taking requests until none has
 * arrived for SETTLE_QUIET_MS (at most SETTLE_MAX_MS under steady load), then stops listening.
 */
const SETTLE_QUIET_MS = 50;
const SETTLE_MAX_MS = 1_000;

/** Serves the app (HTTP now, the websocket beside it) on a port; port 0 picks a free one. */
export function startServer(deps: AppDeps, options: { port: number; hostname: string }): RunningServer {
  const realtime = deps.realtime ?? createRealtime({ store: deps.store, bus: deps.bus, logger: deps.logger });
  let stopping = false;
  let taken = 0;
  const app = createApp({ ...deps, realtime, presence: deps.presence ?? realtime, stopping: () => stopping });
  // Every request, websocket upgrades included, goes through the app's front door (src/http/front-door.ts);
  // Bun sends no response of ours for a request that became a websocket.
  const answer = (request: Request, server: LiveServer) => {
    taken++;
    return app.fetch(request, server);
  };
  const log = createRequestLog(deps.config);
  const server = Bun.serve({
    port: options.port,
    hostname: options.hostname,
    // A long-poll waits up to ~30 s for events (docs/http-contract.md#long-poll); Bun's default would cut it at 10 s.
    idleTimeout: 45,
    // Logged here, once the app has answered: the line carries the answer's length and the time
    // until the answer's headers, and a socket's upgrade logs as 101.
    fetch: log ? logged(answer, log) : answer,
    websocket: {
      ...realtime.websocket,
      open(ws) {
        realtime.websocket.open?.(ws);
        // An upgrade that was being authenticated when the stop began must not hold it open.
        if (stopping) ws.close(1001, "Server shutting down");
      },
    },
  });
  realtime.attach(server);
  return {
    server,
    url: `http://${options.hostname === "0.0.0.0" ? "localhost" : options.hostname}:${server.port}`,
    stop: async ({ graceMs = STOP_GRACE_MS } = {}) => {
      stopping = true;
      const settleUntil = Date.now() + SETTLE_MAX_MS;
      for (let seen = -1; seen !== taken && Date.now() < settleUntil; ) {
        seen = taken;
        await Bun.sleep(SETTLE_QUIET_MS);
      }
      const inFlight = server.pendingRequests;
      const sockets = realtime.sockets.count();
      // Without `true`, Bun stops listening, closes idle keep-alive connections at once and every
      // other one right after its response: nothing already taken is cut (`true` resets them all).
      const drained = server.stop();
      // A waiting long-poll answers its empty events now, instead of holding the stop for ~30 s.
      realtime.close();
      const timer = Promise.withResolvers<boolean>();
      const timeout = setTimeout(() => timer.resolve(false), graceMs);
      const finished = await Promise.race([drained.then(() => true), timer.promise]);
      clearTimeout(timeout);
      const cut = finished ? 0 : server.pendingRequests;
      if (!finished) await server.stop(true);
      return { inFlight, sockets, cut };
    },
  };
}

type Answer = (request: Request, server: LiveServer) => Response | Promise<Response>;

/** Tells the client's request id when it looks like one (a proxy's), else makes one. */
const requestIdOf = (request: Request) => {
  const given = request.headers.get("x-request-id");
  return given && /^[\w.:-]{1,64}$/.test(given) ? given : crypto.randomUUID();
};

/** `answer` with a log line once the response is known (its body may still be streaming). */
function logged(answer: Answer, log: (entry: RequestEntry) => void): Answer {
  return async (request, server) => {
    const started = performance.now();
    const entry = { method: request.method, requestId: requestIdOf(request) };
    try {
      const response = await answer(request, server);
      const length = response.headers.get("content-length");
      log({
        ...entry,
        route: routeOf(request),
        status: wasUpgraded(request) ? 101 : response.status,
        durationMs: performance.now() - started,
        ...(length ? { bytes: Number(length) } : {}),
      });
      return response;
    } catch (error) {
      log({ ...entry, route: routeOf(request), status: 500, durationMs: performance.now() - started });
      throw error;
    }
  };
}
