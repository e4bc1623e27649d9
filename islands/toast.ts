import type { PlainToast } from "../src/shared/toast";

/**
 * The toast queue every island shares (they live in one bundle): one toast visible,
 * 5 s by default (docs/product-rules.md#on-the-page). A toast flashed before a navigation waits in sessionStorage for the next page.
 */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions extends PlainToast {
  action?: ToastAction;
  /** A compact snackbar for what the person just did (a tick), not an alert (docs/decisions/046-calm-ticks.md). */
  quiet?: boolean;
}

export interface ToastItem extends ToastOptions {
  id: number;
}

type Listener = (toast: ToastItem | null) => void;

const FLASH_KEY = "listwell:flashToast";
export const TOAST_DURATION_MS = 5000;
/** How long a toast offers Undo after a delete (docs/product-rules.md#undo-and-restore). */
export const UNDO_TOAST_MS = 10_000;

let current: ToastItem | null = null;
let nextId = 1;
const listeners = new Set<Listener>();

const emit = () => {
  for (const listener of listeners) listener(current);
};

export function toast(options: ToastOptions): number {
  // The live echo of one's own change (a reset's event) says what the answer's toast says, without
  // its Undo: arriving after it, it must not take the Undo away.
  if (current?.action && !options.action && current.title === options.title) return current.id;
  current = { ...options, id: nextId++ };
  emit();
  return current.id;
}

export function dismissToast(id?: number) {
  if (current && (id === undefined || current.id === id)) {
    current = null;
    emit();
  }
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  listener(current);
  return () => listeners.delete(listener);
}

/** Shows the toast on the next page this tab loads (actions cannot survive a navigation). */
export function flashToast(options: PlainToast) {
  sessionStorage.setItem(FLASH_KEY, JSON.stringify(options));
}

export function takeFlashedToast(): ToastOptions | null {
  const raw = sessionStorage.getItem(FLASH_KEY);
  if (!raw) return null;
  sessionStorage.removeItem(FLASH_KEY);
  try {
    return JSON.parse(raw) as ToastOptions;
  } catch {
    return null;
  }
}
