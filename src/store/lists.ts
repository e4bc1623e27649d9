import type { LinkAccess, TaskList } from "../shared/types";
import { isoFromMs, type Db } from "./db";

interface ListRow {
  id: number | string;
  name: string;
  user_id: number | string;
  share_id: string;
  link_access: string;
  position: number | string;
  created_at: number | string;
  [column: string]: unknown;
}

export function toList(row: ListRow): TaskList {
  return {
    id: Number(row.id),
    name: row.name,
    userId: Number(row.user_id),
    shareId: row.share_id,
    linkAccess: row.link_access === "read" ? "read" : "write",
    position: Number(row.position),
    createdAt: isoFromMs(row.created_at),
  };
}

/**
 * `lock` takes the list's row lock on PostgreSQL for the rest of the transaction, so changes to one
 * list (and their event ids) commit one after another; SQLite already runs one writer at a time.
 */
const forUpdate = (tx: Db, lock: boolean) => (lock && tx.dialect === "postgres" ? " FOR UPDATE" : "");

export function listsStore(db: Db) {
  return {
    async findById(id: number, tx: Db = db, lock = false): Promise<TaskList | undefined> {
      const row = await tx.get<ListRow>(`SELECT * FROM task_lists WHERE id = ?${forUpdate(tx, lock)}`, [id]);
      return row && toList(row);
    },
    async findByShareId(shareId: string, tx: Db = db, lock = false): Promise<TaskList | undefined> {
      const row = await tx.get<ListRow>(`SELECT * FROM task_lists WHERE share_id = ?${forUpdate(tx, lock)}`, [shareId]);
      return row && toList(row);
    },
    async listOwnedBy(userId: number, tx: Db = db): Promise<TaskList[]> {
      const rows = await tx.all<ListRow>("SELECT * FROM task_lists WHERE user_id = ? ORDER BY position, id", [userId]);
      return rows.map(toList);
    },
    async countOwnedBy(userId: number, tx: Db = db): Promise<number> {
      const row = await tx.get<{ n: number | string }>("SELECT COUNT(*) AS n FROM task_lists WHERE user_id = ?", [userId]);
      return Number(row?.n ?? 0);
    },
    /**
     * Serialises one user's list creations so a count-then-insert holds under concurrency
     * (DESIGN §3). PostgreSQL locks the owner's row until commit; SQLite needs nothing more,
     * as its BEGIN IMMEDIATE transactions already run one at a time.
     */
    async lockOwner(userId: number, tx: Db): Promise<void> {
      if (tx.dialect === "postgres") await tx.all("SELECT id FROM users WHERE id = ? FOR UPDATE", [userId]);
    },
    /** The position after the user's last list: 0 for the first. */
    async nextPosition(userId: number, tx: Db = db): Promise<number> {
      const row = await tx.get<{ next: number | string }>(
        "SELECT COALESCE(MAX(position), -1) + 1 AS next FROM task_lists WHERE user_id = ?",
        [userId],
      );
      return Number(row?.next ?? 0);
    },
    async create(list: { name: string; userId: number; shareId: string; position: number }, tx: Db = db): Promise<TaskList> {
      const rows = await tx.all<ListRow>(
        "INSERT INTO task_lists (name, user_id, share_id, position, created_at) VALUES (?, ?, ?, ?, ?) RETURNING *",
        [list.name, list.userId, list.shareId, list.position, Date.now()],
      );
      return toList(rows[0]!);
    },
    async update(
      id: number,
      changes: { name?: string; linkAccess?: LinkAccess; shareId?: string },
      tx: Db = db,
    ): Promise<TaskList | undefined> {
      const rows = await tx.all<ListRow>(
        `UPDATE task_lists SET name = COALESCE(?, name), link_access = COALESCE(?, link_access),
           share_id = COALESCE(?, share_id) WHERE id = ? RETURNING *`,
        [changes.name ?? null, changes.linkAccess ?? null, changes.shareId ?? null, id],
      );
      return rows[0] && toList(rows[0]);
    },
    async setPosition(id: number, userId: number, position: number, tx: Db = db): Promise<number> {
      return tx.run("UPDATE task_lists SET position = ? WHERE id = ? AND user_id = ?", [position, id, userId]);
    },
    async delete(id: number, tx: Db = db): Promise<number> {
      return tx.run("DELETE FROM task_lists WHERE id = ?", [id]);
    },
  };
}
