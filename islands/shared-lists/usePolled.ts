import { useCallback, useEffect, useRef, useState } from "react";
import { listen } from "../signals";

/** Shared-with-me and my-shared-lists poll every 3 s, with 3 retries (docs/product-rules.md#live-updates). */
export const POLL_INTERVAL_MS = 3000;
const RETRIES = 3;
const FIRST_RETRY_DELAY_MS = 500;

export interface Polled<T> {
  data: T | null;
  /** The latest fetch failed even after its retries. */
  error: boolean;
  loading: boolean;
  refetch: () => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function fetchWithRetries<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (attempt >= RETRIES) throw error;
      await sleep(FIRST_RETRY_DELAY_MS * 2 ** attempt);
    }
  }
}

/**
 * Server-rendered data kept fresh: polled while the page is visible, refetched on focus and on
 * the live connection's `listwell:refresh` (a share added or removed). The newest request wins, so a poll that started before an unshare cannot
 * bring the removed share back.
 */
export function usePolled<T>(read: () => Promise<T>, initial: T | null): Polled<T> {
  const [data, setData] = useState(initial);
  const [error, setError] = useState(initial === null);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  const inFlight = useRef(0);

  /**
   * `force` starts a request even while one runs; `visibly` shows the loading state, which only
   * the person's own "Try again" asks for: a background poll must not swap an error for skeletons.
   */
  const load = useCallback(
    async (force: boolean, visibly = false) => {
      if (!force && inFlight.current > 0) return;
      const id = ++latest.current;
      inFlight.current++;
      if (visibly) setLoading(true);
      try {
        const fresh = await fetchWithRetries(read);
        if (id === latest.current) {
          setData(fresh);
          setError(false);
        }
      } catch {
        if (id === latest.current) setError(true);
      } finally {
        inFlight.current--;
        if (id === latest.current) setLoading(false);
      }
    },
    [read],
  );

  useEffect(() => {
    const poll = () => {
      if (document.visibilityState === "visible") void load(false);
    };
    const refresh = () => void load(true);
    const timer = setInterval(poll, POLL_INTERVAL_MS);
    window.addEventListener("focus", refresh);
    const stop = listen("listwell:refresh", refresh);
    return () => {
      clearInterval(timer);
      window.removeEventListener("focus", refresh);
      stop();
    };
  }, [load]);

  const refetch = useCallback(() => void load(true, true), [load]);
  return { data, error, loading, refetch };
}
