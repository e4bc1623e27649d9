/** @module Editing a row in place, its title or its quantity: the change shows at once and is rolled back if refused. */
import { validateItem } from "../../src/shared/rules/tasks";
import type { Task } from "../../src/shared/types";
import { errorMessage } from "../api";
import { toast } from "../toast";
import type { ListStore } from "./store";

const failed = (description: string) => toast({ title: "Failed to update item", description, variant: "destructive" });

export async function renameItem(store: ListStore, task: Task, title: string) {
  const verdict = validateItem({ title, description: task.description });
  if (!verdict.success) return failed(verdict.errors.title ?? "Please try again.");
  try {
    await store.apply({ kind: "edit", id: task.id, fields: { title: verdict.data.title } }, task.title);
  } catch (error) {
    failed(errorMessage(error, "Please try again."));
  }
}

/** The row's +/− (docs/decisions/059-quick-add-memory.md): queued offline like any edit. */
export async function setQuantity(store: ListStore, task: Task, quantity: string) {
  try {
    await store.apply({ kind: "edit", id: task.id, fields: { quantity } }, task.title);
  } catch (error) {
    failed(errorMessage(error, "Please try again."));
  }
}
