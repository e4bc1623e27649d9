import type { Clock } from "../clock";
import type { Actor } from "../shared/attribution";
import type { Task } from "../shared/types";
import type { Db } from "./db";
import { actorColumn, COLUMNS, type NewTask, reminderPendingAt, type TaskChanges, type TaskRow, toColumnValue, toTask } from "./task-rows";

const ORDER = "ORDER BY position, id";
/** Soft-deleted items (`deleted_at` set) are invisible to every read, count and change (docs/product-rules.md#undo-and-restore). */
const LIVE = "deleted_at IS NULL";
const marks = (values: unknown[]) => values.map(() => "?").join(", ");

/** Who deleted an item (docs/product-rules.md#guests): a signed-in user, else a link guest by the link they came through. */
export interface Deleter {
  userId: number | null;
  shareId?: string;
}

const deletedByColumn = (by: Deleter): string => (by.userId !== null ? `user:${by.userId}` : `share:${by.shareId ?? ""}`);

async function softDelete(tx: Db, ids: number[], now: number, by: Deleter): Promise<void> {
  if (ids.length === 0) return;
  await tx.run(`UPDATE tasks SET deleted_at = ?, deleted_by = ? WHERE id IN (${marks(ids)})`, [now, deletedByColumn(by), ...ids]);
  await keepNewestDeleted(tx, ids[0]!);
}

/** A list keeps this many deleted items for Undo; past it, the oldest go for good (docs/product-rules.md#undo-and-restore). */
export const DELETED_KEPT_PER_LIST = 200;

/**
 * Deleted items beyond the newest `keep` of their list (of `listId`, or of every list). Newest
 * first is by deletion time, then a parent's sub-items just before the parent: a cut between
 * them purges the parent, whose sub-items cascade with it, so no kept parent misses sub-items
 * deleted with it.
 */
const DELETED_BEYOND = (oneList: boolean) => `SELECT id FROM (
  SELECT id, ROW_NUMBER() OVER (PARTITION BY list_id ORDER BY deleted_at DESC, COALESCE(parent_id, id) DESC,
    CASE WHEN parent_id IS NULL THEN 1 ELSE 0 END, id DESC) AS newest
  FROM tasks WHERE deleted_at IS NOT NULL${oneList ? " AND list_id = ?" : ""}) AS ranked WHERE newest > ?`;

/**
 * Keeps the deleted items of the list holding `anyId` within DELETED_KEPT_PER_LIST, in the
 * delete's own transaction, so the bound holds at every commit. The count reads the partial
 * index of deleted items alone; the ranking runs only when the list is past the bound.
 */
async function keepNewestDeleted(tx: Db, anyId: number): Promise<void> {
  const row = await tx.get<{ list_id: number | string; n: number | string }>(
    `SELECT list_id, (SELECT COUNT(*) FROM tasks d WHERE d.list_id = t.list_id AND d.deleted_at IS NOT NULL) AS n
       FROM tasks t WHERE id = ?`,
    [anyId],
  );
  if (row && Number(row.n) > DELETED_KEPT_PER_LIST) {
    await tx.run(`DELETE FROM tasks WHERE id IN (${DELETED_BEYOND(true)})`, [row.list_id, DELETED_KEPT_PER_LIST]);
  }
}

export function tasksStore(db: Db, clock: Clock) {
  return {
    /** Every item of a list, children included, ordered by position then id. */
    async listByList(listId: number, tx: Db = db): Promise<Task[]> {
      const rows = await tx.all<TaskRow>(`SELECT * FROM tasks WHERE list_id = ? AND ${LIVE} ${ORDER}`, [listId]);
      return rows.map(toTask);
    },
    /**
     * The same, for a change computed from the items' positions: on PostgreSQL the rows stay
     * locked until the transaction ends, so two reorders at once apply one after the other, the
     * second on the first's result. SQLite already runs one write transaction at a time.
     */
    async listByListForUpdate(listId: number, tx: Db): Promise<Task[]> {
      const lock = tx.dialect === "postgres" ? " FOR UPDATE" : "";
      const rows = await tx.all<TaskRow>(`SELECT * FROM tasks WHERE list_id = ? AND ${LIVE} ${ORDER}${lock}`, [listId]);
      return rows.map(toTask);
    },
    async listChildren(parentId: number, tx: Db = db): Promise<Task[]> {
      const rows = await tx.all<TaskRow>(`SELECT * FROM tasks WHERE parent_id = ? AND ${LIVE} ${ORDER}`, [parentId]);
      return rows.map(toTask);
    },
    async findById(id: number, tx: Db = db): Promise<Task | undefined> {
      const row = await tx.get<TaskRow>(`SELECT * FROM tasks WHERE id = ? AND ${LIVE}`, [id]);
      return row && toTask(row);
    },
    async countInList(listId: number, tx: Db = db): Promise<number> {
      const row = await tx.get<{ n: number | string }>(`SELECT COUNT(*) AS n FROM tasks WHERE list_id = ? AND ${LIVE}`, [listId]);
      return Number(row?.n ?? 0);
    },
    async countChildren(parentId: number, tx: Db = db): Promise<number> {
      const row = await tx.get<{ n: number | string }>(`SELECT COUNT(*) AS n FROM tasks WHERE parent_id = ? AND ${LIVE}`, [parentId]);
      return Number(row?.n ?? 0);
    },
    /** The highest position in the list, or null when it is empty. */
    async maxPosition(listId: number, tx: Db = db): Promise<number | null> {
      const row = await tx.get<{ p: number | string | null }>(`SELECT MAX(position) AS p FROM tasks WHERE list_id = ? AND ${LIVE}`, [
        listId,
      ]);
      return row?.p == null ? null : Number(row.p);
    },
    async insert(task: NewTask, tx: Db = db): Promise<Task> {
      const rows = await tx.all<TaskRow>(
        `INSERT INTO tasks (list_id, user_id, parent_id, title, description, completed, is_parent, position, created_at, created_by,
           completed_by, due_at, remind_at, remind_pending_at, remind_by, repeat_rule, quantity, section_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
        [
          task.listId,
          task.userId,
          task.parentId === 0 ? null : task.parentId,
          task.title,
          task.description,
          task.completed ? 1 : 0,
          task.isParent ? 1 : 0,
          task.position,
          Date.now(),
          actorColumn(task.createdBy),
          task.completed ? actorColumn(task.createdBy) : null,
          task.dueAt ?? null,
          task.remindAt ?? null,
          reminderPendingAt(task.remindAt, clock.now()),
          task.remindAt ? actorColumn(task.createdBy) : null,
          task.repeat ?? null,
          task.quantity ?? null,
          task.parentId === 0 ? (task.sectionId ?? null) : null,
        ],
      );
      return toTask(rows[0]!);
    },
    /** Writes the changes; a new `remindAt` is sent at its time again, by `by`'s name (docs/decisions/055-due-dates.md). */
    async update(id: number, changes: TaskChanges, tx: Db = db): Promise<Task | undefined> {
      const fields = (Object.keys(COLUMNS) as Array<keyof typeof COLUMNS>).filter((field) => changes[field] !== undefined);
      if (fields.length === 0) return this.findById(id, tx);
      const sets = fields.map((field) => `${COLUMNS[field]} = ?`);
      const values = fields.map((field) => toColumnValue(field, changes[field]!));
      if (changes.completed !== undefined) {
        sets.push("completed_by = ?");
        values.push(changes.completed ? actorColumn(changes.completedBy) : null);
      }
      if (changes.remindAt !== undefined) {
        sets.push("remind_pending_at = ?", "remind_by = ?");
        values.push(reminderPendingAt(changes.remindAt, clock.now()), changes.remindAt ? actorColumn(changes.by) : null);
      }
      const rows = await tx.all<TaskRow>(`UPDATE tasks SET ${sets.join(", ")} WHERE id = ? AND ${LIVE} RETURNING *`, [...values, id]);
      return rows[0] && toTask(rows[0]);
    },
    /**
     * The item if it is open, in `listId` and repeats, locked on PostgreSQL until the transaction
     * ends, so two ticks at once move its due date one after the other.
     */
    async findOpenRepeating(id: number, listId: number, tx: Db): Promise<Task | undefined> {
      const lock = tx.dialect === "postgres" ? " FOR UPDATE" : "";
      const row = await tx.get<TaskRow>(
        `SELECT * FROM tasks WHERE id = ? AND list_id = ? AND ${LIVE} AND completed = 0 AND repeat_rule IS NOT NULL${lock}`,
        [id, listId],
      );
      return row && toTask(row);
    },
    /** A repeating item's tick: its due date moved on, itself left open, `by` kept as who ticked it. */
    async moveDue(id: number, dueAt: string, by: Actor | null, tx: Db): Promise<Task> {
      const rows = await tx.all<TaskRow>("UPDATE tasks SET due_at = ?, completed_by = ? WHERE id = ? RETURNING *", [
        dueAt,
        actorColumn(by),
        id,
      ]);
      return toTask(rows[0]!);
    },
    /**
     * Flips completion in one statement, so two quick toggles never read the same old value; `by`
     * ticked it. Undefined when the item is gone, is not in `listId`, or is open and repeats: its
     * tick moves its due date instead (`findOpenRepeating`), so an ordinary tick reads nothing first.
     */
    async toggle(id: number, listId: number, by: Actor | null, tx: Db = db): Promise<Task | undefined> {
      const rows = await tx.all<TaskRow>(
        `UPDATE tasks SET completed = 1 - completed, completed_by = CASE WHEN completed = 0 THEN ? ELSE NULL END
         WHERE id = ? AND list_id = ? AND ${LIVE} AND NOT (completed = 0 AND repeat_rule IS NOT NULL) RETURNING *`,
        [actorColumn(by), id, listId],
      );
      return rows[0] && toTask(rows[0]);
    },
    /**
     * Sets the mark of those of `ids` whose mark differs, `by` attributed when ticked; answers the
     * rows it changed, ordered like the list. The sub-item tick rule (docs/decisions/043-sub-item-ticks.md) uses it.
     */
    async setCompleted(ids: number[], completed: boolean, by: Actor | null, tx: Db = db): Promise<Task[]> {
      if (ids.length === 0) return [];
      const rows = await tx.all<TaskRow>(
        `UPDATE tasks SET completed = ?, completed_by = ? WHERE id IN (${marks(ids)}) AND ${LIVE} AND completed <> ? RETURNING *`,
        [completed ? 1 : 0, completed ? actorColumn(by) : null, ...ids, completed ? 1 : 0],
      );
      return rows.map(toTask).sort((a, b) => a.position - b.position || a.id - b.id);
    },
    /** The ids of a parent's live sub-items whose mark is `completed`. */
    async childIdsMarked(parentId: number, completed: boolean, tx: Db = db): Promise<number[]> {
      const rows = await tx.all<{ id: number | string }>(
        `SELECT id FROM tasks WHERE parent_id = ? AND ${LIVE} AND completed = ? ${ORDER}`,
        [parentId, completed ? 1 : 0],
      );
      return rows.map((row) => Number(row.id));
    },
    async setPositions(positions: Array<{ id: number; position: number }>, tx: Db = db): Promise<void> {
      for (const { id, position } of positions) await tx.run("UPDATE tasks SET position = ? WHERE id = ?", [position, id]);
    },
    /** Soft-deletes an item and its live children at `now`, by `by`; answers their ids, the item's first. */
    async deleteWithChildren(id: number, now: number, by: Deleter, tx: Db = db): Promise<number[]> {
      const rows = await tx.all<{ id: number | string }>(
        `SELECT id FROM tasks WHERE (id = ? OR parent_id = ?) AND ${LIVE} ORDER BY CASE WHEN id = ? THEN 0 ELSE 1 END, position, id`,
        [id, id, id],
      );
      const ids = rows.map((row) => Number(row.id));
      await softDelete(tx, ids, now, by);
      return ids;
    },
    /** Soft-deletes the list's completed items at `now`, by `by`; a completed parent takes all its children with it. */
    async deleteCompleted(listId: number, now: number, by: Deleter, tx: Db = db): Promise<number[]> {
      const rows = await tx.all<{ id: number | string }>(
        `SELECT id FROM tasks WHERE list_id = ? AND ${LIVE} AND (completed = 1 OR parent_id IN (
           SELECT id FROM tasks WHERE list_id = ? AND ${LIVE} AND completed = 1)) ${ORDER}`,
        [listId, listId],
      );
      const ids = rows.map((row) => Number(row.id));
      await softDelete(tx, ids, now, by);
      return ids;
    },
    /**
     * Unticks every live item of the list; answers the ids it unticked. Who ticked each is kept
     * (shown only while ticked), so the reset's Undo brings each tick back with its author.
     */
    async resetCompletions(listId: number, tx: Db = db): Promise<number[]> {
      const rows = await tx.all<{ id: number | string }>(
        `UPDATE tasks SET completed = 0 WHERE list_id = ? AND ${LIVE} AND completed <> 0 RETURNING id`,
        [listId],
      );
      return rows.map((row) => Number(row.id));
    },
    /**
     * The Undo of a reset: ticks those of `ids` in the list that are live and still open, each
     * with who ticked it before the reset, else `by`; answers the rows it changed, ordered like the list.
     */
    async restoreCompletions(listId: number, ids: number[], by: Actor | null, tx: Db = db): Promise<Task[]> {
      const rows = await tx.all<TaskRow>(
        `UPDATE tasks SET completed = 1, completed_by = COALESCE(completed_by, ?)
         WHERE list_id = ? AND id IN (${marks(ids)}) AND ${LIVE} AND completed = 0 RETURNING *`,
        [actorColumn(by), listId, ...ids],
      );
      return rows.map(toTask).sort((a, b) => a.position - b.position || a.id - b.id);
    },
    /** The soft-deleted items among `ids` (only those `by` deleted, when given), as they were when deleted, ordered like the list. */
    async findDeleted(ids: number[], tx: Db, by?: Deleter): Promise<Task[]> {
      const deleter = by ? " AND deleted_by = ?" : "";
      const rows = await tx.all<TaskRow>(
        `SELECT * FROM tasks WHERE id IN (${marks(ids)}) AND deleted_at IS NOT NULL${deleter} ${ORDER}`,
        by ? [...ids, deletedByColumn(by)] : ids,
      );
      return rows.map(toTask);
    },
    /** Brings soft-deleted items back as they were (same id, position, completion); answers how many came back. */
    async restore(ids: number[], tx: Db): Promise<number> {
      return tx.run(`UPDATE tasks SET deleted_at = NULL, deleted_by = NULL WHERE id IN (${marks(ids)}) AND deleted_at IS NOT NULL`, ids);
    },
    /** Removes items deleted before `cutoff` for good (their deleted children with them). */
    async purgeDeletedBefore(cutoff: number, tx: Db = db): Promise<number> {
      return tx.run("DELETE FROM tasks WHERE deleted_at IS NOT NULL AND deleted_at < ?", [cutoff]);
    },
    /** Brings every list within DELETED_KEPT_PER_LIST deleted items (a database from before the bound); answers how many went. */
    async purgeDeletedBeyondBound(tx: Db = db): Promise<number> {
      return tx.run(`DELETE FROM tasks WHERE id IN (${DELETED_BEYOND(false)})`, [DELETED_KEPT_PER_LIST]);
    },
  };
}
