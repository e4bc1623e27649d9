import type { Db } from "./db";

export interface SessionRecord {
  id: string;
  userId: number;
  expiresAt: number;
}

interface SessionRow {
  id: string;
  user_id: number | string;
  expires_at: number | string;
  [column: string]: unknown;
}

const toSession = (row: SessionRow): SessionRecord => ({
  id: row.id,
  userId: Number(row.user_id),
  expiresAt: Number(row.expires_at),
});

export function sessionsStore(db: Db) {
  return {
    async create(session: SessionRecord): Promise<void> {
      await db.run("INSERT INTO sessions (id, user_id, expires_at) VALUES (?, ?, ?)", [session.id, session.userId, session.expiresAt]);
    },
    async find(id: string): Promise<SessionRecord | undefined> {
      const row = await db.get<SessionRow>("SELECT * FROM sessions WHERE id = ?", [id]);
      return row && toSession(row);
    },
    async extend(id: string, expiresAt: number): Promise<void> {
      await db.run("UPDATE sessions SET expires_at = ? WHERE id = ?", [expiresAt, id]);
    },
    async delete(id: string): Promise<void> {
      await db.run("DELETE FROM sessions WHERE id = ?", [id]);
    },
    async deleteAllForUserExcept(userId: number, keepId: string, tx: Db = db): Promise<void> {
      await tx.run("DELETE FROM sessions WHERE user_id = ? AND id <> ?", [userId, keepId]);
    },
  };
}
