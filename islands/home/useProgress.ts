import { useCallback, useEffect, useState } from "react";
import { LIST_PROGRESS, progressCountsOf } from "../../src/shared/live-messages";
import { client } from "../api";
import { createRefreshScheduler } from "../realtime/debounce";
import { subscribeLive } from "../realtime/refresh-signal";

/** One card's count: live items, sub-items included (GET /api/task-lists/progress). */
export interface ListProgress {
  done: number;
  total: number;
}

/** By list id, for every list on the user's Home (own and shared with them). */
export type ProgressMap = Record<string, ListProgress>;

/**
 * The cards' counts: rendered by the server (null when it could not count them), then held live
 * the list page's way: a `list_progress` carries the list's new counts and is applied as it comes,
 * without a read. The counts are read again only when Home reads everything again (a reconnect,
 * a share, focus), and when a message comes without counts (the server could not count), a burst
 * of those folding into one read.
 */
export function useProgress(initial: ProgressMap | null) {
  const [progress, setProgress] = useState(initial ?? {});

  const refresh = useCallback(async () => {
    try {
      setProgress((await client["task-lists"].progress.$get()).progress);
    } catch {
      // The counts on screen stay; the next change, focus or refresh tries again.
    }
  }, []);

  useEffect(() => {
    // The server could not count as it rendered the page: ask now.
    if (initial === null) void refresh();
    const scheduler = createRefreshScheduler<null>(() => void refresh());
    const stop = subscribeLive((message) => {
      if (message.type !== LIST_PROGRESS || message.listId === undefined) return;
      const counts = progressCountsOf(message);
      const listId = message.listId;
      if (counts) setProgress((current) => ({ ...current, [listId]: counts }));
      else scheduler.schedule(null);
    });
    return () => {
      stop();
      scheduler.cancel();
    };
  }, [refresh, initial]);

  return { progress, refreshProgress: refresh };
}
