/**
 * @module Loaded by the island loader once the page's islands have hydrated (islands/hydrate.tsx):
 * registers the service worker when the page is idle, so it never costs the first tap; keeps
 * `<html data-offline>` (src/shared/offline-cache.ts) in step with the browser; says so on pages
 * whose islands do not (the list's outbox banner and Home's offline lists do); has the worker check
 * the session when the browser is back online; and keeps the theme-color meta on the header's
 * colour when Settings switches theme or mode in place.
 */
import { CHECK_SESSION_MESSAGE, KEEP_PAGE_MESSAGE } from "./keep-page";

const root = document.documentElement;
const NOTICE_ID = "offline-notice";
/** Islands that tell the visitor about being offline themselves. */
const OWN_NOTICE = '[data-island="ListScreen"],[data-island="HomeScreen"]';

function showOffline(offline: boolean) {
  if (offline) root.dataset.offline = "";
  else delete root.dataset.offline;
  document.getElementById(NOTICE_ID)?.remove();
  const main = document.getElementById("main");
  if (!offline || !main || document.querySelector(OWN_NOTICE)) return;
  const notice = document.createElement("p");
  notice.id = NOTICE_ID;
  notice.className = "notice";
  notice.setAttribute("role", "status");
  notice.textContent = "Offline — this is the copy saved on this device. Changes need a connection.";
  main.prepend(notice);
}

showOffline(root.dataset.offline !== undefined || !navigator.onLine);
window.addEventListener("online", () => showOffline(false));
window.addEventListener("offline", () => showOffline(true));

new MutationObserver(() => {
  const header = document.querySelector(".app-header");
  if (!header) return;
  for (const meta of document.querySelectorAll('meta[name="theme-color"]')) meta.remove();
  const meta = document.createElement("meta");
  meta.name = "theme-color";
  meta.content = getComputedStyle(header).backgroundColor;
  document.head.append(meta);
}).observe(root, { attributeFilter: ["data-theme", "data-mode"] });

if ("serviceWorker" in navigator) {
  const { serviceWorker } = navigator;
  const loadedBeforeWorker = !serviceWorker.controller;
  const register = () =>
    serviceWorker
      .register("/sw.js")
      .then(() => serviceWorker.ready)
      .then((ready) => loadedBeforeWorker && ready.active?.postMessage({ type: KEEP_PAGE_MESSAGE, url: location.href }))
      .catch(() => {});
  if ("requestIdleCallback" in window) requestIdleCallback(register, { timeout: 3000 });
  else setTimeout(register, 1000);
  // Back online: whatever ended the session meanwhile must also end what the worker kept for it.
  window.addEventListener("online", () => serviceWorker.controller?.postMessage(CHECK_SESSION_MESSAGE));
}
