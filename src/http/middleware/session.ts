import type { MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS } from "../../auth/device-cookie";
import { authenticate, SESSION_COOKIE, SESSION_LIFETIME_MS } from "../../auth/sessions";
import { unauthorized } from "../../domain/errors";
import type { UserRecord } from "../../store/users";
import { clientAddress, type PeerSource } from "../client-address";
import type { AppContext, AppEnv } from "../env";
import { isHttps } from "./security-headers";

/** Loads the caller's session and user from the cookie, renewing the cookie with the session. */
export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("user", null);
  c.set("session", null);
  const token = getCookie(c, SESSION_COOKIE);
  if (token) {
    const found = await authenticate(c.get("deps").store, token);
    if (found) {
      c.set("user", found.user);
      c.set("session", found.session);
      if (found.renewed) setSessionCookie(c, token);
    } else {
      clearSessionCookie(c);
    }
  }
  return next();
};

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

/** Kept through logouts on purpose: it marks the browser, not the session (DESIGN §4). */
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

/** The caller's address as the per-address limits count it (TRUST_PROXY, DESIGN §12.0). */
export const clientIp = (c: AppContext): string =>
  clientAddress(c.req.raw, c.env as PeerSource | undefined, c.get("deps").config.trustProxy);

/** Refuses the call with 401 before its body is even validated. */
export const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireUser(c);
  return next();
};
