/**
 * @module Ticks tapped before the list has hydrated (docs/decisions/017). On a slow phone the items
 * are on screen about a second before React can answer a tap. A tap on an item's box in that time
 * shows at once — the filled box and the struck-through title come from `aria-checked` and a class,
 * attributes hydration leaves as it finds them — and is marked as saving (`aria-busy`) and
 * recorded on the island's marker; the list saves each one once it has hydrated
 * (`takeEarlyTicks`). A second tap on the same box takes the first one back.
 */

const UNHYDRATED_BOX = '[data-island="ListScreen"]:not([data-hydrated]) .item__check';

/** The task ids ticked or unticked before hydration, as the marker keeps them. */
const recorded = (marker: HTMLElement) => new Set(marker.dataset.earlyTicks?.split(",").filter(Boolean));

export function captureEarlyTicks() {
  document.addEventListener(
    "click",
    (event) => {
      const box = event.target instanceof Element ? event.target.closest<HTMLButtonElement>(UNHYDRATED_BOX) : null;
      const row = box?.closest<HTMLElement>("[data-task-id]");
      const marker = box?.closest<HTMLElement>("[data-island]");
      if (!box || !row?.dataset.taskId || !marker || box.disabled) return;
      // Hydration may be under way: React must not see this tap as well and flip it a second time.
      event.stopPropagation();
      const checked = box.getAttribute("aria-checked") !== "true";
      box.setAttribute("aria-checked", String(checked));
      row.classList.toggle("item--done", checked);
      const ids = recorded(marker);
      if (ids.delete(row.dataset.taskId)) box.removeAttribute("aria-busy");
      else {
        ids.add(row.dataset.taskId);
        box.setAttribute("aria-busy", "true");
      }
      marker.dataset.earlyTicks = [...ids].join(",");
    },
    true,
  );
}

/** The ids of the items whose tick changed before hydration, each once; the record is cleared. */
export function takeEarlyTicks(inside: Element): number[] {
  const marker = inside.closest<HTMLElement>("[data-island]");
  if (!marker) return [];
  const ids = [...recorded(marker)].map(Number);
  delete marker.dataset.earlyTicks;
  return ids;
}
