import type { TaskList } from "../../src/shared/types";
import { client, errorMessage } from "../api";
import { truncateTitle } from "../list/logic";
import { toast, UNDO_TOAST_MS } from "../toast";

/** The list back at `index` (or last, when fewer are left), as it was before it went. */
export const insertAt = <T>(items: readonly T[], index: number, item: T): T[] => {
  const at = index < 0 ? items.length : Math.min(index, items.length);
  return [...items.slice(0, at), item, ...items.slice(at)];
};

/**
 * The toast after a list was deleted, its name cut at 50 characters as a title is; its Undo (docs/product-rules.md#undo-and-restore)
 * restores the list (POST /api/task-lists/{id}/restore) and hands it to `onRestored`; a restore
 * the server refuses says why.
 */
export function offerRestore(list: TaskList, onRestored: (restored: TaskList) => void) {
  async function restore() {
    try {
      onRestored(await client["task-lists"][":id"].restore.$post({ param: { id: list.id } }));
    } catch (error) {
      toast({ title: "Failed to restore list", description: errorMessage(error, "Please try again."), variant: "destructive" });
    }
  }
  toast({
    title: "List deleted",
    description: `"${truncateTitle(list.name)}" was deleted`,
    durationMs: UNDO_TOAST_MS,
    action: { label: "Undo", onClick: () => void restore() },
  });
}
