/**
 * State two islands of the list page share (they run in one bundle): the header's show/hide
 * completed toggle and the list itself. SPEC §3: the preference lives in browser storage, default true.
 */
const SHOW_COMPLETED_KEY = "showCompleted";

export interface ListPrefs {
  showCompleted: boolean;
  /** The toggle is offered only while some item is completed (SPEC §2). */
  hasCompleted: boolean;
}

type Listener = (prefs: ListPrefs) => void;

let prefs: ListPrefs = { showCompleted: true, hasCompleted: false };
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener(prefs);
}

export function readStoredShowCompleted(): boolean {
  try {
    return localStorage.getItem(SHOW_COMPLETED_KEY) !== "false";
  } catch {
    return true;
  }
}

export function setShowCompleted(showCompleted: boolean) {
  try {
    localStorage.setItem(SHOW_COMPLETED_KEY, String(showCompleted));
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  prefs = { ...prefs, showCompleted };
  emit();
}

export function setHasCompleted(hasCompleted: boolean) {
  if (prefs.hasCompleted === hasCompleted) return;
  prefs = { ...prefs, hasCompleted };
  emit();
}

/** Loads the stored preference once the page is in the browser (the server always renders "shown"). */
export function subscribePrefs(listener: Listener): () => void {
  if (prefs.showCompleted !== readStoredShowCompleted()) prefs = { ...prefs, showCompleted: readStoredShowCompleted() };
  listeners.add(listener);
  listener(prefs);
  return () => listeners.delete(listener);
}
