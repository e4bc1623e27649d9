/**
 * @module What the server, the service worker and the pages agree on for offline reading
 * (docs/decisions/019-offline-cache.md).
 *
 * `<html data-offline>` is the one sign that a page is offline: the service worker writes it into a
 * page it answers from its cache, and the page's own script (islands/offline-cache/register.ts)
 * sets it on the browser's `offline` event and removes it on `online`. The page-level notice and
 * Home's offline lists read it; the list's outbox banner (islands/offline) says the same in its words.
 */

/** On every page and /api answer the server makes: whose pages these are, `user:<id>` or `guest`. */
export const CACHE_PARTITION_HEADER = "X-Listwell-Cache-Partition";

/** A page's question to the service worker (with a MessagePort): which lists are kept offline. */
export const CACHED_LISTS_MESSAGE = "listwell:cached-lists";

/**
 * Home's word to the service worker, online: these are every list the person can open (their own
 * and those shared with them). The worker fetches and keeps each one's page and forgets the pages
 * of lists not named, whose access has gone (docs/decisions/049-every-list-offline.md).
 */
export const KEEP_LISTS_MESSAGE = "listwell:keep-lists";

export interface KeepLists {
  type: typeof KEEP_LISTS_MESSAGE;
  listIds: number[];
}

/** The worker's answer: ids of lists whose page is kept for the current account. */
export interface CachedLists {
  listIds: number[];
}

/** The partition of a caller: one per account, one for everyone signed out (their pages are link pages). */
export const cachePartition = (userId: number | null | undefined) => (userId ? `user:${userId}` : "guest");
