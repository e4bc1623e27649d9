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

/**
 * Drag activation: the mouse must travel 8 px, a finger must rest 200 ms (and may wander
 * 8 px meanwhile). forceFallback makes sortablejs use pointer events everywhere, so those limits
 * apply to mouse and touch alike, and drags behave the same in every browser.
 */
export const SORTABLE_ACTIVATION = {
  delay: 200,
  delayOnTouchOnly: true,
  touchStartThreshold: 8,
  fallbackTolerance: 8,
  forceFallback: true,
} as const;

/** What comes before any drag: a mouse over the rows, a finger on them, keyboard focus in them. */
const INTENT_EVENTS = ["pointerover", "pointerdown", "touchstart", "focusin"] as const;

/**
 * Autoscroll while dragging: a row held within 60 px of the viewport's top or bottom edge scrolls
 * the page; sortablejs' own 30 px strip lies under a thumb and the phone's gesture bar.
 */
const SORTABLE_SCROLL = { scrollSensitivity: 60 } as const;

type SortableInstance = { destroy(): void; option(name: "delay", value: number): void };

/**
 * A press on a handle made before sortablejs arrived, and still held: sortablejs listens from its
 * creation on, so it gets the press again, with only the rest of its delay left to wait
 * (docs/decisions/044-first-touch-drag.md).
 */
function handOver(container: HTMLElement, sortable: SortableInstance, press: PointerEvent) {
  const target = press.target;
  if (!(target instanceof Element) || !target.closest(".drag-handle") || !container.contains(target)) return;
  const replay = new PointerEvent("pointerdown", {
    bubbles: true,
    cancelable: true,
    pointerId: press.pointerId,
    pointerType: press.pointerType,
    isPrimary: press.isPrimary,
    clientX: press.clientX,
    clientY: press.clientY,
    button: 0,
    buttons: 1,
  });
  // The replay is for sortablejs alone: the page's own handlers had the real press already.
  const contain = (event: Event) => {
    if (event === replay) event.stopPropagation();
  };
  container.addEventListener("pointerdown", contain);
  sortable.option("delay", Math.max(0, SORTABLE_ACTIVATION.delay - (performance.now() - press.timeStamp)));
  target.dispatchEvent(replay);
  sortable.option("delay", SORTABLE_ACTIVATION.delay);
  container.removeEventListener("pointerdown", contain);
}

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
    let sortable: SortableInstance | undefined;
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
      void import("sortablejs").then(({ default: Sortable }) => {
        stopWatching();
        if (cancelled) return;
        const created = Sortable.create(container, {
          ...SORTABLE_ACTIVATION,
          ...SORTABLE_SCROLL,
          handle: ".drag-handle",
          draggable: between ? `.sortable-item, ${between}` : ".sortable-item",
          // A row sliding aside is motion a person may have asked to be spared.
          animation: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? 0 : 150,
          ghostClass: "sortable-ghost",
          dragClass: "sortable-drag",
          fallbackClass: "sortable-fallback",
          onMove: (move) => !(move.related.classList.contains("sortable-pinned") && !move.willInsertAfter),
          onEnd: (end) => {
            const { item, from, oldIndex, newIndex } = end;
            if (oldIndex === undefined || newIndex === undefined || oldIndex === newIndex) return;
            const rows = () => [...from.children].filter((child) => child.matches(".sortable-item"));
            const to = rows().indexOf(item);
            const landing = latest.current.landingOf?.(item);
            // Put the node back where React rendered it, then let state drive the new order.
            from.removeChild(item);
            from.insertBefore(item, from.children[oldIndex] ?? null);
            latest.current.onMove(rows().indexOf(item), to, landing);
          },
        });
        sortable = created;
        if (held) handOver(container, created, held);
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
