import { useRef, useState } from "react";
import type { Task } from "../../src/shared/types";
import { dismissToast, toast } from "../toast";
import { mergeTasks, truncateTitle } from "./logic";
import { tasksApi, type ListTarget } from "./tasks-api";
import type { SetTasks } from "./useListData";
import type { SaveChange } from "./useOutbox";

/**
 * Ticking and unticking items (SPEC §2, §4): which ticks are being saved, the 'Task completed'
 * toast with its Undo, and closing that toast once its item is gone. Offline, a tick is queued
 * as the value the box ends as (issue 14).
 */
export function useTicks(target: ListTarget, saveChange: SaveChange, setTasks: SetTasks) {
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

  /** SPEC §4: optimistic, rolled back on failure; completing offers Undo (which toasts nothing new). */
  async function toggle(task: Task, undo = false) {
    if (pending.has(task.id)) return;
    const setCompleted = (completed: boolean) => setTasks((tasks) => tasks.map((t) => (t.id === task.id ? { ...t, completed } : t)));
    setPendingFor(task.id, true);
    setCompleted(!task.completed);
    try {
      const change = { kind: "tick", id: task.id, completed: !task.completed } as const;
      const saved = await saveChange(change, task.title, () => tasksApi.toggle(target, task.id));
      if (saved) setTasks((tasks) => mergeTasks(tasks, [saved]));
      const updated = saved ?? { ...task, completed: change.completed };
      if (!undo && updated.completed) {
        const toastId = toast({
          title: "Task completed",
          description: `"${truncateTitle(updated.title)}" marked as complete`,
          action: { label: "Undo", onClick: () => void toggle(updated, true) },
        });
        completionToast.current = { taskId: updated.id, toastId };
      }
    } catch {
      setCompleted(task.completed);
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
