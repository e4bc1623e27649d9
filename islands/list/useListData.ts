import { useCallback, useEffect, useRef, useState } from "react";
import type { AccessLevel, Task } from "../../src/shared/types";
import { ApiRequestError } from "../api";
import type { RefreshDetail } from "../realtime/LiveUpdates";
import { flashToast, SHARED_ACCESS_FAILED } from "../toast";
import { byPosition } from "./logic";
import { tasksApi, type ListTarget } from "./tasks-api";

export interface ListData {
  name: string;
  tasks: Task[];
  accessLevel: AccessLevel;
  isOwner: boolean;
  ownerName: string | null;
}

/**
 * Back and Forward show the browser's kept copy of the page without asking the server
 * (docs/decisions/012-delivery.md): rendered then, not just now, so its first connect refetches.
 */
const renderedJustNow = () =>
  (performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined)?.type !== "back_forward";

/**
 * The list's data and its one refresh. Realtime dispatches `listwell:refresh` on window; bursts
 * are folded together (SPEC §4: 300 ms debounce). The data starts as the server rendered it and
 * is used as is: the `connect` of the page's first subscription does not refetch what the server
 * just sent (docs/decisions/010-island-bundles.md); a later `connect` is a reconnect, which may
 * have missed events, and does. A 404 means the list is gone for this visitor (link rotated,
 * unshared, deleted elsewhere): it says so and leaves rather than keep showing a list nobody can
 * change any more.
 */
export function useListData(target: ListTarget, initial: ListData) {
  const [data, setData] = useState(initial);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const subscribedOnce = useRef(false);

  const refetch = useCallback(async () => {
    setLoading(true);
    try {
      const fresh = await tasksApi.load(target);
      setData({
        name: fresh.list.name,
        tasks: fresh.tasks.slice().sort(byPosition),
        accessLevel: fresh.accessLevel,
        isOwner: fresh.isOwner,
        ownerName: fresh.ownerInfo?.username ?? null,
      });
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) {
        flashToast(
          target.shareId || !initial.isOwner
            ? SHARED_ACCESS_FAILED
            : { title: "Error", description: error.message, variant: "destructive" },
        );
        window.location.assign("/");
      }
      // Anything else keeps what is on screen; the next event or action tries again.
    } finally {
      setLoading(false);
    }
  }, [target.listId, target.shareId]);

  useEffect(() => {
    const onRefresh = (event: Event) => {
      const { type } = (event as CustomEvent<Partial<RefreshDetail>>).detail ?? {};
      if (type === "connect" && !subscribedOnce.current) {
        subscribedOnce.current = true;
        if (renderedJustNow()) return;
      }
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void refetch(), 300);
    };
    window.addEventListener("listwell:refresh", onRefresh);
    return () => {
      window.removeEventListener("listwell:refresh", onRefresh);
      clearTimeout(timer.current);
    };
  }, [refetch]);

  const setTasks = useCallback(
    (update: (tasks: Task[]) => Task[]) => setData((current) => ({ ...current, tasks: update(current.tasks) })),
    [],
  );
  return { data, loading, refetch, setTasks };
}
