import type { Db } from "./db";
import { confusableSkeleton } from "../shared/skeleton";
import type { User } from "../shared/types";

export interface UserRow {
  id: number | string;
  username: string;
  password_hash: string;
  theme: string;
  last_list_id: number | string | null;
  created_at: number | string;
  [column: string]: unknown;
}

export interface UserRecord extends User {
  passwordHash: string;
  theme: string;
  lastListId: number | null;
}

export function toUser(row: UserRow): UserRecord {
  return {
    id: Number(row.id),
    username: row.username,
    // A user's createdAt is seconds since the epoch (docs/http-contract.md#shapes).
    createdAt: Math.floor(Number(row.created_at) / 1000),
    passwordHash: row.password_hash,
    theme: row.theme,
    lastListId: row.last_list_id === null ? null : Number(row.last_list_id),
  };
}

const usernameKey = (username: string) => username.toLowerCase();

export function usersStore(db: Db) {
  return {
    async create(username: string, passwordHash: string, tx: Db = db): Promise<UserRecord> {
      const rows = await tx.all<UserRow>(
        "INSERT INTO users (username, username_key, username_skeleton, password_hash, created_at) VALUES (?, ?, ?, ?, ?) RETURNING *",
        [username, usernameKey(username), confusableSkeleton(username), passwordHash, Date.now()],
      );
      return toUser(rows[0]!);
    },
    async findById(id: number, tx: Db = db): Promise<UserRecord | undefined> {
      const row = await tx.get<UserRow>("SELECT * FROM users WHERE id = ?", [id]);
      return row && toUser(row);
    },
    async findByUsername(username: string, tx: Db = db): Promise<UserRecord | undefined> {
      const row = await tx.get<UserRow>("SELECT * FROM users WHERE username_key = ?", [usernameKey(username)]);
      return row && toUser(row);
    },
    /** An account whose name is `name` in another case, or looks like it (docs/decisions/029-guest-name-skeletons.md). */
    async findLookalike(name: string, tx: Db = db): Promise<UserRecord | undefined> {
      const row = await tx.get<UserRow>("SELECT * FROM users WHERE username_key = ? OR username_skeleton = ? LIMIT 1", [
        usernameKey(name),
        confusableSkeleton(name),
      ]);
      return row && toUser(row);
    },
    async count(tx: Db = db): Promise<number> {
      const row = await tx.get<{ n: number | string }>("SELECT COUNT(*) AS n FROM users");
      return Number(row?.n ?? 0);
    },
    async rename(id: number, username: string): Promise<UserRecord | undefined> {
      const rows = await db.all<UserRow>(
        "UPDATE users SET username = ?, username_key = ?, username_skeleton = ? WHERE id = ? RETURNING *",
        [username, usernameKey(username), confusableSkeleton(username), id],
      );
      return rows[0] && toUser(rows[0]);
    },
    async setPasswordHash(id: number, passwordHash: string, tx: Db = db): Promise<void> {
      await tx.run("UPDATE users SET password_hash = ? WHERE id = ?", [passwordHash, id]);
    },
    async setTheme(id: number, theme: string): Promise<void> {
      await db.run("UPDATE users SET theme = ? WHERE id = ?", [theme, id]);
    },
    async setLastList(id: number, listId: number): Promise<void> {
      await db.run("UPDATE users SET last_list_id = ? WHERE id = ?", [listId, id]);
    },
  };
}
