import { useEffect, useRef, type RefObject } from "react";

export interface SortableOptions<L = undefined> {
  /** Dragging is off for read-only views and in alphabetical order. */
  enabled: boolean;
  /** Children a row may be dropped right after or before, which never move themselves (a section's heading). */
  between?: string;
  /** What the dropped row's place says (its section, its new neighbour), read before the row is put back. */
  landingOf?: (item: HTMLElement) => L;
  /** Called with the indexes among the draggable rows (`.sortable-item`) once a drop lands. */
  onMove: (from: number, to: number, landing: L | undefined) => void;
}

/** What comes before any drag: a mouse over the rows, a finger on them, keyboard focus in them. */
const INTENT_EVENTS = ["pointerover", "pointerdown", "touchstart", "focusin"] as const;

/**
 * Lets the user reorder the `.sortable-item` children of `ref` by their `.drag-handle`. React owns
 * the DOM, so the move sortablejs made is undone at once and reported; the caller re-renders the
 * new order. A child marked `.sortable-pinned` (a parent item heading its sub-items) stays first:
 * nothing may be dropped above it (docs/product-rules.md#sub-items).
 */
export function useSortable<L = undefined>(ref: RefObject<HTMLElement | null>, options: SortableOptions<L>) {
  const { enabled, between } = options;
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    const container = ref.current;
    if (!container || !enabled) return;
    let sortable: { destroy(): void } | undefined;
    let cancelled = false;
    // The press under way while sortablejs loads, until it is lifted.
    let held: PointerEvent | undefined;
    const press = (event: PointerEvent) => {
      held = event;
    };
    const lift = () => {
      held = undefined;
    };
    const stopWatching = () => {
      container.removeEventListener("pointerdown", press);
      document.removeEventListener("pointerup", lift);
      document.removeEventListener("pointercancel", lift);
    };
    // sortablejs (12 KB gzip, an eighth of the list page's budget) loads when a pointer or focus
    // first comes to the rows, which a drag always begins with, not with every page.
    const load = () => {
      for (const type of INTENT_EVENTS) container.removeEventListener(type, load);
      void import("./sortable-rows").then(({ sortRows }) => {
        stopWatching();
        if (cancelled) return;
        sortable = sortRows(container, latest, held);
        held = undefined;
        container.dataset.sortable = "ready";
      });
    };
    container.addEventListener("pointerdown", press, { passive: true });
    document.addEventListener("pointerup", lift, { passive: true });
    document.addEventListener("pointercancel", lift, { passive: true });
    for (const type of INTENT_EVENTS) container.addEventListener(type, load, { passive: true });
    return () => {
      cancelled = true;
      stopWatching();
      for (const type of INTENT_EVENTS) container.removeEventListener(type, load);
      sortable?.destroy();
      delete container.dataset.sortable;
    };
  }, [ref, enabled, between]);
}

/** Keyboard reorder on a drag handle: Arrow Up/Down (with or without Alt) move the row one place. */
export function handleKeyMove(
  event: { key: string; preventDefault(): void },
  index: number,
  count: number,
  move: (from: number, to: number) => void,
) {
  const to = event.key === "ArrowUp" ? index - 1 : event.key === "ArrowDown" ? index + 1 : null;
  if (to === null) return;
  event.preventDefault();
  if (to >= 0 && to < count) move(index, to);
}
