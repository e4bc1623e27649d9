import type { MiddlewareHandler } from "hono";

/**
 * The headers of docs/http-contract.md#headers-on-every-answer, for every response: pages, API, static files, 404s and errors. Why each source is
 * allowed is in docs/decisions/007-security-headers.md; the browser test (tests/e2e/csp.test.ts)
 * loads every page under it.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  // React writes `style` attributes for per-item colours and swipes; no <style> element is allowed.
  "style-src-attr 'unsafe-inline'",
  // 'self' covers the same origin's ws:// and wss:// in CSP Level 3 browsers, Chromium included.
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "object-src 'none'",
].join("; ");

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Over https, directly or behind a proxy that says so. */
export const isHttps = (url: string, forwardedProto: string | undefined) => url.startsWith("https:") || forwardedProto === "https";

const OVER_HTTP: Readonly<Record<string, string>> = Object.freeze({
  "Content-Security-Policy": CONTENT_SECURITY_POLICY,
  "X-Content-Type-Options": "nosniff",
  // A share link is the key to its list: it must never leave in a Referer.
  "Referrer-Policy": "same-origin",
  // For browsers that predate frame-ancestors.
  "X-Frame-Options": "DENY",
});
const OVER_HTTPS = Object.freeze({ ...OVER_HTTP, "Strict-Transport-Security": `max-age=${ONE_YEAR_SECONDS}` });
const [HTTP_ENTRIES, HTTPS_ENTRIES] = [Object.entries(OVER_HTTP), Object.entries(OVER_HTTPS)];

/** The headers every answer carries: the app's through this middleware, and the front door's kept reads. */
export const securityHeaderEntries = (https: boolean) => (https ? HTTPS_ENTRIES : HTTP_ENTRIES);

/**
 * Set before the handler runs: Hono carries headers set on the context into every response it
 * builds, the error handler's and the not-found page's included, without copying a finished one.
 */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  for (const [name, value] of securityHeaderEntries(isHttps(c.req.url, c.req.header("x-forwarded-proto")))) c.header(name, value);
  return next();
};
