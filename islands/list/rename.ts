/** @module Issue 13's edit in place: the new title shows at once and is rolled back if refused. */
import { validateItem } from "../../src/shared/rules/tasks";
import type { Task } from "../../src/shared/types";
import { errorMessage } from "../api";
import { toast } from "../toast";
import { mergeTasks } from "./logic";
import { tasksApi, type ListTarget } from "./tasks-api";
import type { SetTasks } from "./useListData";
import type { SaveChange } from "./useOutbox";

export async function renameItem(target: ListTarget, save: SaveChange, setTasks: SetTasks, task: Task, title: string) {
  const setTitle = (to: string) => setTasks((tasks) => tasks.map((t) => (t.id === task.id ? { ...t, title: to } : t)));
  const failed = (description: string) => toast({ title: "Failed to update item", description, variant: "destructive" });
  const verdict = validateItem({ title, description: task.description });
  if (!verdict.success) return failed(verdict.errors.title ?? "Please try again.");
  setTitle(verdict.data.title);
  try {
    const fields = { title: verdict.data.title };
    const updated = await save({ kind: "edit", id: task.id, fields }, task.title, (key) => tasksApi.update(target, task.id, fields, key));
    if (updated) setTasks((tasks) => mergeTasks(tasks, [updated]));
  } catch (error) {
    setTitle(task.title);
    failed(errorMessage(error, "Please try again."));
  }
}
