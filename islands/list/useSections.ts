import { type ComponentType, useEffect, useState } from "react";
import type { Section, Task } from "../../src/shared/types";
import type { PastedItem } from "../../src/shared/markdown-list";
import { errorMessage } from "../api";
import { listen } from "../signals";
import { toast } from "../toast";
import { readCollapsedSections, storeCollapsedSections } from "./prefs";
import { type Landing, place, sectionLayout } from "./sections";
import type { SectionsDialogProps } from "./SectionsDialog";
import type { ListStore } from "./store";

export interface SectionsOptions {
  listId: number;
  shareId: string | null;
  /** Whose folds: an account (`user:7`) or a link guest (`link:abc`). */
  scope: string;
  sections: Section[];
  /** The open rows in the view's order; null in a parent's view, where sub-items stand under their parent in no section. */
  open: Task[] | null;
  /** The view's items by position, hidden ones too: a move hands their positions out again. */
  group: Task[];
  store: ListStore;
  read: () => Promise<void>;
}

/**
 * The list page's sections (docs/decisions/060-sections-browser.md): the rows in headed groups,
 * each folded or not as this person left it on this list (read once the page is in the browser:
 * the server renders them unfolded); a move of an item into its new place and section; and the
 * Sections dialog, whose code is fetched when it is first opened.
 */
export function useSections({ listId, shareId, scope, sections, open, group, store, read }: SectionsOptions) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const [dialog, setDialog] = useState<{ View: ComponentType<SectionsDialogProps> } | null>(null);
  useEffect(() => setCollapsed(new Set(readCollapsedSections(scope, listId))), [scope, listId]);
  useEffect(() => listen("listwell:sections", (detail) => detail.listId === listId && openDialog()), [listId]);

  function toggle(id: number) {
    const next = new Set(collapsed);
    if (!next.delete(id)) next.add(id);
    storeCollapsedSections(scope, listId, [...next]);
    setCollapsed(next);
  }

  function openDialog() {
    import("./SectionsDialog")
      .then(({ default: View }) => setDialog({ View }))
      .catch(() => toast({ title: "Sections need a connection", description: "Try again once you are online.", variant: "destructive" }));
  }

  /** One move: the new positions and the new section, shown at once and sent together. */
  async function placeItem(task: Task, landing: Landing) {
    const { items, sectionId } = place(group, sections, task.id, landing);
    // Moved into a folded section, it would vanish: the section opens to show it where it went.
    if (landing.sectionId !== null && collapsed.has(landing.sectionId)) toggle(landing.sectionId);
    const sent = [
      items.length > 0 ? store.apply({ kind: "reorder", items }, "The new order") : null,
      sectionId !== undefined ? store.apply({ kind: "edit", id: task.id, fields: { sectionId } }, task.title) : null,
    ];
    try {
      await Promise.all(sent);
    } catch (error) {
      toast({ title: "Failed to move item", description: errorMessage(error, "Please try again."), variant: "destructive" });
      // Refused on a stale view (its section deleted meanwhile): the server's is read.
      void read();
    }
  }

  /** A paste's items under `## Heading`s, in those sections, made first when the list lacks them. */
  async function placePasted(items: readonly PastedItem[]): Promise<PastedItem[]> {
    const { placePasted } = await import("./paste-sections");
    const placed = await placePasted({ listId, shareId }, sections, items);
    if (placed.sections !== sections) store.receiveSections(placed.sections);
    return placed.items;
  }

  const layout = open && sections.length > 0 ? sectionLayout(open, sections, collapsed) : null;
  return {
    layout,
    toggle,
    placeItem,
    placePasted,
    openDialog,
    Dialog: dialog?.View ?? null,
    closeDialog: () => setDialog(null),
    onSections: (next: Section[]) => store.receiveSections(next),
  };
}

/**
 * Where a row dropped among the rows landed: the section whose heading is above it, and the row
 * just before it within that section. Null below the "Done" heading: a plain move among the rows.
 */
export function landingOf(item: HTMLElement): Landing | null {
  let afterId: number | null = null;
  for (let at = item.previousElementSibling; at instanceof HTMLElement; at = at.previousElementSibling) {
    if (at.classList.contains("done-heading")) return null;
    if (at.classList.contains("section-heading")) return { sectionId: Number(at.dataset.sectionId), afterId };
    if (afterId === null && at.dataset.taskId) afterId = Number(at.dataset.taskId);
  }
  return { sectionId: null, afterId };
}
