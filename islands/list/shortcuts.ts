/**
 * @module The list page's keyboard (docs/decisions/016-list-keyboard-and-colour-mode.md): the one list that the `?` dialog, the guide on the
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
  /**
   * What it changes: the items, which a viewer who may only read or tick is neither offered nor
   * shown, or only ticks, which a tick-only viewer (level `check`) may use too.
   */
  changes?: "items" | "ticks";
  /** Only for a signed-in person: search is theirs (docs/decisions/058-search.md), a link guest has none. The header's search runs it. */
  signedIn?: true;
}

export const LIST_SHORTCUTS: readonly Shortcut[] = [
  { keys: ["↑", "↓"], does: "Move to the previous or next item" },
  { keys: ["Home", "End"], does: "Move to the first or last item" },
  { keys: ["←", "→"], does: "Move between the buttons of an item" },
  { keys: ["n"], does: "New item", action: "new", changes: "items" },
  { keys: ["/"], does: "Go to 'Add an item'", action: "quickAdd", changes: "items" },
  { keys: ["x"], does: "Tick or untick the focused item", action: "toggle", changes: "ticks" },
  { keys: ["e"], does: "Edit the focused item", action: "edit", changes: "items" },
  { keys: ["Delete"], does: "Delete the focused item", action: "delete", changes: "items" },
  { keys: ["↑", "↓"], does: "On an item's drag handle: move the item up or down", changes: "items" },
  { keys: ["s"], does: "Search your lists", signedIn: true },
  { keys: ["?"], does: "Show these shortcuts", action: "help" },
];

/**
 * The shortcuts a viewer may use: everything, navigation and `?` for a read-only viewer, and `x`
 * too for one who may tick; search for a signed-in person only.
 */
export const shortcutsFor = (readOnly: boolean, canTick = !readOnly, signedIn = true) =>
  LIST_SHORTCUTS.filter(
    (shortcut) =>
      (signedIn || !shortcut.signedIn) && (shortcut.changes === undefined || (shortcut.changes === "ticks" ? canTick : !readOnly)),
  );
