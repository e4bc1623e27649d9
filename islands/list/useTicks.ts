import { useRef, useState } from "react";
import type { Task } from "../../src/shared/types";
import { dismissToast, toast } from "../toast";
import { truncateTitle } from "./logic";
import type { ListStore } from "./store";

/**
 * Ticking and unticking items: which ticks are being saved, the 'Task completed' toast with its
 * Undo, and closing that toast once its item is gone. A tick says the value the box ends as, online
 * or queued (islands/offline/wire.ts); the store shows it at once and takes it back if refused.
 */
export function useTicks(store: ListStore) {
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());
  /** The open 'Task completed' toast, closed once its item is gone and Undo has nothing to undo. */
  const completionToast = useRef<{ taskId: number; toastId: number } | null>(null);

  const setPendingFor = (id: number, on: boolean) =>
    setPending((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  /** Completing offers Undo (which toasts nothing new); a refused tick is rolled back and says so. */
  async function toggle(task: Task, undo = false) {
    if (pending.has(task.id)) return;
    setPendingFor(task.id, true);
    const completed = !task.completed;
    try {
      const answer = await store.apply({ kind: "tick", id: task.id, completed }, task.title);
      const updated = answer?.tasks[0] ?? { ...task, completed };
      if (!undo && updated.completed) {
        const toastId = toast({
          title: "Task completed",
          description: `"${truncateTitle(updated.title)}" marked as complete`,
          action: { label: "Undo", onClick: () => void toggle(updated, true) },
        });
        completionToast.current = { taskId: updated.id, toastId };
      }
    } catch {
      toast(
        undo
          ? { title: "Undo failed", description: "Could not undo the completion. Please try again.", variant: "destructive" }
          : { title: "Toggle Failed", description: "Could not update task status. Please try again.", variant: "destructive" },
      );
    } finally {
      setPendingFor(task.id, false);
    }
  }

  function closeCompletionToast(gone: (taskId: number) => boolean) {
    const open = completionToast.current;
    if (!open || !gone(open.taskId)) return;
    dismissToast(open.toastId);
    completionToast.current = null;
  }

  return { pending, toggle, closeCompletionToast };
}
