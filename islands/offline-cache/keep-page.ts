/**
 * @module What every page (register.ts) asks the worker. Its own module, not
 * src/shared/offline-cache.ts: Home imports that one, and a constant shared by two page chunks
 * would become a chunk of its own, one more request on every page.
 */

/**
 * A page the worker did not see load (it loaded before the worker took over) asks it to fetch and
 * keep it, so the first list ever opened on a device is readable offline too.
 */
export const KEEP_PAGE_MESSAGE = "listwell:keep-page";

/**
 * Back online, a page asks the worker whether the session it kept pages for still stands: it may
 * have ended elsewhere meanwhile (the password changed on another device).
 */
export const CHECK_SESSION_MESSAGE = "listwell:check-session";
