import type { Db } from "./db";
import { toUser, type UserRecord, type UserRow } from "./users";

/** Accounts linked to a single sign-on provider's subjects (docs/decisions/064-oidc.md). */
export function identitiesStore(db: Db) {
  return {
    /** The account a provider's subject signs in to, if it was linked. */
    async findUser(issuer: string, subject: string, tx: Db = db): Promise<UserRecord | undefined> {
      const row = await tx.get<UserRow>(
        "SELECT users.* FROM users WHERE id = (SELECT user_id FROM user_identities WHERE issuer = ? AND subject = ?)",
        [issuer, subject],
      );
      return row && toUser(row);
    },
    /** Whether the account has a subject of this issuer already. */
    async isLinked(userId: number, issuer: string, tx: Db = db): Promise<boolean> {
      return (await tx.get("SELECT 1 AS linked FROM user_identities WHERE user_id = ? AND issuer = ?", [userId, issuer])) !== undefined;
    },
    /** Whether the account signs in through any provider. */
    async hasAny(userId: number, tx: Db = db): Promise<boolean> {
      return (await tx.get("SELECT 1 AS linked FROM user_identities WHERE user_id = ? LIMIT 1", [userId])) !== undefined;
    },
    async link(issuer: string, subject: string, userId: number, tx: Db = db): Promise<void> {
      await tx.run("INSERT INTO user_identities (issuer, subject, user_id, created_at) VALUES (?, ?, ?, ?)", [
        issuer,
        subject,
        userId,
        Date.now(),
      ]);
    },
  };
}
