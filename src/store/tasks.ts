import type { Actor } from "../shared/attribution";
import type { Task } from "../shared/types";
import { isoFromMs, type Db, type SqlValue } from "./db";

export interface TaskRow {
  id: number | string;
  list_id: number | string;
  user_id: number | string;
  parent_id: number | string | null;
  title: string;
  description: string;
  completed: number | string | boolean;
  is_parent: number | string | boolean;
  position: number | string;
  created_at: number | string;
  [column: string]: unknown;
}

const flag = (value: unknown) => value === true || Number(value) === 1;

/**
 * An actor as it was kept: the JSON of what was shown when they acted, a guest without a name
 * included (docs/decisions/024). The activity panel reads it so, to say "A guest".
 */
export function recordedActorFromColumn(value: unknown): Actor | null {
  if (typeof value !== "string" || value === "") return null;
  const parsed = JSON.parse(value) as Actor;
  return { userId: parsed.userId ?? null, username: parsed.username ?? null };
}

/** An actor as items and events answer it: a link guest as null, unless they gave a name (docs/product-rules.md#guests). */
export const actorFromColumn = (value: unknown): Actor | null => shownActor(recordedActorFromColumn(value));

/** Null for a link guest without a name; anyone else as recorded. */
export const shownActor = (actor: Actor | null | undefined): Actor | null =>
  !actor || (actor.userId === null && actor.username === null) ? null : actor;

export const actorColumn = (actor: Actor | null | undefined): string | null => (actor ? JSON.stringify(actor) : null);

/** Maps a tasks row to its wire shape (docs/http-contract.md#shapes); a top-level item's parentId is 0. */
export function toTask(row: TaskRow): Task {
  return {
    id: Number(row.id),
    title: row.title,
    description: row.description,
    completed: flag(row.completed),
    position: Number(row.position),
    listId: Number(row.list_id),
    userId: Number(row.user_id),
    isParent: flag(row.is_parent),
    parentId: row.parent_id == null ? 0 : Number(row.parent_id),
    createdAt: isoFromMs(row.created_at),
    createdBy: actorFromColumn(row.created_by),
    completedBy: flag(row.completed) ? actorFromColumn(row.completed_by) : null,
  };
}

export interface NewTask {
  listId: number;
  userId: number;
  /** 0 for top level; stored as NULL. */
  parentId: number;
  title: string;
  description: string;
  completed: boolean;
  isParent: boolean;
  position: number;
  /** Who added it; also who ticked it when it is created completed. */
  createdBy?: Actor | null;
}

/** `completedBy` is written with `completed` (cleared when it is unticked). */
export type TaskChanges = Partial<Pick<NewTask, "title" | "description" | "completed" | "isParent" | "parentId" | "position">> & {
  completedBy?: Actor | null;
};

const COLUMNS: Record<Exclude<keyof TaskChanges, "completedBy">, string> = {
  title: "title",
  description: "description",
  completed: "completed",
  isParent: "is_parent",
  parentId: "parent_id",
  position: "position",
};

const toColumnValue = (field: keyof typeof COLUMNS, value: string | number | boolean): SqlValue => {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (field === "parentId") return value === 0 ? null : value;
  return value;
};

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

export function tasksStore(db: Db) {
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
        `INSERT INTO tasks (list_id, user_id, parent_id, title, description, completed, is_parent, position, created_at, created_by, completed_by)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
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
        ],
      );
      return toTask(rows[0]!);
    },
    async update(id: number, changes: TaskChanges, tx: Db = db): Promise<Task | undefined> {
      const fields = (Object.keys(COLUMNS) as Array<keyof typeof COLUMNS>).filter((field) => changes[field] !== undefined);
      if (fields.length === 0) return this.findById(id, tx);
      const sets = [
        ...fields.map((field) => `${COLUMNS[field]} = ?`),
        ...(changes.completed !== undefined ? ["completed_by = ?"] : []),
      ].join(", ");
      const values = fields.map((field) => toColumnValue(field, changes[field]!));
      if (changes.completed !== undefined) values.push(changes.completed ? actorColumn(changes.completedBy) : null);
      const rows = await tx.all<TaskRow>(`UPDATE tasks SET ${sets} WHERE id = ? AND ${LIVE} RETURNING *`, [...values, id]);
      return rows[0] && toTask(rows[0]);
    },
    /**
     * Flips completion in one statement, so two quick toggles never read the same old value; `by`
     * ticked it. Undefined when the item is gone or is not in `listId`.
     */
    async toggle(id: number, listId: number, by: Actor | null, tx: Db = db): Promise<Task | undefined> {
      const rows = await tx.all<TaskRow>(
        `UPDATE tasks SET completed = 1 - completed, completed_by = CASE WHEN completed = 0 THEN ? ELSE NULL END
         WHERE id = ? AND list_id = ? AND ${LIVE} RETURNING *`,
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
