/**
 * @module Deleting with Undo (DESIGN §11): the server soft-deletes and answers every id it removed;
 * the toast offers Undo for 10 s, which restores exactly those ids through POST /api/tasks/restore.
 * Other devices see the items go and come back through the events each call publishes.
 */
import type { Task } from "../../src/shared/types";
import { ApiRequestError, errorMessage } from "../api";
import { toast, UNDO_TOAST_MS } from "../toast";
import { mergeTasks } from "./logic";
import { tasksApi, type ListTarget } from "./tasks-api";
import type { SetTasks } from "./useListData";

export interface UndoableDelete {
  target: ListTarget;
  setTasks: SetTasks;
  /** The items as they were, put back if the call fails. */
  before: Task[];
  /** The ids the screen hides at once, before the server answers. */
  gone: ReadonlySet<number>;
  /** The call; answers the ids the server deleted (none: nothing to undo), or null when it was queued offline. */
  request: () => Promise<number[] | null>;
  /** Takes the queued delete back, while it is still queued (issue 14). */
  cancel?: () => Promise<boolean>;
  failed: string;
  done: { title: string; description?: string };
}

/** Hides the items, deletes them, and offers Undo; a failed call puts them back and says so. */
export async function deleteWithUndo({ target, setTasks, before, gone, request, cancel, failed, done }: UndoableDelete) {
  setTasks((tasks) => tasks.filter((task) => !gone.has(task.id)));
  let ids: number[] | null;
  try {
    ids = await request();
  } catch (error) {
    setTasks(() => before);
    toast({ title: failed, description: errorMessage(error, "Please try again."), variant: "destructive" });
    return;
  }
  if (ids === null) {
    // Queued offline: Undo takes the delete out of the queue, or once it was sent, restores as usual.
    const queued = [...gone];
    const undo = async () => {
      if (!(await cancel?.())) return restore(target, setTasks, queued);
      const back = before.filter((task) => gone.has(task.id));
      setTasks((current) => mergeTasks([...current.filter((task) => !gone.has(task.id)), ...back], []));
    };
    toast({ ...done, durationMs: UNDO_TOAST_MS, action: { label: "Undo", onClick: () => void undo() } });
    return;
  }
  if (ids.length === 0) return;
  const deleted = ids;
  toast({ ...done, durationMs: UNDO_TOAST_MS, action: { label: "Undo", onClick: () => void restore(target, setTasks, deleted) } });
}

async function restore(target: ListTarget, setTasks: SetTasks, ids: number[]) {
  try {
    const { tasks } = await tasksApi.restore(target, ids);
    const restored = new Set(tasks.map((task) => task.id));
    setTasks((current) => mergeTasks([...current.filter((task) => !restored.has(task.id)), ...tasks], []));
  } catch (error) {
    const full = error instanceof ApiRequestError && error.body.error === "ITEM_LIMIT_REACHED";
    toast({
      title: "Undo failed",
      description: full ? error.message : errorMessage(error, "Could not restore the items. Please try again."),
      variant: "destructive",
    });
  }
}
