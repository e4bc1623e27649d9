/**
 * @module sortablejs set on a container of rows, loaded with sortablejs itself when a pointer or
 * focus first comes to the rows (./useSortable.ts): neither is among a page's first scripts.
 */
import Sortable from "sortablejs";
import type { SortableOptions } from "./useSortable";

/**
 * Drag activation: the mouse must travel 8 px, a finger must rest 200 ms (and may wander
 * 8 px meanwhile). forceFallback makes sortablejs use pointer events everywhere, so those limits
 * apply to mouse and touch alike, and drags behave the same in every browser.
 */
const SORTABLE_ACTIVATION = {
  delay: 200,
  delayOnTouchOnly: true,
  touchStartThreshold: 8,
  fallbackTolerance: 8,
  forceFallback: true,
} as const;

/**
 * Autoscroll while dragging: a row held within 60 px of the viewport's top or bottom edge scrolls
 * the page; sortablejs' own 30 px strip lies under a thumb and the phone's gesture bar.
 */
const SORTABLE_SCROLL = { scrollSensitivity: 60 } as const;

/**
 * A press on a handle made before sortablejs arrived, and still held: sortablejs listens from its
 * creation on, so it gets the press again, with only the rest of its delay left to wait
 * (docs/decisions/044-first-touch-drag.md).
 */
function handOver(container: HTMLElement, sortable: Sortable, press: PointerEvent) {
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
 * Makes the `.sortable-item` children of `container` draggable by their `.drag-handle`, reading
 * the caller's options at each drop (`latest`), and hands it the press `held` since before.
 */
export function sortRows<L>(container: HTMLElement, latest: { current: SortableOptions<L> }, held: PointerEvent | undefined) {
  const { between } = latest.current;
  const sortable = Sortable.create(container, {
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
  if (held) handOver(container, sortable, held);
  return sortable;
}
