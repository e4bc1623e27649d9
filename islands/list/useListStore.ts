import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { LiveMessage } from "../../src/shared/live-messages";
import type { Task } from "../../src/shared/types";
import { ApiRequestError } from "../api";
import type { ListTarget } from "../offline/changes";
import { noteLostList } from "../lost-list-note";
import { waitingCount } from "../offline/db";
import type { OutboxView } from "../offline/OfflineBanner";
import type { Outbox } from "../offline/outbox";
import { type ListData, readList, sendChange } from "../offline/wire";
import { fetchAhead } from "../offline-cache/fetch-ahead";
import { subscribeLive } from "../realtime/refresh-signal";
import { SHARED_ACCESS_FAILED } from "../../src/shared/toast";
import { emit, listen, type ShownRoutine } from "../signals";
import { dismissToast, flashToast, toast } from "../toast";
import { truncateTitle } from "./logic";
import { ListStore } from "./store";

const IDLE: OutboxView = { offline: false, waiting: 0, ids: new Set(), saving: false, unreachable: false };

export interface ListStoreOptions {
  target: ListTarget;
  /** Whose outbox: an account (`user:7`) or, for a share-link guest, the link (`link:abc`). */
  scope: string;
  /** The list as the server rendered it, as of its event `renderedEventId`. */
  initial: ListData;
  renderedEventId: number;
  /** An item added before the server answered was saved as `id`: a view addressed by its temporary id follows it. */
  onServerId: (temporary: number, id: number) => void;
}

/**
 * The list page's store (./store.ts) wired to the browser: the outbox in IndexedDB for changes
 * that must wait, whose code is loaded only then (docs/decisions/020-outbox.md); the live
 * connection's messages, applied as they come; the gap rule (docs/decisions/031-one-list-store.md):
 * the list is read again on the page's first `connect` only when its event id is not the one the
 * page was rendered at (the list changed while the page loaded, or Back showed a kept copy), on
 * every later `connect` (a reconnect may have missed events), on `resync`, and when access may
 * have changed; and the tick, the page's most frequent change, with its toasts. A 404 means the
 * list is gone for this visitor: the page reloads into the one that says why.
 */
export function useListStore({ target, scope, initial, renderedEventId, onServerId }: ListStoreOptions) {
  const [view, setView] = useState(IDLE);
  const current = useRef(IDLE);
  const outbox = useRef<Promise<Outbox> | null>(null);
  const followServerId = useRef(onServerId);
  followServerId.current = onServerId;
  const show = useCallback((next: Partial<OutboxView>) => {
    current.current = { ...current.current, ...next };
    setView(current.current);
  }, []);

  const [store] = useState(
    () =>
      new ListStore(target.listId, initial, {
        send: (change, key) => sendChange(target, change, key),
        mustWait: () => !navigator.onLine || current.current.waiting > 0 || current.current.unreachable,
        queue: async (key, change, title, unreachable) => {
          const opened = await load();
          await opened.queue({ key, target, change, title }, unreachable);
          if (navigator.onLine && !unreachable) void opened.flush();
        },
        read: () => readList(target),
        onServerId: (temporary, id) => followServerId.current(temporary, id),
      }),
  );
  const data = useSyncExternalStore(store.subscribe, store.getView, store.getView);

  /** Whether a change of this list was refused: with one still waiting, what a page that loses the list says was lost. */
  const refused = useRef(false);

  function load(): Promise<Outbox> {
    outbox.current ??= import("../offline/outbox")
      .then(({ openOutbox }) =>
        openOutbox(scope, {
          listId: target.listId,
          onEntries: (entries) => {
            store.syncQueue(entries);
            // A rule that waits shows as waiting, after a reload too (docs/decisions/067-offline-routines-and-copies.md).
            const { change } =
              entries.filter((entry) => entry.target.listId === target.listId && entry.change.kind === "routine").at(-1) ?? {};
            if (change?.kind === "routine") showRoutine(change.routine && { ...change.routine, nextRunAt: null }, change.words);
          },
          onSettled: (entry, answer) => {
            store.settle(entry.key, answer);
            if (!answer && entry.target.listId === target.listId) refused.current = true;
            const { change } = entry;
            if (change.kind === "routine" && answer?.list && entry.target.listId === target.listId)
              showRoutine(answer.list.routine, change.words);
          },
          refetch: () => void read(),
          onState: show,
        }),
      )
      .catch((error) => {
        // The outbox's code could not be fetched (offline before it was ever cached): try again next time.
        outbox.current = null;
        throw error;
      });
    return outbox.current;
  }

  const showRoutine = (routine: ShownRoutine | null, words: string | null) =>
    emit("listwell:routine", { listId: target.listId, routine, words: routine && words });

  /** The owner set or stopped the routine on another page: the line and the menu follow, the rule worded on first need. */
  const followRoutine = (message: LiveMessage) => {
    const routine = (message.payload as { routine?: ShownRoutine | null } | undefined)?.routine;
    if (routine === null) showRoutine(null, null);
    else if (routine)
      void import("../../src/shared/routine-words").then(({ describeRule }) => showRoutine(routine, describeRule(routine.rrule)));
  };

  const read = useCallback(async () => {
    try {
      await store.read();
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404 && initial.isOwner) {
        flashToast(target.shareId ? SHARED_ACCESS_FAILED : { title: "Error", description: error.message, variant: "destructive" });
        window.location.assign("/");
      } else if (error instanceof ApiRequestError && error.status === 404) {
        // The page reloads into the one that says why (docs/decisions/048-dead-links.md), told
        // what this tab knew; a link's page shows the shared-access toast itself, a recipient's is flashed.
        const { name, ownerName } = store.getView();
        const unsaved = current.current.ids.size > 0 || refused.current;
        noteLostList({ listId: target.listId, shareId: target.shareId ?? null, listName: name, ownerName, unsaved });
        if (!target.shareId) flashToast(SHARED_ACCESS_FAILED);
        window.location.replace(window.location.href);
      }
      // Anything else keeps what is on screen; the next gap or action tries again.
    }
  }, []);

  const flush = useCallback(() => void outbox.current?.then((opened) => opened.flush()).catch(() => {}), []);

  useEffect(() => {
    let connected = false;
    const onLive = (message: LiveMessage) => {
      if (message.type !== "connect") {
        if (message.type === "list_updated") followRoutine(message);
        if (store.receive(message)) void read();
        return;
      }
      flush();
      const first = !connected;
      connected = true;
      if (first && (message.payload as { eventId?: unknown } | undefined)?.eventId === renderedEventId) return;
      void read();
    };
    return subscribeLive(onLive);
  }, []);

  // The Repeats and Reset history dialogs' writes, named for the refusal by the list's name.
  useEffect(
    () =>
      listen("listwell:write", ({ listId, change, reply }) => listId === target.listId && reply(store.apply(change, store.getView().name))),
    [],
  );

  useEffect(() => {
    const online = () => {
      show({ offline: false });
      flush();
    };
    const offline = () => {
      show({ offline: true });
      void load().catch(() => {});
    };
    const start = async () => {
      if ((await waitingCount(scope)) > 0) return (await load()).flush();
      // Nothing waits: the outbox's code must still be at hand for the first write made without a network (docs/decisions/020-outbox.md).
      fetchAhead(() => import("../offline/outbox"));
    };
    if (!navigator.onLine) offline();
    else void start().catch(() => {});
    window.addEventListener("online", online);
    window.addEventListener("offline", offline);
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("offline", offline);
    };
  }, []);

  /** Takes back a change not yet sent (Undo of an offline delete); false once it was. */
  const cancel = async (key: string) => store.cancel(key) || (outbox.current ? (await outbox.current).cancel(key) : false);

  // A tick says the value the box ends as, online or queued (islands/offline/wire.ts): the store
  // shows it at once and takes it back if refused. `ticking`: the items whose tick is being saved.
  const [ticking, setTicking] = useState<ReadonlySet<number>>(new Set());
  /** The open 'Task completed' toast, closed once its item is gone and Undo has nothing to undo. */
  const completionToast = useRef<{ taskId: number; toastId: number } | null>(null);
  const markTicking = (id: number, on: boolean) =>
    setTicking((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  /**
   * Completing offers Undo (which toasts nothing new); a refused tick is rolled back and says so.
   * Undo of a parent's tick also reopens the sub-items that tick ticked, and only those
   * (`reopen`); a sub-item's tick that ticked its parent is undone by unticking the sub-item,
   * which reopens the parent on the server (docs/decisions/043-sub-item-ticks.md).
   */
  async function toggle(task: Task, undo = false, reopen: readonly Task[] = []) {
    if (ticking.has(task.id)) return;
    markTicking(task.id, true);
    const completed = !task.completed;
    try {
      const answering = store.apply({ kind: "tick", id: task.id, completed }, task.title);
      const reopening = reopen.map((child) => store.apply({ kind: "tick", id: child.id, completed: false }, child.title));
      const answer = await answering;
      await Promise.all(reopening);
      const [updated = { ...task, completed }, ...alsoChanged] = answer?.tasks ?? [];
      if (!undo && updated.completed) {
        const ticked = alsoChanged.filter((other) => other.parentId === updated.id);
        const toastId = toast({
          title: "Task completed",
          description: `"${truncateTitle(updated.title)}" marked as complete`,
          action: { label: "Undo", onClick: () => void toggle(updated, true, ticked) },
          quiet: true,
        });
        completionToast.current = { taskId: updated.id, toastId };
      }
    } catch {
      toast(
        undo
          ? { title: "Undo failed", description: "Could not undo the completion. Please try again.", variant: "destructive" }
          : { title: "Toggle Failed", description: "Could not update task status. Please try again.", variant: "destructive" },
      );
    } finally {
      markTicking(task.id, false);
    }
  }

  function closeCompletionToast(gone: (taskId: number) => boolean) {
    const open = completionToast.current;
    if (!open || !gone(open.taskId)) return;
    dismissToast(open.toastId);
    completionToast.current = null;
  }

  return { data, store, outbox: view, cancel, read, ticking, toggle, closeCompletionToast };
}
