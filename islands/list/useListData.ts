import { useCallback, useEffect, useRef, useState } from "react";
import type { AccessLevel, Task } from "../../src/shared/types";
import { ApiRequestError } from "../api";
import { latestConnect, REFRESH_EVENT, type RefreshDetail } from "../realtime/refresh-signal";
import { flashToast, SHARED_ACCESS_FAILED } from "../toast";
import { byPosition } from "./logic";
import { tasksApi, type ListTarget } from "./tasks-api";

/** Changes the items on screen from what they are at that moment. */
export type SetTasks = (update: (tasks: Task[]) => Task[]) => void;

export interface ListData {
  name: string;
  tasks: Task[];
  accessLevel: AccessLevel;
  isOwner: boolean;
  ownerName: string | null;
}

/**
 * The list's data and its one refresh. Realtime dispatches `listwell:refresh` on window; bursts
 * are folded together (SPEC §4: 300 ms debounce). The data starts as the server rendered it, as of
 * the list's event `renderedEventId`, and is used as is: the page's first `connect` carries the
 * list's newest event id once the socket hears the list, and refetches only when it differs — the
 * list changed while the page loaded, or the page is a copy kept from earlier and shown again by
 * Back (docs/decisions/010-island-bundles.md, 012-delivery.md). A later `connect` is a reconnect,
 * which may have missed events, and refetches. A 404 means the list is gone for this visitor (link
 * rotated, unshared, deleted elsewhere): it says so and leaves rather than keep showing a list
 * nobody can change any more.
 */
export function useListData(target: ListTarget, initial: ListData, renderedEventId: number) {
  const [data, setData] = useState(initial);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const subscribedOnce = useRef(false);
  /** Lays the changes still waiting in the outbox over what the server answered (islands/list/useOutbox.ts). */
  const overlay = useRef<((tasks: Task[]) => Task[]) | null>(null);

  const refetch = useCallback(async () => {
    setLoading(true);
    try {
      const fresh = await tasksApi.load(target);
      const tasks = overlay.current ? overlay.current(fresh.tasks) : fresh.tasks;
      setData({
        name: fresh.list.name,
        tasks: tasks.slice().sort(byPosition),
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
    const onRefresh = ({ type, eventId }: Partial<RefreshDetail>) => {
      if (type === "connect" && !subscribedOnce.current) {
        subscribedOnce.current = true;
        if (eventId === renderedEventId) return;
      }
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void refetch(), 300);
    };
    const onEvent = (event: Event) => onRefresh((event as CustomEvent<Partial<RefreshDetail>>).detail ?? {});
    window.addEventListener(REFRESH_EVENT, onEvent);
    // The live connection may have connected while this island's chunk was still on its way.
    const missed = subscribedOnce.current ? undefined : latestConnect();
    if (missed) onRefresh(missed);
    return () => {
      window.removeEventListener(REFRESH_EVENT, onEvent);
      clearTimeout(timer.current);
    };
  }, [refetch, renderedEventId]);

  const setTasks = useCallback(
    (update: (tasks: Task[]) => Task[]) => setData((current) => ({ ...current, tasks: update(current.tasks) })),
    [],
  );
  return { data, loading, refetch, setTasks, overlay };
}
