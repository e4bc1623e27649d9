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
import type { ListStore } from "./store";

export interface UndoableDelete {
  store: ListStore;
  /** The delete: one item with its sub-items, or the completed ones. */
  change: Extract<Change, { kind: "delete" | "clear" }>;
  title: string;
  /** The ids the screen hides at once, restored by an Undo of a delete that waited offline. */
  gone: ReadonlySet<number>;
  /** Takes the delete back while it has not been sent. */
  cancel: (key: string) => Promise<boolean>;
  failed: string;
  done: { title: string; description?: string };
}

/** Deletes and offers Undo; a refused delete is rolled back and says so. */
export async function deleteWithUndo({ store, change, title, gone, cancel, failed, done }: UndoableDelete) {
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
