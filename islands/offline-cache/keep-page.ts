/**
 * @module A page the worker did not see load (it loaded before the worker took over) asks it to
 * fetch and keep it, so the first list ever opened on a device is readable offline too. Its own
 * module, not src/shared/offline-cache.ts: Home imports that one, and a constant shared by two
 * page chunks would become a chunk of its own, one more request on every page.
 */
export const KEEP_PAGE_MESSAGE = "listwell:keep-page";
