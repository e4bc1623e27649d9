/**
 * @module Whose pages the service worker keeps (docs/decisions/019-offline-cache.md): one account's,
 * or a guest's, at a time, named by the partition header of the server's answers and remembered
 * across the worker's restarts. Another account's answer deletes what the previous one kept, so no
 * one reads another's lists on a shared device.
 */
import { CACHE_PARTITION_HEADER } from "../../src/shared/offline-cache";

/** Each partition's pages and reads are one cache, named this and the partition. */
export const PAGES_PREFIX = "listwell-pages-";
/** Where the worker remembers whose pages it keeps, across its own restarts. */
const META = "listwell-meta";
const PARTITION_KEY = "/partition";

let partition: Promise<string | null> | null = null;

/** The account (`user:<id>`) or `guest` the server last answered a page for. */
export function currentPartition(): Promise<string | null> {
  partition ??= caches
    .open(META)
    .then((cache) => cache.match(PARTITION_KEY))
    .then((kept) => (kept ? kept.text() : null))
    .then((text) => text || null);
  return partition;
}

/** The partition the server answered for now: when it is another (or nobody), what the previous one kept is deleted. */
export async function setPartition(next: string | null) {
  if ((await currentPartition()) === next) return;
  partition = Promise.resolve(next);
  await (await caches.open(META)).put(PARTITION_KEY, new Response(next ?? ""));
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => name.startsWith(PAGES_PREFIX) && name !== PAGES_PREFIX + next).map((name) => caches.delete(name)),
  );
}

/** A link that answers 404 was rotated or revoked: every page and read kept through it goes. */
export async function forgetLink(shareId: string) {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PAGES_PREFIX)) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (new URL(request.url).searchParams.get("shareId") === shareId) await cache.delete(request);
    }
  }
}

/** Tries for the session check: the worker's own requests can fail for a moment after the page's network returns. */
const SESSION_CHECK_TRIES = 5;
const SESSION_CHECK_RETRY_MS = 500;

/**
 * Asks the server whose session this browser holds now. Its answer names the partition like any
 * other, so an account whose session ended while this device was offline loses its kept pages
 * here, before an offline visit could show them.
 */
export async function checkSession(): Promise<string | null> {
  for (let tried = 1; ; tried++) {
    try {
      const response = await fetch("/api/user", { cache: "no-store", redirect: "manual" });
      const answeredFor = response.headers.get(CACHE_PARTITION_HEADER);
      if (answeredFor !== null) await setPartition(answeredFor);
      return answeredFor;
    } catch (error) {
      if (tried === SESSION_CHECK_TRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, SESSION_CHECK_RETRY_MS * tried));
    }
  }
}
