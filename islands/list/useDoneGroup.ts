import { type RefObject, useEffect, useRef, useState } from "react";
import type { Task } from "../../src/shared/types";
import { systemTimers, type Timers } from "../../src/shared/timers";
import { readDoneCollapsed, storeDoneCollapsed } from "./prefs";

/** How long the rows are left still after the last tap or key press on them (docs/decisions/046-calm-ticks.md). */
export const SETTLE_MS = 1500;

const completedIds = (tasks: readonly Task[]) => new Set(tasks.filter((task) => task.completed).map((task) => task.id));

/**
 * The list's "Done" group (docs/decisions/046-calm-ticks.md). `settled`: the items that count as
 * done for where rows stand, that is the completed ones as they were when the person's taps on the
 * rows began, until SETTLE_MS after the last one. A tick then changes its row at once but moves
 * it (into the Done group, or out of sight when completed items are hidden) only once the person
 * pauses, so the next tap lands on the row it was aimed at. A change made away from the rows
 * (Undo in the snackbar, another person's tick) moves rows at once.
 * `open`: the group shows its rows, remembered per list in this browser.
 */
export function useDoneGroup(
  listId: number,
  tasks: readonly Task[],
  rowsRef: RefObject<HTMLElement | null>,
  timers: Timers = systemTimers,
) {
  const [held, setHeld] = useState<ReadonlySet<number> | null>(null);
  const [open, setOpen] = useState(() => !readDoneCollapsed(listId));
  const latest = useRef(tasks);
  latest.current = tasks;

  useEffect(() => {
    let release: unknown = null;
    const onTouch = (event: Event) => {
      if (!(event.target instanceof Node) || !rowsRef.current?.contains(event.target)) return;
      if (release === null) setHeld(completedIds(latest.current));
      else timers.clearTimeout(release);
      release = timers.setTimeout(() => {
        release = null;
        setHeld(null);
      }, SETTLE_MS);
    };
    // Capturing, so the hold begins before the tap's own handlers tick anything.
    document.addEventListener("pointerdown", onTouch, true);
    document.addEventListener("keydown", onTouch, true);
    return () => {
      document.removeEventListener("pointerdown", onTouch, true);
      document.removeEventListener("keydown", onTouch, true);
      if (release !== null) timers.clearTimeout(release);
    };
  }, [rowsRef, timers]);

  const toggle = () => {
    storeDoneCollapsed(listId, open);
    setOpen(!open);
  };
  return { settled: held ?? completedIds(tasks), open, toggle };
}
