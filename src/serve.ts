import type { Server } from "bun";
import { createApp } from "./app";
import type { AppDeps } from "./http/env";
import { createRealtime } from "./realtime";

export interface RunningServer {
  server: Server<unknown>;
  url: string;
  stop(): Promise<void>;
}

/** Serves the app (HTTP now, the websocket beside it) on a port; port 0 picks a free one. */
export function startServer(deps: AppDeps, options: { port: number; hostname: string }): RunningServer {
  const realtime = deps.realtime ?? createRealtime({ store: deps.store, bus: deps.bus });
  const app = createApp({ ...deps, realtime, presence: deps.presence ?? realtime });
  const server = Bun.serve({
    port: options.port,
    hostname: options.hostname,
    // A long-poll waits up to ~30 s for events (DESIGN §7); Bun's default would cut it at 10 s.
    idleTimeout: 45,
    // The websocket upgrade is answered before Hono, which has no part in a socket's life.
    fetch: (request, server) => (isWebSocketPath(request.url) ? realtime.sockets.upgrade(request, server) : app.fetch(request, server)),
    websocket: realtime.websocket,
  });
  realtime.attach(server);
  return {
    server,
    url: `http://${options.hostname === "0.0.0.0" ? "localhost" : options.hostname}:${server.port}`,
    stop: async () => {
      realtime.close();
      await server.stop(true);
    },
  };
}

/** `/ws`, with or without a query string, without parsing the whole URL on every request. */
function isWebSocketPath(url: string): boolean {
  const path = url.slice(url.indexOf("/", url.indexOf("//") + 2));
  return path === "/ws" || path.startsWith("/ws?");
}
