/**
 * @module One Tab stop for the whole list (the roving tabindex of WAI-ARIA's grid pattern,
 * docs/decisions/016-list-keyboard-and-colour-mode.md): Tab enters the list on the item last used (the first at the start) and the next Tab
 * leaves it; ↑ ↓ Home End move between items and ← → between the buttons of one item, so every
 * control stays in reach. It works on the DOM the rows render (`li.item[data-task-id]` in the
 * rows container), so a row's buttons need nothing of their own, and rows added later, by this
 * browser or another device, are covered as they appear.
 */
import { useEffect, useState, type RefObject } from "react";

export const ROW_SELECTOR = "li.item[data-task-id]";
const CONTROL_SELECTOR = "button, a[href], input, textarea, select, [contenteditable]";

/** A text field keeps its keys for itself (an inline edit in a row, the quick-add field). */
export const isTextEntry = (element: EventTarget | null) =>
  element instanceof HTMLElement && (element.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName));

/**
 * The row's controls in order, those drawn only: a phone's row hides its Edit and Delete behind its
 * menu, whose entries keep their own keys. A row without any (read-only, no description) is
 * focused itself.
 */
function controlsOf(row: HTMLElement): HTMLElement[] {
  const controls = [...row.querySelectorAll<HTMLElement>(CONTROL_SELECTOR)].filter(
    (control) => !control.hasAttribute("disabled") && control.checkVisibility() && !control.closest("[role='menu']"),
  );
  return controls.length > 0 ? controls : [row];
}

/** Which of a row's controls an element is, alike in every row, so ↑ ↓ go from Edit to Edit. */
const kindOf = (control: HTMLElement) => (control.matches(ROW_SELECTOR) ? "row" : `${control.className}|${control.title}`);

/** The control an item starts on: its first past the drag handle (the tick box when writable). */
const firstOf = (controls: HTMLElement[]) => controls.find((control) => !control.classList.contains("drag-handle")) ?? controls[0]!;

const clamp = (index: number, length: number) => Math.max(0, Math.min(length - 1, index));

/**
 * Where the Tab stop is: the row by id, and its index so a row that went away hands over to its
 * neighbour; the control by kind, or failing that by place (a parent's title under a plain one).
 */
interface Stop {
  id: string;
  index: number;
  kind: string;
  column: number;
}

/** The control of a row like `like` (a Stop, or the control ↑ ↓ came from); the row's first without one. */
const pick = (controls: HTMLElement[], like: { kind: string; column: number } | null) =>
  like ? (controls.find((control) => kindOf(control) === like.kind) ?? controls[clamp(like.column, controls.length)]!) : firstOf(controls);

/** The roving tabindex of one rows container; `sync` after every render, `attach` when it changes. */
export function createRovingRows() {
  let container: HTMLElement | null = null;
  let stop: Stop | null = null;
  /** Focus was last in the list or in a dialog over it: if that element vanished, focus returns to the list. */
  let lastFocus: { element: Element; fromList: boolean } | null = null;
  /** Made on the first attach: this object is also made during the server's render, which has no DOM. */
  let observer: MutationObserver | null = null;

  const rows = () => (container ? [...container.querySelectorAll<HTMLElement>(ROW_SELECTOR)] : []);

  /** Gives every row's controls tabindex -1 and the stop's control 0, and answers that control. */
  function apply(): HTMLElement | null {
    const all = rows();
    const at = stop;
    const row = (at && (all.find((r) => r.dataset.taskId === at.id) ?? all[clamp(at.index, all.length)])) || all[0];
    let target: HTMLElement | null = null;
    for (const r of all) {
      const controls = controlsOf(r);
      if (controls[0] !== r) r.removeAttribute("tabindex");
      const chosen = r === row ? pick(controls, at) : null;
      for (const control of controls) {
        const tabIndex = control === chosen ? 0 : -1;
        if (control.getAttribute("tabindex") !== String(tabIndex)) control.tabIndex = tabIndex;
      }
      target = chosen ?? target;
    }
    if (row && at && at.id !== row.dataset.taskId) stop = { ...at, id: row.dataset.taskId!, index: all.indexOf(row) };
    return target;
  }

  /** After every render and every change to the rows, including the focused row going away. */
  function sync() {
    const target = apply();
    const lost = document.activeElement === document.body || document.activeElement === null;
    if (target && lost && lastFocus?.fromList && !lastFocus.element.isConnected) target.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    const from = event.target as HTMLElement;
    const row = from.closest<HTMLElement>(ROW_SELECTOR);
    if (
      !row ||
      from.closest("[role='menu']") ||
      event.defaultPrevented ||
      event.altKey ||
      event.ctrlKey ||
      event.metaKey ||
      event.shiftKey ||
      isTextEntry(from)
    )
      return;
    // On a drag handle ↑ ↓ move the item itself (handleKeyMove in islands/ui/useSortable.ts).
    if ((event.key === "ArrowUp" || event.key === "ArrowDown") && from.classList.contains("drag-handle")) return;
    const all = rows();
    const controls = controlsOf(row);
    const index = all.indexOf(row);
    const at = controls.indexOf(from);
    const toRow: Record<string, number> = { ArrowUp: index - 1, ArrowDown: index + 1, Home: 0, End: all.length - 1 };
    const toControl: Record<string, number> = { ArrowLeft: at - 1, ArrowRight: at + 1 };
    // Focusing moves the stop too (onFocusIn).
    if (Object.hasOwn(toRow, event.key)) {
      const next = all[clamp(toRow[event.key]!, all.length)]!;
      pick(controlsOf(next), { kind: kindOf(from), column: at }).focus();
    } else if (Object.hasOwn(toControl, event.key)) controls[clamp(toControl[event.key]!, controls.length)]!.focus();
    else return;
    event.preventDefault();
  }

  /** Whatever takes focus, by key, click or script: in a row it becomes the Tab stop. */
  function onFocusIn(event: FocusEvent) {
    const target = event.target as HTMLElement;
    const row = container?.contains(target) ? target.closest<HTMLElement>(ROW_SELECTOR) : null;
    lastFocus = { element: target, fromList: row !== null || target.closest("dialog") !== null };
    if (!row || isTextEntry(target)) return;
    stop = { id: row.dataset.taskId!, index: rows().indexOf(row), kind: kindOf(target), column: controlsOf(row).indexOf(target) };
    apply();
  }

  /** A press on the page puts focus where it lands, or nowhere: never pulled back into the list. */
  const onPointerDown = () => {
    lastFocus = null;
  };

  function detach() {
    observer?.disconnect();
    container?.removeEventListener("keydown", onKeyDown);
    document.removeEventListener("focusin", onFocusIn);
    document.removeEventListener("pointerdown", onPointerDown, true);
    container = null;
  }

  function attach(next: HTMLElement | null) {
    if (next === container) return;
    detach();
    container = next;
    if (!next) return;
    // Rows React adds or replaces without this component rendering (a row's own state) count too.
    observer ??= new MutationObserver(sync);
    observer.observe(next, { childList: true, subtree: true });
    next.addEventListener("keydown", onKeyDown);
    document.addEventListener("focusin", onFocusIn);
    document.addEventListener("pointerdown", onPointerDown, true);
  }

  return { attach, detach, sync };
}

/** The roving tabindex on the rows `rowsRef` holds; the container may come and go (while loading). */
export function useRovingRows(rowsRef: RefObject<HTMLElement | null>) {
  const [roving] = useState(createRovingRows);
  useEffect(() => {
    roving.attach(rowsRef.current);
    roving.sync();
  });
  useEffect(() => roving.detach, [roving]);
}
