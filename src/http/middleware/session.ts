import type { MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { parse } from "hono/utils/cookie";
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS } from "../../auth/device-cookie";
import { authenticate, renewAtOf, SESSION_COOKIE, SESSION_LIFETIME_MS, sessionIdFromToken } from "../../auth/sessions";
import { unauthorized } from "../../domain/errors";
import { authenticateToken } from "../../domain/tokens";
import type { TokenScope } from "../../shared/tokens";
import type { Store } from "../../store";
import type { SessionRecord } from "../../store/sessions";
import type { UserRecord } from "../../store/users";
import { clientAddress, type PeerSource } from "../client-address";
import type { AppContext, AppEnv } from "../env";
import { isHttps } from "./security-headers";

/** A session token as the server makes them (random-token.ts: lowercase base32). */
const PLAIN_TOKEN = /^[a-z2-7]+$/;

/**
 * The session cookie's value, as Hono's `getCookie` reads it. Hono's parser splits and trims every
 * pair, a tenth of a kept read (docs/decisions/017). So a `Cookie` header whose first mention of the
 * name starts a pair of a plain token is read directly, and anything else goes through the parser.
 */
export function sessionTokenOf(cookie: string): string | undefined {
  const at = cookie.indexOf(SESSION_COOKIE);
  const start = at + SESSION_COOKIE.length + 1;
  if (at !== -1 && cookie[start - 1] === "=" && (at === 0 || cookie.slice(at - 2, at) === "; ")) {
    const end = cookie.indexOf(";", start);
    const token = end === -1 ? cookie.slice(start) : cookie.slice(start, end);
    if (PLAIN_TOKEN.test(token)) return token;
  }
  return parse(cookie, SESSION_COOKIE)[SESSION_COOKIE];
}

/** Sessions kept per instance; the least recently added goes first. */
const KEPT_SESSIONS = 1_000;

interface KeptSession {
  mark: number;
  /** The database's sessions mark read before it: while it stands, so does the session, whatever else committed. */
  sessions: number | undefined;
  user: UserRecord;
  session: SessionRecord;
}

/** Who is calling, as the one parse of a request found it. */
export interface Caller {
  /**
   * The database's change mark read before the session: what is kept under it was read after it.
   * Undefined where the database has none.
   */
  mark: number | undefined;
  user: UserRecord | null;
  session: SessionRecord | null;
  /** The cookie to send back: the same token with a renewed session, or none for a dead one. */
  cookie?: { renew: string } | "clear";
  /** The API token a bearer call came with; its user is `user` (docs/decisions/061-api-tokens.md). */
  token?: TokenCaller;
  /** An `Authorization: Bearer` naming no live token: admission answers 401 (or 429). */
  refusedBearer?: true;
}

/** A bearer call's token: its id, what it may do, and when it expires (epoch ms, null for never). */
export interface TokenCaller {
  id: number;
  scope: TokenScope;
  expiresAt: number | null;
}

/** A live client's identity fields for a token (src/realtime/subscriber.ts): its expiry ends the client. */
export const liveToken = (token: TokenCaller) => ({
  tokenId: token.id,
  scope: token.scope,
  ...(token.expiresAt === null ? {} : { expiresAt: token.expiresAt }),
});

/** The secret of an `Authorization: Bearer` header, "" for a bearer without one, undefined for none. */
export function bearerOf(request: Request): string | undefined {
  const header = request.headers.get("authorization");
  const match = header === null ? null : /^bearer(?:\s+(\S*))?\s*$/i.exec(header.trim());
  return match ? (match[1] ?? "") : undefined;
}

/** A bearer call: the token's user with its scope, and no cookie read at all (a browser's cookies are not its). */
async function tokenCaller(store: Store, secret: string, mark: number | undefined): Promise<Caller> {
  const found = await authenticateToken(store, secret);
  if (!found) return { mark, user: null, session: null, refusedBearer: true };
  const { id, access, listIds, expiresAtMs } = found.token;
  return { mark, user: found.user, session: null, token: { id, scope: { access, listIds }, expiresAt: expiresAtMs } };
}

/**
 * The one parse of who is calling, made once per request by the front door (src/http/front-door.ts),
 * websocket upgrades included: the session and user from the cookie, or from an API token when the
 * request carries `Authorization: Bearer`. While the database's change
 * mark stands (SQLite, docs/decisions/025), or its sessions mark does, a session read once is given
 * again without its statement until it falls due for renewal. The sessions mark stands through this
 * process's commits that leave sessions and users alone (a toggle's), and moves with any other
 * instance's commit, a logout there included (docs/decisions/032-one-front-door.md#toggle).
 */
export function sessionReader(store: Store): (request: Request) => Caller | Promise<Caller> {
  const kept = new Map<string, KeptSession>();
  const keep = (id: string, entry: KeptSession) => {
    kept.delete(id);
    kept.set(id, entry);
    if (kept.size > KEPT_SESSIONS) kept.delete(kept.keys().next().value!);
  };
  // Synchronous when nothing is to be read: a request answered from memory then takes no promise.
  return (request) => {
    const mark = store.db.changeMark?.();
    const bearer = bearerOf(request);
    if (bearer !== undefined) return tokenCaller(store, bearer, mark);
    const cookie = request.headers.get("cookie");
    const token = cookie ? sessionTokenOf(cookie) : undefined;
    if (!token) return { mark, user: null, session: null };
    const known = mark === undefined ? undefined : kept.get(sessionIdFromToken(token));
    const sessions = known?.mark === mark ? known?.sessions : store.db.sessionsMark?.();
    if (known !== undefined && (known.mark === mark || (sessions !== undefined && known.sessions === sessions))) {
      // Kept under the new mark too, so the requests before the next commit skip the sessions mark.
      known.mark = mark!;
      if (store.clock.now() <= renewAtOf(known.session)) return { mark, user: known.user, session: known.session };
    }
    return authenticate(store, token).then((found): Caller => {
      if (!found) return { mark, user: null, session: null, cookie: "clear" };
      if (found.renewed) return { mark, user: found.user, session: found.session, cookie: { renew: token } };
      if (mark !== undefined) keep(found.session.id, { mark, sessions, user: found.user, session: found.session });
      return { mark, user: found.user, session: found.session };
    });
  };
}

/** Puts the caller into the context, with the cookie it needs. */
export function admitCaller(c: AppContext, caller: Caller) {
  c.set("mark", caller.mark);
  c.set("user", caller.user);
  c.set("session", caller.session);
  c.set("token", caller.token ?? null);
  if (caller.cookie === "clear") clearSessionCookie(c);
  else if (caller.cookie) setSessionCookie(c, caller.cookie.renew);
}

const isSecure = (c: AppContext) => {
  const setting = c.get("deps").config.sessionSecure;
  if (setting !== "auto") return setting;
  return isHttps(c.req.url, c.req.header("x-forwarded-proto"));
};

export function setSessionCookie(c: AppContext, token: string) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: isSecure(c),
    path: "/",
    maxAge: SESSION_LIFETIME_MS / 1000,
  });
}

export const clearSessionCookie = (c: AppContext) => deleteCookie(c, SESSION_COOKIE, { path: "/" });

export const deviceCookieOf = (c: AppContext) => getCookie(c, DEVICE_COOKIE);

/** Kept through logouts on purpose: it marks the browser, not the session (docs/product-rules.md#accounts). */
export function setDeviceCookie(c: AppContext, value: string) {
  setCookie(c, DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: "Lax",
    secure: isSecure(c),
    // Only the login reads it.
    path: "/api/login",
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
}

export function requireUser(c: AppContext): UserRecord {
  const user = c.get("user");
  if (!user) throw unauthorized();
  return user;
}

/** The caller's address as the per-address limits count it (TRUST_PROXY, docs/decisions/028-client-addresses-and-live-limits.md). */
export const clientIp = (c: AppContext): string =>
  clientAddress(c.req.raw, c.env as PeerSource | undefined, c.get("deps").config.trustProxy);

/** Refuses the call with 401 before its body is even validated. */
export const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireUser(c);
  return next();
};
