import type { TaskList } from "../../src/shared/types";
import { api, errorMessage } from "../api";
import { toast } from "../toast";

/** DESIGN §11: a deleted list can be brought back from its toast for 10 seconds. */
export const UNDO_MS = 10_000;
/** As SPEC §9 cuts a completed item's title in its toast. */
const NAME_IN_TOAST_MAX = 50;

const shortName = (name: string) => (name.length > NAME_IN_TOAST_MAX ? `${name.slice(0, NAME_IN_TOAST_MAX)}…` : name);

/** The list back at `index` (or last, when fewer are left), as it was before it went. */
export const insertAt = <T>(items: readonly T[], index: number, item: T): T[] => {
  const at = index < 0 ? items.length : Math.min(index, items.length);
  return [...items.slice(0, at), item, ...items.slice(at)];
};

/**
 * The toast after a list was deleted, whose Undo restores it (POST /api/task-lists/{id}/restore)
 * and hands the restored list to `onRestored`; a restore the server refuses says why.
 */
export function offerRestore(list: TaskList, onRestored: (restored: TaskList) => void) {
  async function restore() {
    try {
      onRestored(await api<TaskList>(`/api/task-lists/${list.id}/restore`, { method: "POST" }));
    } catch (error) {
      toast({ title: "Failed to restore list", description: errorMessage(error, "Please try again."), variant: "destructive" });
    }
  }
  toast({
    title: "List deleted",
    description: `"${shortName(list.name)}" was deleted`,
    durationMs: UNDO_MS,
    action: { label: "Undo", onClick: () => void restore() },
  });
}
