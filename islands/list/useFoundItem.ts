/**
 * @module The item a link points at, `#item-{id}` (search's results: docs/decisions/058-search.md),
 * shown in place: its parent's view opened for a sub-item, its section unfolded, the Done group
 * opened for a ticked one gathered there, then scrolled to the middle of the screen, marked for a
 * moment and its tick box focused, so a keyboard or a screen reader carries on from it.
 */
import { useEffect, useState } from "react";
import type { Task } from "../../src/shared/types";

/** How long the found row stays marked (the mark fades in views/styles/25-search.css). */
const MARKED_MS = 2400;

const wantedId = () => Number(/^#item-([1-9][0-9]*)$/.exec(window.location.hash)?.[1]) || null;

export function useFoundItem(
  tasks: readonly Task[],
  parentId: number,
  openParent: (id: number) => void,
  done: { open: boolean; toggle: () => void },
) {
  const [wanted, setWanted] = useState<number | null>(null);
  const [openedDone, setOpenedDone] = useState(false);

  useEffect(() => {
    const read = () => {
      setWanted(wantedId());
      setOpenedDone(false);
    };
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, []);

  // After every render while an item is wanted: each step (a parent's view, the Done group) renders first.
  useEffect(() => {
    if (wanted === null) return;
    const task = tasks.find((candidate) => candidate.id === wanted);
    if (task && task.parentId !== parentId) {
      openParent(task.parentId);
      return;
    }
    const row = document.querySelector<HTMLElement>(`li.item[data-task-id="${wanted}"]`);
    // Its section's heading unfolds it as a tap on the heading would (sections are decision 060's).
    const fold = task?.sectionId
      ? document.querySelector<HTMLElement>(`li.section-heading[data-section-id="${task.sectionId}"] button[aria-expanded="false"]`)
      : null;
    if (!row && fold) {
      fold.click();
      return;
    }
    if (!row && task?.completed && !done.open && !openedDone) {
      setOpenedDone(true);
      done.toggle();
      return;
    }
    setWanted(null);
    if (!row) return;
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    row.scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
    // On a phone too: a screen reader there reads on from where focus is, not from the mark.
    row.querySelector<HTMLElement>(".item__check")?.focus({ preventScroll: true });
    row.dataset.found = "";
    setTimeout(() => delete row.dataset.found, MARKED_MS);
  });
}
