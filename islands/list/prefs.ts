/**
 * State the islands of the list page share (they run in one bundle): the header's show/hide
 * completed toggle and More actions menu, and the list itself, which tells them what it holds and
 * what the caller may do there now. The preference lives in browser storage, default
 * true; "completed at the bottom" is stored the same way, default off. Whether a list's "Done"
 * group is folded is kept per list, default open; its folded sections per person and list.
 */
const SHOW_COMPLETED_KEY = "showCompleted";
const COMPLETED_LAST_KEY = "completedLast";

export interface ListPrefs {
  showCompleted: boolean;
  /** Completed items after the open ones in the view, each group in its own order. */
  completedLast: boolean;
  /** The toggle is offered only while some item is completed (docs/product-rules.md#screens). */
  hasCompleted: boolean;
  /**
   * Whether the caller may change the items, as the list's own island last heard from the server
   * (its `can.edit`): the menu's Sections entry follows a level the owner changes while the page is open.
   */
  canEdit?: boolean;
}

type Listener = (prefs: ListPrefs) => void;

let prefs: ListPrefs = { showCompleted: true, completedLast: false, hasCompleted: false };
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener(prefs);
}

function readStored(key: string, fallback: boolean): boolean {
  try {
    // Anything but the other value's own word leaves the default.
    const stored = localStorage.getItem(key);
    return fallback ? stored !== "false" : stored === "true";
  } catch {
    return fallback;
  }
}

function store(key: string, value: boolean) {
  try {
    localStorage.setItem(key, String(value));
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}

const doneCollapsedKey = (listId: number) => `doneCollapsed:${listId}`;
export const readDoneCollapsed = (listId: number) => readStored(doneCollapsedKey(listId), false);
export const storeDoneCollapsed = (listId: number, collapsed: boolean) => store(doneCollapsedKey(listId), collapsed);

/** The sections a person folded on a list, kept per person (`user:7`, or a link guest's `link:abc`) and per list. */
const collapsedSectionsKey = (scope: string, listId: number) => `sectionsCollapsed:${scope}:${listId}`;

export function readCollapsedSections(scope: string, listId: number): number[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(collapsedSectionsKey(scope, listId)) ?? "[]");
    return Array.isArray(stored) ? stored.filter((id): id is number => typeof id === "number") : [];
  } catch {
    return [];
  }
}

export function storeCollapsedSections(scope: string, listId: number, ids: readonly number[]) {
  try {
    if (ids.length > 0) localStorage.setItem(collapsedSectionsKey(scope, listId), JSON.stringify(ids));
    else localStorage.removeItem(collapsedSectionsKey(scope, listId));
  } catch {
    // Private mode without storage: the folds last for this page only.
  }
}

export const readStoredShowCompleted = () => readStored(SHOW_COMPLETED_KEY, true);

export function setShowCompleted(showCompleted: boolean) {
  store(SHOW_COMPLETED_KEY, showCompleted);
  prefs = { ...prefs, showCompleted };
  emit();
}

export function setCompletedLast(completedLast: boolean) {
  store(COMPLETED_LAST_KEY, completedLast);
  prefs = { ...prefs, completedLast };
  emit();
}

export function setHasCompleted(hasCompleted: boolean) {
  if (prefs.hasCompleted === hasCompleted) return;
  prefs = { ...prefs, hasCompleted };
  emit();
}

export function setCanEdit(canEdit: boolean) {
  if (prefs.canEdit === canEdit) return;
  prefs = { ...prefs, canEdit };
  emit();
}

/** Loads the stored preferences once the page is in the browser (the server renders the defaults). */
export function subscribePrefs(listener: Listener): () => void {
  const showCompleted = readStoredShowCompleted();
  const completedLast = readStored(COMPLETED_LAST_KEY, false);
  if (prefs.showCompleted !== showCompleted || prefs.completedLast !== completedLast) prefs = { ...prefs, showCompleted, completedLast };
  listeners.add(listener);
  listener(prefs);
  return () => listeners.delete(listener);
}
