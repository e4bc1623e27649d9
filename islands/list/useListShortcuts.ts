/**
 * @module The list page's single-key shortcuts (docs/decisions/016-list-keyboard-and-colour-mode.md), as shortcuts.ts lists them. They stay
 * out of the way: never while typing in a field, with a dialog open, with Ctrl, Alt or ⌘ held
 * (the browser's own shortcuts), or for a held-down key; a read-only viewer gets only `?`, and a
 * tick-only one `x` besides.
 */
import { createElement, lazy, Suspense, useEffect, useRef, useState, type RefObject } from "react";
import type { Task } from "../../src/shared/types";
import type { ShortcutsDialogProps } from "./ShortcutsDialog";
import { LIST_SHORTCUTS, type ShortcutAction } from "./shortcuts";
import { isTextEntry, ROW_SELECTOR } from "./useRovingRows";

export interface ShortcutHandlers {
  readOnly: boolean;
  /** Ticking is allowed (every level but `read`), even where nothing else may change. */
  canTick: boolean;
  /** The items of the page, to find the focused row's. */
  tasks: readonly Task[];
  onNew: () => void;
  onToggle: (task: Task) => void;
  /** The edit sheet, for an item whose title is not edited in place (a parent). */
  onEdit: (task: Task) => void;
  onDelete: (task: Task) => void;
}

/** An item's title that edits in place (islands/list/InlineTitle.tsx); `e` prefers it to the sheet. */
const INLINE_TITLE_SELECTOR = ".item__title--editable";

/** The quick-add field, found by its label as a person would find it. */
const QUICK_ADD_LABEL = "Add an item";

function quickAddField(): HTMLElement | null {
  const byAria = document.querySelector<HTMLElement>(`[aria-label="${QUICK_ADD_LABEL}"]`);
  if (byAria) return byAria;
  const label = [...document.querySelectorAll("label")].find((l) => l.textContent?.trim() === QUICK_ADD_LABEL);
  return label?.control ?? null;
}

/** Runs the shortcut a key press names, if it applies here; answers whether it did. */
function run(action: ShortcutAction, handlers: ShortcutHandlers, rows: HTMLElement | null, openHelp: () => void): boolean {
  if (action === "help") {
    openHelp();
    return true;
  }
  if (action === "toggle" ? !handlers.canTick : handlers.readOnly) return false;
  if (action === "new") {
    handlers.onNew();
    return true;
  }
  if (action === "quickAdd") {
    const field = quickAddField();
    field?.focus();
    return field !== null;
  }
  const row = rows?.contains(document.activeElement) ? document.activeElement?.closest<HTMLElement>(ROW_SELECTOR) : null;
  const task = row && handlers.tasks.find((t) => String(t.id) === row.dataset.taskId);
  if (!task) return false;
  if (action === "toggle") handlers.onToggle(task);
  else if (action === "edit") {
    const title = row.querySelector<HTMLElement>(INLINE_TITLE_SELECTOR);
    if (title) title.click();
    else handlers.onEdit(task);
  } else handlers.onDelete(task);
  return true;
}

/**
 * Listens for the shortcuts while the list page is open. Answers the `?` dialog's state: null
 * until first asked for (its code is fetched then, as the list page's script budget is nearly
 * spent), then whether it is open.
 */
export function useListShortcuts(rowsRef: RefObject<HTMLElement | null>, handlers: ShortcutHandlers) {
  const latest = useRef(handlers);
  latest.current = handlers;
  const [helpOpen, setHelpOpen] = useState<boolean | null>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || event.ctrlKey || event.altKey || event.metaKey) return;
      if (isTextEntry(event.target) || document.querySelector("dialog[open]")) return;
      const shortcut = LIST_SHORTCUTS.find((s) => s.action && s.keys[0] === event.key);
      if (shortcut?.action && run(shortcut.action, latest.current, rowsRef.current, () => setHelpOpen(true))) event.preventDefault();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [rowsRef]);

  return { helpOpen, closeHelp: () => setHelpOpen(false) };
}

const LazyShortcutsDialog = lazy(() => import("./ShortcutsDialog"));

/** The `?` dialog, mounted once first asked for and kept, so closing it returns focus where it was. */
export function ShortcutsHelp({ open, ...props }: Omit<ShortcutsDialogProps, "open"> & { open: boolean | null }) {
  return open === null ? null : createElement(Suspense, { fallback: null }, createElement(LazyShortcutsDialog, { ...props, open }));
}
