import { useEffect, useState } from "react";

/** Offline: the browser says so, or this page is the device's kept copy (<html data-offline>, src/shared/offline-cache.ts). */
const isOffline = () => document.documentElement.dataset.offline !== undefined || !navigator.onLine;

/**
 * Whether the page can reach the server now, following the browser's online and offline events.
 * False on the server and at hydration, so the markup matches; the effect then says the truth.
 */
export function useOffline(): boolean {
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    // An event is the browser's word: a kept copy's mark is cleared on "online" too, but by a
    // listener that may run after this one (islands/offline-cache/register.ts).
    const update = (event?: Event) => setOffline(event ? event.type === "offline" : isOffline());
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return offline;
}

/** A control that needs the server, offline: disabled, with a title that says why. */
export const needsNetwork = (offline: boolean) => (offline ? { disabled: true, title: "Not available offline" } : {});
