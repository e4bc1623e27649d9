import { useCallback, useEffect, useRef, useState } from "react";
import type { Task } from "../../src/shared/types";
import type { Change } from "../offline/changes";
import { waitingCount } from "../offline/db";
import { isNetworkFailure, newKey } from "../offline/key";
import type { Outbox, OutboxScreen, OutboxState } from "../offline/outbox";
import { REFRESH_EVENT, type RefreshDetail } from "../realtime/refresh-signal";
import type { ListTarget } from "./tasks-api";
import type { SetTasks } from "./useListData";

export interface OutboxView extends OutboxState {
  /** The browser says it has no network. */
  offline: boolean;
}

/** Sends a write now, or queues it; answers the server's answer, or null when it was queued. */
export type SaveChange = <T>(change: Change, title: string, send: (key: string) => Promise<T>, key?: string) => Promise<T | null>;

export interface UseOutbox {
  view: OutboxView;
  save: SaveChange;
  /** Takes back a change still queued (Undo of an offline delete); false once it was sent. */
  cancel: (key: string) => Promise<boolean>;
}

const IDLE: OutboxView = { offline: false, waiting: 0, ids: new Set(), saving: false, unreachable: false };

/**
 * Issue 14 on the list page: writes go straight to the server while it can be reached and
 * nothing waits; otherwise into the outbox (islands/offline/outbox.ts), whose code is loaded only
 * then — when the browser goes offline, a write finds no network, or the page starts offline or
 * with changes left waiting. The queue replays when the browser is back online, when the live
 * connection reconnects, and when the page starts.
 */
export function useOutbox(
  scope: string,
  target: ListTarget,
  screen: Pick<OutboxScreen, "refetch" | "onServerId"> & { setTasks: SetTasks; overlay: { current: ((tasks: Task[]) => Task[]) | null } },
): UseOutbox {
  const [view, setView] = useState(IDLE);
  const current = useRef(IDLE);
  const outbox = useRef<Promise<Outbox> | null>(null);
  const show = useCallback((next: Partial<OutboxView>) => {
    current.current = { ...current.current, ...next };
    setView(current.current);
  }, []);

  const load = useCallback(() => {
    outbox.current ??= import("../offline/outbox")
      .then(({ openOutbox }) =>
        openOutbox(scope, {
          listId: target.listId,
          setTasks: screen.setTasks,
          refetch: screen.refetch,
          onState: show,
          onServerId: screen.onServerId,
        }),
      )
      .then((opened) => {
        screen.overlay.current = opened.overlay;
        return opened;
      })
      .catch((error) => {
        // The outbox's code could not be fetched (offline before it was ever cached): try again next time.
        outbox.current = null;
        throw error;
      });
    return outbox.current;
  }, [scope, target.listId]);

  const flush = useCallback(() => void outbox.current?.then((opened) => opened.flush()).catch(() => {}), []);

  useEffect(() => {
    const online = () => {
      show({ offline: false });
      flush();
    };
    const offline = () => {
      show({ offline: true });
      void load().catch(() => {});
    };
    const onRefresh = (event: Event) => {
      if ((event as CustomEvent<RefreshDetail>).detail?.type === "connect") flush();
    };
    const start = async () => {
      if ((await waitingCount(scope)) > 0) return (await load()).flush();
      // Nothing waits: the outbox's code is fetched now, while it can be, so that it is at hand
      // (in the HTTP cache) for the first write made without a network (docs/decisions/020-outbox.md).
      await import("../offline/outbox");
    };
    if (!navigator.onLine) offline();
    else void start().catch(() => {});
    window.addEventListener("online", online);
    window.addEventListener("offline", offline);
    window.addEventListener(REFRESH_EVENT, onRefresh);
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("offline", offline);
      window.removeEventListener(REFRESH_EVENT, onRefresh);
    };
  }, [scope, load, flush]);

  async function enqueue(key: string, change: Change, title: string, unreachable: boolean) {
    const opened = await load();
    await opened.queue({ key, target, change, title }, unreachable);
    if (navigator.onLine && !unreachable) void opened.flush();
  }

  const save: SaveChange = async (change, title, send, key = newKey()) => {
    const { waiting, unreachable } = current.current;
    // Behind changes still waiting, a new one waits its turn, so the server sees them in order.
    if (!navigator.onLine || waiting > 0 || unreachable) {
      await enqueue(key, change, title, false);
      return null;
    }
    try {
      return await send(key);
    } catch (error) {
      if (!isNetworkFailure(error)) throw error;
      // No answer came: the change may have been applied. Queued with the same key, it is applied at most once.
      await enqueue(key, change, title, true).catch(() => Promise.reject(error));
      return null;
    }
  };

  const cancel = async (key: string) => (outbox.current ? (await outbox.current).cancel(key) : false);
  return { view, save, cancel };
}
