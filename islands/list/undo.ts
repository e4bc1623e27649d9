/**
 * @module Deleting with Undo (docs/decisions/015-undo-as-soft-delete.md): the server soft-deletes
 * and answers every id it removed; the toast offers Undo for 10 s, which restores exactly those
 * ids. Other devices see the items go and come back through the events each call publishes.
 * A reset's Undo (./reset.ts) is sent the same way.
 */
import type { Change } from "../offline/changes";
import { newKey } from "../offline/key";
import { ApiRequestError, errorMessage } from "../api";
import { toast, UNDO_TOAST_MS } from "../toast";
import type { Task } from "../../src/shared/types";
import { deletedWith, truncateTitle } from "./logic";
import type { ListStore } from "./store";

/** What a delete with Undo needs of the page's store. */
export interface UndoContext {
  store: ListStore;
  /** Takes a change back while it has not been sent. */
  cancel: (key: string) => Promise<boolean>;
  /** Closes the completion toast of an item that is going, whose Undo would tick nothing. */
  closeCompletionToast: (gone: (taskId: number) => boolean) => void;
}

interface UndoableDelete {
  /** The delete: one item with its sub-items, or the completed ones. */
  change: Extract<Change, { kind: "delete" | "clear" }>;
  title: string;
  /** The ids the screen hides at once, restored by an Undo of a delete that waited offline. */
  gone: ReadonlySet<number>;
  failed: string;
  done: { title: string; description?: string };
}

/** Deletes an item with its sub-items, and offers Undo. */
export function deleteItem(context: UndoContext, tasks: readonly Task[], task: Task) {
  void deleteWithUndo(context, {
    change: { kind: "delete", id: task.id },
    title: task.title,
    gone: deletedWith(tasks, task.id),
    failed: "Failed to delete item",
    done: { title: "Item deleted", description: `"${truncateTitle(task.title)}" was deleted` },
  });
}

/** Deletes the completed items, a completed parent's sub-items with it, and offers Undo. */
export function clearCompleted(context: UndoContext, tasks: readonly Task[]) {
  const gone = new Set(
    tasks.filter((task) => task.completed || tasks.some((p) => p.id === task.parentId && p.completed)).map((task) => task.id),
  );
  void deleteWithUndo(context, {
    change: { kind: "clear", ids: [...gone] },
    title: "",
    gone,
    failed: "Failed to clear completed items",
    done: { title: "Completed items cleared", description: `${gone.size} item${gone.size === 1 ? "" : "s"} removed` },
  });
}

/** Deletes and offers Undo; a refused delete is rolled back and says so. */
async function deleteWithUndo({ store, cancel, closeCompletionToast }: UndoContext, { change, title, gone, failed, done }: UndoableDelete) {
  closeCompletionToast((id) => gone.has(id));
  const key = newKey();
  let deleted: number[];
  try {
    const answer = await store.apply(change, title, key);
    // Queued offline: Undo takes the delete out of the queue, or once it was sent, restores as usual.
    deleted = answer ? answer.deletedIds : [...gone];
  } catch (error) {
    toast({ title: failed, description: errorMessage(error, "Please try again."), variant: "destructive" });
    return;
  }
  // Already gone (someone else deleted it): nothing of ours to undo.
  if (deleted.length === 0) return;
  const undo = async () => {
    if (!(await cancel(key))) await sendUndo(store, { kind: "restore", ids: deleted });
  };
  toast({ ...done, durationMs: UNDO_TOAST_MS, action: { label: "Undo", onClick: () => void undo() } });
}

/** Sends an Undo's change; a refused one says so, in the same words for every Undo. */
export async function sendUndo(store: ListStore, change: Extract<Change, { kind: "restore" | "unreset" }>) {
  try {
    await store.apply(change, "");
  } catch (error) {
    const full = error instanceof ApiRequestError && error.body.error === "ITEM_LIMIT_REACHED";
    toast({
      title: "Undo failed",
      description: full ? error.message : errorMessage(error, "Could not restore the items. Please try again."),
      variant: "destructive",
    });
  }
}
