/**
 * @module The list page's keyboard (issue 13): the one list that the `?` dialog, the guide on the
 * Settings Info tab and the key handler all read, so what is shown is what works. Plain data, no
 * imports: the server's guide and the browser's list page both take it.
 */

/** What a single-key shortcut does; the key handler (useListShortcuts.ts) runs it. */
export type ShortcutAction = "new" | "quickAdd" | "toggle" | "edit" | "delete" | "help";

export interface Shortcut {
  /** The keys as shown, each in its own <kbd>. */
  keys: readonly string[];
  does: string;
  /** Set on single-key shortcuts: pressing `keys[0]` runs it. Navigation has none (useRovingRows.ts). */
  action?: ShortcutAction;
  /** It changes the list, so a read-only viewer is neither offered it nor shown it. */
  writes?: boolean;
}

export const LIST_SHORTCUTS: readonly Shortcut[] = [
  { keys: ["↑", "↓"], does: "Move to the previous or next item" },
  { keys: ["Home", "End"], does: "Move to the first or last item" },
  { keys: ["←", "→"], does: "Move between the buttons of an item" },
  { keys: ["n"], does: "New item", action: "new", writes: true },
  { keys: ["/"], does: "Go to 'Add an item'", action: "quickAdd", writes: true },
  { keys: ["x"], does: "Tick or untick the focused item", action: "toggle", writes: true },
  { keys: ["e"], does: "Edit the focused item", action: "edit", writes: true },
  { keys: ["Delete"], does: "Delete the focused item", action: "delete", writes: true },
  { keys: ["↑", "↓"], does: "On an item's drag handle: move the item up or down", writes: true },
  { keys: ["?"], does: "Show these shortcuts", action: "help" },
];

/** The shortcuts a viewer may use: everything, or for a read-only viewer navigation and `?`. */
export const shortcutsFor = (readOnly: boolean) => LIST_SHORTCUTS.filter((shortcut) => !(readOnly && shortcut.writes));
