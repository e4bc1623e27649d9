import type { Actor } from "../shared/attribution";
import type { Task, TaskList } from "../shared/types";
import type { Store } from "../store";
import type { Db } from "../store/db";
import { badRequest } from "./errors";
import type { StoredEvent } from "../store/events";
import { recordListEvent } from "./events";
import { nextDue } from "./routine-calendar";

/**
 * @module Repeating items (docs/decisions/055-due-dates.md): ticking one moves its due date to the
 * rule's next occurrence and leaves it open, so "Bins every Tuesday" is never done for good.
 */

export const REPEAT_NEVER_OCCURS = "This repeat never comes round: no date matches its rule";

/** A repeat no date matches (`BYMONTH=2;BYMONTHDAY=30`) is refused when it is set: only the library can tell. */
export function requireRepeatComesRound(store: Store, repeat: string | null | undefined): void {
  if (repeat && nextDue(repeat, null, store.clock.now()) === null) throw badRequest(REPEAT_NEVER_OCCURS, "INVALID_REPEAT");
}

/** Whether a PATCH ticks an open item that repeats, counting a repeat the same PATCH sets or clears. */
export const ticksRepeating = (stored: Task, input: { completed?: boolean; repeat?: string | null }) =>
  input.completed === true && !stored.completed && Boolean(input.repeat !== undefined ? input.repeat : stored.repeat);

/**
 * Ticks item `taskId` of `list` if it is open and repeats: its due date moves on, it stays open,
 * and a `task_updated` "ticked" by `actor` says so (Activity and the ticked push read it).
 * Undefined when the item is not one.
 */
export async function tickRepeating(
  store: Store,
  tx: Db,
  list: TaskList,
  taskId: number,
  actor: Actor | null,
): Promise<{ task: Task; event: StoredEvent } | undefined> {
  const task = await store.tasks.findOpenRepeating(taskId, list.id, tx);
  if (!task) return undefined;
  const dueAt = nextDue(task.repeat!, task.dueAt ?? null, store.clock.now());
  if (dueAt === null) throw badRequest(REPEAT_NEVER_OCCURS, "INVALID_REPEAT");
  const moved = await store.tasks.moveDue(task.id, dueAt, actor, tx);
  return { task: moved, event: await recordListEvent(store, tx, list, "task_updated", moved, { actor, action: "ticked" }) };
}
