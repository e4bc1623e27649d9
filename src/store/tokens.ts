/** @module API tokens (docs/decisions/061-api-tokens.md): rows kept by the secret's SHA-256, never the secret. */
import type { ApiToken } from "../shared/tokens";
import type { TokenAccess } from "../shared/rules/tokens";
import { type Db, isoFromMs } from "./db";
import { toUser, type UserRecord, type UserRow } from "./users";

interface TokenRow {
  id: number | string;
  name: string;
  access: string;
  list_ids: string | null;
  created_at: number | string;
  expires_at: number | string | null;
  last_used_at: number | string | null;
  [column: string]: unknown;
}

/** A token as the front door finds it: who it acts for and until when. */
export interface TokenRecord extends ApiToken {
  userId: number;
  expiresAtMs: number | null;
  lastUsedAtMs: number | null;
  revoked: boolean;
}

const msOrNull = (value: number | string | null) => (value === null ? null : Number(value));

const toToken = (row: TokenRow): ApiToken => ({
  id: Number(row.id),
  name: row.name,
  access: row.access as TokenAccess,
  listIds: row.list_ids === null ? null : (JSON.parse(row.list_ids) as number[]),
  createdAt: isoFromMs(row.created_at),
  expiresAt: row.expires_at === null ? null : isoFromMs(row.expires_at),
  lastUsedAt: row.last_used_at === null ? null : isoFromMs(row.last_used_at),
});

export interface NewToken {
  hash: string;
  userId: number;
  name: string;
  access: TokenAccess;
  listIds: number[] | null;
  createdAt: number;
  expiresAt: number | null;
}

export function tokensStore(db: Db) {
  return {
    async create(token: NewToken): Promise<ApiToken> {
      const [row] = await db.all<TokenRow>(
        `INSERT INTO api_tokens (hash, user_id, name, access, list_ids, created_at, expires_at)
          VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *`,
        [
          token.hash,
          token.userId,
          token.name,
          token.access,
          token.listIds && JSON.stringify(token.listIds),
          token.createdAt,
          token.expiresAt,
        ],
      );
      return toToken(row!);
    },
    /** The user's tokens not revoked, newest first (expired ones included: the list says so). */
    async listForUser(userId: number): Promise<ApiToken[]> {
      const rows = await db.all<TokenRow>("SELECT * FROM api_tokens WHERE user_id = ? AND revoked_at IS NULL ORDER BY id DESC", [userId]);
      return rows.map(toToken);
    },
    /** The token with this hash and its user, in one statement, revoked or not. */
    async findWithUser(hash: string): Promise<{ token: TokenRecord; user: UserRecord } | undefined> {
      const row = await db.get<UserRow & { [column: `token_${string}`]: unknown }>(
        `SELECT users.*, t.id AS token_id, t.name AS token_name, t.access AS token_access, t.list_ids AS token_list_ids,
            t.created_at AS token_created_at, t.expires_at AS token_expires_at, t.last_used_at AS token_last_used_at,
            t.revoked_at AS token_revoked_at
          FROM api_tokens t JOIN users ON users.id = t.user_id WHERE t.hash = ?`,
        [hash],
      );
      if (!row) return undefined;
      const user = toUser(row);
      const tokenRow = {
        id: row.token_id,
        name: row.token_name,
        access: row.token_access,
        list_ids: row.token_list_ids,
        created_at: row.token_created_at,
        expires_at: row.token_expires_at,
        last_used_at: row.token_last_used_at,
      } as TokenRow;
      const token: TokenRecord = {
        ...toToken(tokenRow),
        userId: user.id,
        expiresAtMs: msOrNull(tokenRow.expires_at),
        lastUsedAtMs: msOrNull(tokenRow.last_used_at),
        revoked: row.token_revoked_at !== null,
      };
      return { token, user };
    },
    /** Whether the token still opens anything at `now`: neither revoked nor expired. */
    async isLive(id: number, now: number): Promise<boolean> {
      const row = await db.get(
        "SELECT 1 AS live FROM api_tokens WHERE id = ? AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?)",
        [id, now],
      );
      return row !== undefined;
    },
    async touch(id: number, at: number): Promise<void> {
      await db.run("UPDATE api_tokens SET last_used_at = ? WHERE id = ?", [at, id]);
    },
    /** Whether a live token of the user's was revoked now. */
    async revoke(id: number, userId: number, at: number): Promise<boolean> {
      return (
        (await db.run("UPDATE api_tokens SET revoked_at = ? WHERE id = ? AND user_id = ? AND revoked_at IS NULL", [at, id, userId])) > 0
      );
    },
  };
}
