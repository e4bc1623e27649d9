/**
 * @module The service worker, served at /sw.js (docs/decisions/019-offline-cache.md). The build's
 * files are precached and served from the cache; pages and list reads go to the network first and
 * are kept, per account, for when there is none; Home has every list the person can open kept too
 * (docs/decisions/049-every-list-offline.md). Writes, sign-in answers, the live connection and
 * anything the server marks `no-store` pass by untouched.
 */
import { MAX_LISTS_PER_USER } from "../../src/shared/rules/lists";
import {
  CACHE_PARTITION_HEADER,
  CACHED_LISTS_MESSAGE,
  type CachedLists,
  KEEP_LISTS_MESSAGE,
  type KeepLists,
} from "../../src/shared/offline-cache";
import { type PushScope, showPushes } from "../notifications/in-worker";
import { CHECK_SESSION_MESSAGE, KEEP_PAGE_MESSAGE } from "./keep-page";
import { checkSession, currentPartition, forgetLink, PAGES_PREFIX, setPartition } from "./partition";

/** Written in by the build (src/assets.ts): every other file of this build, and the stylesheet for the offline page. */
declare const PRECACHE: { version: string; files: string[]; offlineStyle: string };

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerMessageEvent extends ExtendableEvent {
  readonly data: unknown;
  readonly ports: readonly MessagePort[];
}
interface WorkerScope {
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "message", listener: (event: WorkerMessageEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: {
    claim(): Promise<void>;
  };
  location: Location;
}
const worker = self as unknown as WorkerScope;

const ASSETS = `listwell-assets-${PRECACHE.version}`;

/** The reads a page may need offline; the rest of /api (writes, sign-in, poll, version) is never kept. */
const KEPT_READ = /^\/api\/(list|tasks|task-lists|shared-with-me)(\/|$)/;

worker.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(ASSETS)
      .then((cache) => cache.addAll(PRECACHE.files))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => name.startsWith("listwell-assets-") && name !== ASSETS).map((name) => caches.delete(name))),
      )
      .then(() => worker.clients.claim()),
  );
});

/**
 * Keeps a 200 the server allows to be kept, in the partition it was answered for; forgets what now
 * answers 404. Only the app's own answers name a partition; an answer for an account that is no
 * longer the current one (another signed in while it travelled) is kept nowhere.
 */
async function keep(request: Request, response: Response) {
  const answeredFor = response.headers.get(CACHE_PARTITION_HEADER);
  if (answeredFor === null) return;
  await setPartition(answeredFor);
  if ((await currentPartition()) !== answeredFor) return;
  const cache = await caches.open(PAGES_PREFIX + answeredFor);
  if (response.status === 404) {
    const shareId = new URL(request.url).searchParams.get("shareId");
    if (shareId) await forgetLink(shareId);
    await cache.delete(request, { ignoreVary: true });
    return;
  }
  const storable = response.status === 200 && response.type === "basic" && !/no-store/.test(response.headers.get("Cache-Control") ?? "");
  if (storable) await cache.put(request, response);
}

/**
 * The kept copy of a page or read. A parent's view entered in the page (history.pushState, never
 * fetched as a page) falls back to its list's page, which holds every item.
 */
async function kept(request: Request): Promise<Response | undefined> {
  const owner = await currentPartition();
  if (!owner) return undefined;
  const cache = await caches.open(PAGES_PREFIX + owner);
  const copy = await cache.match(request, { ignoreVary: true });
  const url = new URL(request.url);
  if (copy || request.mode !== "navigate" || !url.searchParams.has("parentId")) return copy;
  url.searchParams.delete("parentId");
  return cache.match(url.href, { ignoreVary: true });
}

/** A page from the cache says so on <html data-offline> (the contract in src/shared/offline-cache.ts). */
async function markedOffline(page: Response): Promise<Response> {
  const html = (await page.text()).replace("<html ", '<html data-offline="" ');
  const headers = new Headers(page.headers);
  headers.delete("Content-Length");
  return new Response(html, { status: page.status, headers });
}

/** What an unsaved page shows offline instead of the browser's error page. */
const unsavedPage = () =>
  new Response(
    `<!DOCTYPE html><html lang="en" data-theme="vibrant" data-offline=""><head><meta charset="utf-8"><meta name="color-scheme" content="light dark"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline · Listwell</title><link rel="stylesheet" href="${PRECACHE.offlineStyle}"></head><body><main id="main" class="page stack"><h1>You are offline</h1><p class="notice" role="status">This page was not opened on this device before, so it is not available offline.</p><p><a class="button button--primary" href="/">My Lists</a></p></main></body></html>`,
    { status: 503, headers: { "Content-Type": "text/html; charset=UTF-8", "Cache-Control": "no-store" } },
  );

/** Network first: the server's answer is always the truth; the kept copy is for when there is no network. */
async function networkFirst(event: FetchEvent, page: boolean): Promise<Response> {
  const { request } = event;
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    const copy = await kept(request);
    if (copy) return page ? markedOffline(copy) : copy;
    if (page) return unsavedPage();
    throw error;
  }
  event.waitUntil(keep(request, response.clone()));
  return response;
}

async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(ASSETS);
  const copy = await cache.match(request, { ignoreVary: true });
  if (copy) return copy;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/** Logout: once the server has ended the session, the account's kept pages go with it. */
async function logout(request: Request): Promise<Response> {
  const response = await fetch(request);
  if (response.ok) await setPartition(null);
  return response;
}

worker.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (request.method === "POST" && url.pathname === "/api/logout") return event.respondWith(logout(request));
  if (request.method !== "GET") return;
  if (url.pathname.startsWith("/build/")) return event.respondWith(cacheFirst(request));
  if (request.mode === "navigate") return event.respondWith(networkFirst(event, true));
  if (KEPT_READ.test(url.pathname)) return event.respondWith(networkFirst(event, false));
});

/** Home asks which lists it could open offline: those whose page is kept for this account. */
async function cachedLists(): Promise<CachedLists> {
  const owner = await currentPartition();
  if (!owner) return { listIds: [] };
  const requests = await (await caches.open(PAGES_PREFIX + owner)).keys();
  const listIds = new Set<number>();
  for (const request of requests) {
    const url = new URL(request.url);
    const match = /^\/list\/(\d+)$/.exec(url.pathname);
    if (match && !url.search) listIds.add(Number(match[1]));
  }
  return { listIds: [...listIds] };
}

/** A page that loaded before this worker took over: fetched again and kept like any page. */
async function keepPage(url: string) {
  if (new URL(url).origin !== worker.location.origin) return;
  const request = new Request(url);
  await keep(request, await fetch(request));
}

/**
 * Lists kept in one pass: an account's own 25 and as many shared with it. Home names its own lists
 * first, so a person with more shared lists than this still has all of their own.
 */
const MAX_KEPT_LISTS = 2 * MAX_LISTS_PER_USER;

/** The list a kept page or read belongs to; none for a link's (those go when the link answers 404). */
function listOf(url: URL): number | null {
  if (url.searchParams.has("shareId")) return null;
  const id = /^\/(?:api\/)?list\/(\d+)(?:\/|$)/.exec(url.pathname)?.[1] ?? url.searchParams.get("listId");
  return id ? Number(id) : null;
}

/**
 * Every list the person can open, kept for offline reading though this device never opened it:
 * each page is fetched like a visit (a 304 when unchanged, decision 012) and kept by the same rules.
 * The pass asks the server whose session this is first, and stops once another partition answers
 * or is current (a logout meanwhile): it never brings back pages a logout dropped. Only a pass that
 * reached every list forgets the lists not named: their access has gone.
 */
async function keepLists(listIds: readonly number[]) {
  const owner = await checkSession();
  const stillOwner = async (answeredFor: string | null) => answeredFor === owner && (await currentPartition()) === owner;
  if (!owner?.startsWith("user:")) return;
  for (const id of listIds.slice(0, MAX_KEPT_LISTS)) {
    const request = new Request(new URL(`/list/${id}`, worker.location.origin));
    const response = await fetch(request);
    if (!(await stillOwner(response.headers.get(CACHE_PARTITION_HEADER)))) return;
    // Sent elsewhere instead of the list: nothing of it to keep.
    if (!response.redirected) await keep(request, response);
  }
  if (!(await stillOwner(owner))) return;
  const open = new Set(listIds);
  const cache = await caches.open(PAGES_PREFIX + owner);
  for (const request of await cache.keys()) {
    const list = listOf(new URL(request.url));
    if (list !== null && !open.has(list)) await cache.delete(request);
  }
}

/** One pass at a time, in the order Home asked: a later visit's list is the newer truth. */
let keeping: Promise<void> = Promise.resolve();

const isKeepPage = (data: unknown): data is { type: string; url: string } =>
  typeof data === "object" &&
  data !== null &&
  (data as { type?: unknown }).type === KEEP_PAGE_MESSAGE &&
  typeof (data as { url?: unknown }).url === "string";

const isKeepLists = (data: unknown): data is KeepLists =>
  typeof data === "object" &&
  data !== null &&
  (data as { type?: unknown }).type === KEEP_LISTS_MESSAGE &&
  Array.isArray((data as { listIds?: unknown }).listIds) &&
  (data as { listIds: unknown[] }).listIds.every(Number.isSafeInteger);

worker.addEventListener("message", (event) => {
  const [port] = event.ports;
  if (event.data === CACHED_LISTS_MESSAGE && port) event.waitUntil(cachedLists().then((answer) => port.postMessage(answer)));
  if (isKeepPage(event.data)) event.waitUntil(keepPage(event.data.url).catch(() => {}));
  if (isKeepLists(event.data)) {
    const { listIds } = event.data;
    keeping = keeping.then(() => keepLists(listIds)).catch(() => {});
    event.waitUntil(keeping);
  }
  if (event.data === CHECK_SESSION_MESSAGE) event.waitUntil(checkSession().catch(() => {}));
});

showPushes(self as unknown as PushScope);
