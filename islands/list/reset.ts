/** @module SPEC §2 and §4 "Reset": every item back to not completed, with the spec's toasts. */
import { ApiRequestError } from "../api";
import { toast } from "../toast";
import { setShowCompleted } from "./prefs";
import { tasksApi, type ListTarget } from "./tasks-api";
import type { SetTasks } from "./useListData";

/** Answers whether the reset went through, so the caller closes its confirmation only then. */
export async function resetCompletions(target: ListTarget, setTasks: SetTasks, isOwner: boolean): Promise<boolean> {
  try {
    const { tasks } = await tasksApi.reset(target);
    setTasks(() => tasks);
    // SPEC §4: the show-completed preference goes back to true after a reset.
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
