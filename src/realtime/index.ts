import { createLogger, type Logger } from "../logger";
import type { Store } from "../store";
import type { EventBus } from "../domain/bus";
import { createHub } from "./hub";
import { createPollRegistry, type PollOptions } from "./poll";
import type { PresenceOptions } from "./presence";
import { createSocketEndpoint, type LiveServer } from "./ws";

export interface RealtimeOptions {
  store: Store;
  bus: EventBus;
  poll?: PollOptions;
  presence?: PresenceOptions;
  logger?: Logger;
}

/**
 * Live updates for one server: the websocket endpoint and the long-poll clients over one hub.
 * It is also the app's `presence`: the admin's version update reports how many it reached.
 */
export function createRealtime({ store, bus, poll, presence, logger = createLogger("error") }: RealtimeOptions) {
  const hub = createHub(store, bus, logger, presence);
  const sockets = createSocketEndpoint(hub, store, logger);
  const polls = createPollRegistry(hub, store, poll);
  return {
    hub,
    sockets,
    polls,
    websocket: sockets.handlers,
    /** Hands the running server to the websocket endpoint, which publishes through it. */
    attach: (server: LiveServer) => sockets.attach(server),
    /** Websockets and long-poll clients connected to this instance. */
    connectedClients: () => sockets.count() + polls.count(),
    close() {
      sockets.closeAll();
      polls.close();
      hub.close();
    },
  };
}

export type Realtime = ReturnType<typeof createRealtime>;
