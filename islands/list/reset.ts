/** @module "Reset": every item back to not completed, with the product's toasts and an Undo (docs/decisions/047-list-header.md). */
import { ApiRequestError } from "../api";
import { toast, UNDO_TOAST_MS } from "../toast";
import { setShowCompleted } from "./prefs";
import type { ListStore } from "./store";
import { sendUndo } from "./undo";

/** Answers whether the reset went through, so the caller closes its confirmation only then. */
export async function resetCompletions(store: ListStore, isOwner: boolean): Promise<boolean> {
  try {
    const answer = await store.apply({ kind: "reset" }, "");
    // The show-completed preference goes back to true after a reset.
    setShowCompleted(true);
    // Undo ticks again exactly what the server unticked, as Clear completed restores what it removed.
    const ids = answer?.resetIds ?? [];
    const undo = ids.length
      ? { durationMs: UNDO_TOAST_MS, action: { label: "Undo", onClick: () => void sendUndo(store, { kind: "unreset", ids }) } }
      : {};
    toast({ title: "List items have been reset", ...undo });
    return true;
  } catch (error) {
    const denied = error instanceof ApiRequestError && error.status === 403 && !isOwner;
    toast({
      title: "Failed to reset item completions",
      description: denied ? "You don't have permission to reset items in this shared list" : "Failed to reset tasks. Please try again.",
      variant: "destructive",
    });
    return false;
  }
}
