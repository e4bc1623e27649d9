/**
 * @module
 * `/ws`, a route of the app like any other: the caller is the one the app's session parse found
 * (src/http/middleware/session.ts), the address the one the per-address limits count by, and a
 * refusal carries the headers every answer carries. The socket's own life is src/realtime/ws.ts.
 */
import type { Handler } from "hono";
import { getCookie } from "hono/cookie";
import { presentableGuestName } from "../domain/actors";
import type { LiveServer } from "../realtime/ws";
import type { Identity } from "../realtime/subscriber";
import { GUEST_NAME_COOKIE } from "../shared/attribution";
import type { AppEnv } from "./env";
import { clientIp, liveToken } from "./middleware/session";

export const WEBSOCKET_PATH = "/ws";

const upgraded = new WeakSet<Request>();

/** Whether the request became a websocket: Bun then sends no response of the app's. */
export const wasUpgraded = (request: Request) => upgraded.has(request);

/** Without a running server (a test calling the app directly) nothing can be upgraded. */
const NO_SERVER = { upgrade: () => false } as unknown as LiveServer;

export const websocketUpgrade: Handler<AppEnv> = async (c) => {
  const { realtime, store, stopping } = c.get("deps");
  // An upgrade arriving while the server stops would hold the stop open.
  if (stopping()) return c.json({ message: "The server is restarting" }, 503, { "Retry-After": "1" });
  const user = c.get("user");
  const session = c.get("session");
  const token = c.get("token");
  const identify = async (): Promise<Identity> => {
    if (user && session) return { userId: user.id, sessionId: session.id, expiresAt: session.expiresAt };
    // A token's socket follows what the token opens; no session ends it (docs/decisions/061-api-tokens.md).
    if (user && token) return { userId: user.id, sessionId: null, ...liveToken(token) };
    const guestName = await presentableGuestName(store, getCookie(c, GUEST_NAME_COOKIE));
    return { userId: null, sessionId: null, ...(guestName ? { guestName } : {}) };
  };
  const server = (c.env as LiveServer | undefined) ?? NO_SERVER;
  const refused = await realtime.sockets.upgrade(c.req.raw, server, clientIp(c), identify);
  if (refused) return c.newResponse(refused.body, refused.status as 403 | 426 | 429, Object.fromEntries(refused.headers));
  upgraded.add(c.req.raw);
  return c.body(null);
};
