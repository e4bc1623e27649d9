import { useEffect, useState } from "react";
import { wallTime } from "../../src/shared/wall-time";
import type { ListRoutine } from "../../src/shared/routines";
import { subscribeLive } from "../realtime/refresh-signal";
import { follow, type RoutineDetail } from "../signals";

export interface RoutineLineProps {
  listId: number;
  /** The routine and its rule in words ("Every Sunday at 18:00"), worded by the server or the Repeats dialog. */
  shown: Omit<RoutineDetail, "listId">;
}

/**
 * Under the list's header, when the list repeats: when it resets, in words, and when next
 * (docs/decisions/053-routines.md). It follows the Repeats dialog, and each reset's event, which
 * carries the routine with its next run. The words come with the routine, so the list page's first
 * scripts carry none of the Repeats form's; a rule changed on another device shows at the next visit.
 * A rule still waiting in the outbox says so in place of its next run (docs/decisions/067-offline-routines-and-copies.md).
 */
export default function RoutineLine({ listId, shown: initial }: RoutineLineProps) {
  const [shown, setShown] = useState(initial);

  useEffect(() => {
    const stopRoutine = follow("listwell:routine", ({ listId: changed, ...detail }) => changed === listId && setShown(detail));
    // A reset carries the routine as it then stands: a scheduled run has moved its next run on.
    const stopLive = subscribeLive((message) => {
      if (message.type !== "tasks_reset" || message.listId !== listId) return;
      const routine = (message.payload as { routine?: ListRoutine | null } | undefined)?.routine;
      if (routine === null) setShown({ routine: null, words: null });
      else if (routine) setShown((before) => (before.routine?.rrule === routine.rrule ? { ...before, routine } : before));
    });
    return () => {
      stopRoutine();
      stopLive();
    };
  }, [listId]);

  const { routine, words } = shown;
  if (!routine || !words) return null;
  return (
    <p className="muted access-line">
      {`Resets ${words.charAt(0).toLowerCase()}${words.slice(1)} · ${routine.nextRunAt ? `next ${wallTime(routine.nextRunAt, routine.tz)}` : "waiting to be saved"}`}
    </p>
  );
}
