import { useEffect } from "react";
import { REFRESH_TYPES, type LiveMessage } from "../../src/shared/live-messages";
import { toast } from "../toast";
import { RealtimeConnection } from "./connection";
import { createRefreshScheduler } from "./debounce";
import { emit, listen, type RefreshDetail } from "../signals";
import { announceRefresh } from "./refresh-signal";

/**
 * Live updates for the page it sits on (docs/product-rules.md#live-updates): follows the list of
 * /list/{id} (or the props' list) over the websocket, falling back to long polling, says how the
 * page is live, and tells the page through signals (islands/signals.ts), so pages need no
 * knowledge of the transport. A view that applies what a message carries (the list page's store,
 * Home's counts, the presence row) subscribes to the connection itself (`subscribeLive` in
 * ./refresh-signal.ts); the signals are for the rest:
 * - `listwell:refresh` {listId?, type}: for a view that reads its data again (Shared Lists);
 * - `listwell:version_update` {versionId, changes}: the What's New dialog.
 */
export interface LiveUpdatesProps {
  listId?: number;
  shareId?: string;
}

export const RESET_TOAST = "List items have been reset";

/** The page's list: the props win, else /list/{id} and its ?shareId= (the list page's URL). */
export function liveTarget(props: LiveUpdatesProps, location: Pick<Location, "pathname" | "search">): LiveUpdatesProps {
  const shareId = props.shareId ?? new URLSearchParams(location.search).get("shareId") ?? undefined;
  const fromPath = /^\/list\/(\d+)\/?$/.exec(location.pathname)?.[1];
  const listId = props.listId ?? (fromPath ? Number(fromPath) : undefined);
  return { ...(listId !== undefined ? { listId } : {}), ...(shareId ? { shareId } : {}) };
}

export function socketUrl(location: Pick<Location, "protocol" | "host">): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/ws`;
}

/** What one message means for the page; exported for the unit tests. */
export function dispatchFor(message: LiveMessage, refresh: (detail: RefreshDetail) => void, target: EventTarget = window) {
  if (message.type === "version_update") {
    const source = (typeof message.payload === "object" && message.payload !== null ? message.payload : message) as {
      versionId?: unknown;
      changes?: unknown;
    };
    if (typeof source.versionId === "string") {
      const changes = Array.isArray(source.changes) ? source.changes.filter((change): change is string => typeof change === "string") : [];
      emit("listwell:version_update", { versionId: source.versionId, changes }, target);
    }
    return;
  }
  if (message.type === "tasks_reset") toast({ title: RESET_TOAST });
  // A refused subscription to the page's list (unshared, or its link reset before the socket got
  // there) means the list is gone for this visitor: the list page reads it, finds out and says so.
  const refused = message.type === "error" && (message.listId !== undefined || Boolean(message.shareId));
  const eventId = message.type === "connect" ? (message.payload as { eventId?: unknown } | undefined)?.eventId : undefined;
  if (REFRESH_TYPES.has(message.type) || refused)
    refresh({
      ...(message.listId !== undefined ? { listId: message.listId } : {}),
      type: message.type,
      ...(typeof eventId === "number" ? { eventId } : {}),
    });
}

export default function LiveUpdates(props: LiveUpdatesProps) {
  useEffect(() => {
    const target = liveTarget(props, window.location);
    const scheduler = createRefreshScheduler<RefreshDetail>((detail) => announceRefresh(detail));
    const followsList = target.listId !== undefined || Boolean(target.shareId);
    const connect = () => {
      // A list's `connect` says where its events resume; a connection that follows no list is sent
      // nothing as it opens again, so what changed while it was away is read again.
      let wasLive = false;
      return new RealtimeConnection({
        target,
        url: socketUrl(window.location),
        socket: { visibility: document },
        onMessage: (message) => dispatchFor(message, scheduler.schedule),
        // Offline, the list page's banner says so already; reconnect warnings would only hide its toasts.
        notify: (notice) => {
          if (navigator.onLine) toast(notice);
        },
        // Says on <html> how the page is live, for people debugging a proxy and for the browser tests.
        onLive: (transport) => {
          document.documentElement.dataset.live = transport;
          if (wasLive && !followsList) scheduler.schedule({ type: "reconnect" });
          wasLive = true;
        },
      });
    };
    let connection = connect();
    connection.start();
    // A guest who names themselves connects again, so the presence row shows the name (docs/decisions/024-attribution-and-presence.md).
    const rename = () => {
      connection.stop();
      connection = connect();
      connection.start();
    };
    const stopRenaming = listen("listwell:guest-name", rename);
    // Back online: reconnect now, not when the backoff would have.
    const resume = () => connection.resume();
    window.addEventListener("online", resume);
    return () => {
      stopRenaming();
      window.removeEventListener("online", resume);
      connection.stop();
      scheduler.cancel();
    };
  }, [props.listId, props.shareId]);
  return null;
}
