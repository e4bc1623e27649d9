import { useEffect, useRef, useState } from "react";
import type { TaskList } from "../../src/shared/types";
import type { QueuedChange } from "../offline/changes";
import { waitingCount } from "../offline/db";
import { isNetworkFailure, newKey, temporaryId } from "../offline/key";
import type { Outbox } from "../offline/outbox";
import { sendChange } from "../offline/wire";
import { fetchAhead } from "../offline-cache/fetch-ahead";

/** A list made while the server could not be reached: a card of its own until the outbox has saved it. */
export interface PendingList {
  key: string;
  /** Temporary, negative (islands/offline/key.ts). */
  id: number;
  name: string;
}

export interface NewListsOptions {
  /** Whose outbox: `user:<id>` (docs/decisions/020-outbox.md). */
  scope: string;
  /** A list made offline was saved as `list` when its change was replayed. */
  onSaved: (list: TaskList, copied: boolean) => void;
  /** Reads Home again once a replay has sent something. */
  refetch: () => void;
}

/**
 * Home's new lists, empty or copied (Duplicate, New from template), through the same outbox as
 * the list page's changes (docs/decisions/067-offline-routines-and-copies.md): sent at once with
 * their Idempotency-Key while the server can be reached and nothing waits, else queued and shown
 * as pending cards. Home also replays what the list pages left queued, as they do.
 */
export function useNewLists({ scope, onSaved, refetch }: NewListsOptions) {
  const [pending, setPending] = useState<PendingList[]>([]);
  const outbox = useRef<Promise<Outbox> | null>(null);
  const waiting = useRef(0);
  const told = useRef({ onSaved, refetch });
  told.current = { onSaved, refetch };

  function load(): Promise<Outbox> {
    outbox.current ??= import("../offline/outbox")
      .then(({ openOutbox }) =>
        openOutbox(scope, {
          listId: 0,
          onEntries: (entries) =>
            setPending(
              entries.flatMap(({ key, change }) => (change.kind === "newList" ? [{ key, id: change.id, name: change.name }] : [])),
            ),
          onSettled: ({ change }, answer) => {
            if (change.kind === "newList" && answer?.list) told.current.onSaved(answer.list, change.from !== null);
          },
          refetch: () => told.current.refetch(),
          onState: (state) => {
            waiting.current = state.waiting;
          },
        }),
      )
      .catch((error) => {
        // The outbox's code could not be fetched (offline before it was ever cached): try again next time.
        outbox.current = null;
        throw error;
      });
    return outbox.current;
  }

  const flush = () => void outbox.current?.then((opened) => opened.flush()).catch(() => {});

  useEffect(() => {
    const start = async () => {
      if ((await waitingCount(scope)) > 0) return (await load()).flush();
      fetchAhead(() => import("../offline/outbox"));
    };
    const offline = () => void load().catch(() => {});
    if (navigator.onLine) void start().catch(() => {});
    else offline();
    window.addEventListener("online", flush);
    window.addEventListener("offline", offline);
    return () => {
      window.removeEventListener("online", flush);
      window.removeEventListener("offline", offline);
    };
  }, []);

  /**
   * A new list named `name`, empty or a copy of list `from`: the list as saved, or null when it
   * waits in the outbox (its card shows it). A refusal the server answered rejects, as online.
   */
  async function make(name: string, from: number | null): Promise<TaskList | null> {
    const change: QueuedChange = { kind: "newList", id: temporaryId(), name, from };
    const key = newKey();
    const target = { listId: change.id, shareId: null };
    const queue = async (unreachable: boolean) => {
      const opened = await load();
      await opened.queue({ key, target, change, title: name }, unreachable);
      if (navigator.onLine && !unreachable) void opened.flush();
      return null;
    };
    if (!navigator.onLine || waiting.current > 0) return queue(false);
    try {
      return (await sendChange(target, change, key)).list ?? null;
    } catch (error) {
      // No answer: it may have been made. Queued with the same key, it is made at most once.
      if (isNetworkFailure(error)) return queue(true);
      throw error;
    }
  }

  return { pending, make };
}
