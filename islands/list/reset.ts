/** @module "Reset": every item back to not completed, with the product's toasts (docs/product-rules.md). */
import { ApiRequestError } from "../api";
import { toast } from "../toast";
import { setShowCompleted } from "./prefs";
import type { ListStore } from "./store";

/** Answers whether the reset went through, so the caller closes its confirmation only then. */
export async function resetCompletions(store: ListStore, isOwner: boolean): Promise<boolean> {
  try {
    await store.apply({ kind: "reset" }, "");
    // The show-completed preference goes back to true after a reset.
    setShowCompleted(true);
    toast({ title: "List items have been reset" });
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
