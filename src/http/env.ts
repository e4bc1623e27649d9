import type { Context } from "hono";
import type { RateLimiter } from "../auth/rate-limit";
import type { Config } from "../config";
import type { Logger } from "../logger";
import type { EventBus } from "../domain/bus";
import type { Realtime } from "../realtime";
import type { Store } from "../store";
import type { SessionRecord } from "../store/sessions";
import type { TokenCaller } from "./middleware/session";
import type { UserRecord } from "../store/users";
import type { Assets } from "../assets";

/** What createApp needs from the outside world; tests pass their own. */
export interface AppDeps {
  store: Store;
  config: Config;
  bus: EventBus;
  assets: Assets;
  limiter?: RateLimiter;
  /** How many clients are connected live (websocket and long-poll); the realtime layer provides it. */
  presence?: { connectedClients(): number };
  /** Websocket and long-poll clients; startServer passes the one its websocket uses. */
  realtime?: Realtime;
  logger?: Logger;
  /** True once the server has begun a graceful stop: a websocket upgrade then answers 503. */
  stopping?: () => boolean;
}

export interface AppEnv {
  Variables: {
    deps: Required<AppDeps>;
    user: UserRecord | null;
    session: SessionRecord | null;
    /** The API token of a bearer call (src/http/middleware/session.ts); null for a cookie or no one. */
    token: TokenCaller | null;
    /**
     * The database's change mark read before the session (src/http/middleware/session.ts):
     * what is kept under it was read after it. Undefined where the database has none.
     */
    mark: number | undefined;
  };
}

export type AppContext = Context<AppEnv>;
