import { useEffect, useState } from "react";
import { wallTime } from "../../src/shared/wall-time";
import { client } from "../api";
import { subscribeLive } from "../realtime/refresh-signal";
import { listen, type RoutineDetail } from "../signals";

export interface RoutineLineProps {
  listId: number;
  shareId: string | null;
  /** The routine and its rule in words ("Every Sunday at 18:00"), worded by the server or the Repeats dialog. */
  shown: Omit<RoutineDetail, "listId">;
}

/**
 * Under the list's header, when the list repeats: when it resets, in words, and when next
 * (docs/decisions/053-routines.md). It follows the Repeats dialog, and after a reset (the routine's
 * own or another's) reads the list's routine again, since its next run has moved on. The words come
 * with the routine, so the list page's first scripts carry none of the Repeats form's.
 */
export default function RoutineLine({ listId, shareId, shown: initial }: RoutineLineProps) {
  const [shown, setShown] = useState(initial);

  useEffect(() => {
    const stopRoutine = listen("listwell:routine", ({ listId: changed, ...detail }) => changed === listId && setShown(detail));
    const stopLive = subscribeLive((message) => {
      if (message.type !== "tasks_reset" || message.listId !== listId) return;
      client.list[":id"].$get({ param: { id: listId }, query: shareId ? { shareId } : {} }).then(
        ({ list }) => setShown((before) => ({ routine: list.routine, words: list.routine ? before.words : null })),
        () => {
          // Offline: the line keeps the time it knew; the next reset or visit reads it again.
        },
      );
    });
    return () => {
      stopRoutine();
      stopLive();
    };
  }, [listId, shareId]);

  const { routine, words } = shown;
  if (!routine || !words) return null;
  return (
    <p className="muted access-line">
      {`Resets ${words.charAt(0).toLowerCase()}${words.slice(1)} · next ${wallTime(routine.nextRunAt, routine.tz)}`}
    </p>
  );
}
