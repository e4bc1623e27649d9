/**
 * @module Items' reminders waiting to be sent (docs/decisions/055-due-dates.md): the worker reads
 * the due ones and claims each by compare-and-set, so exactly one instance sends it.
 */
import type { Actor } from "../shared/attribution";
import type { Db } from "./db";
import { recordedActorFromColumn } from "./task-rows";

/** A reminder whose time has come: the item, its list, and the instant it was due for (epoch ms). */
export interface DueReminder {
  taskId: number;
  listId: number;
  title: string;
  completed: boolean;
  dueAt: number;
  /** Who set it, not told (null: not known). */
  by: Actor | null;
}

export function remindersStore(db: Db) {
  return {
    /** Live items whose reminder is due at `now` and not yet sent, soonest first, at most `limit`. */
    async due(now: number, limit: number): Promise<DueReminder[]> {
      const rows = await db.all<{
        id: number | string;
        list_id: number | string;
        title: string;
        completed: number | string | boolean;
        remind_pending_at: number | string;
        remind_by: string | null;
      }>(
        `SELECT id, list_id, title, completed, remind_pending_at, remind_by FROM tasks
          WHERE remind_pending_at <= ? AND deleted_at IS NULL ORDER BY remind_pending_at, id LIMIT ?`,
        [now, limit],
      );
      return rows.map((row) => ({
        taskId: Number(row.id),
        listId: Number(row.list_id),
        title: row.title,
        completed: row.completed === true || Number(row.completed) === 1,
        dueAt: Number(row.remind_pending_at),
        by: recordedActorFromColumn(row.remind_by),
      }));
    },
    /**
     * Marks the reminder sent only if it is still pending for `dueAt`: of two instances, the one
     * whose update changed the row sends it. PostgreSQL's second update waits on the first's row
     * lock, then finds it NULL; SQLite has one writer. Answers whether this caller claimed it.
     */
    async claim(taskId: number, dueAt: number, tx: Db): Promise<boolean> {
      const changed = await tx.run(
        "UPDATE tasks SET remind_pending_at = NULL WHERE id = ? AND remind_pending_at = ? AND deleted_at IS NULL",
        [taskId, dueAt],
      );
      return changed === 1;
    },
  };
}
