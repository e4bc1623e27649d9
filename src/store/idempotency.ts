import type { Db } from "./db";

/** The first answer to a keyed request, as it is replayed: status, content type and body text. */
export interface StoredAnswer {
  status: number;
  contentType: string | null;
  body: string;
}

/** One caller's key as stored: which request it was for, who holds it, and its answer once known. */
export interface KeyRecord {
  fingerprint: string;
  lease: string;
  leaseUntil: number;
  applied: boolean;
  answer: StoredAnswer | null;
  createdAt: number;
}

/** The key a request holds while it runs (see `markingApplied`). */
export interface HeldKey {
  caller: string;
  key: string;
  lease: string;
  /** Set once the request is answered: a transaction it left behind (a timer) is no longer its write. */
  done: boolean;
}

/** What a request claims: its key, the request's fingerprint and its lease. */
export interface Claim {
  caller: string;
  key: string;
  fingerprint: string;
  lease: string;
  leaseUntil: number;
  now: number;
}

interface KeyRow {
  fingerprint: string;
  lease: string;
  lease_until: number | string;
  applied: number | string | boolean;
  status: number | string | null;
  content_type: string | null;
  body: string | null;
  created_at: number | string;
  [column: string]: unknown;
}

const toRecord = (row: KeyRow): KeyRecord => ({
  fingerprint: row.fingerprint,
  lease: row.lease,
  leaseUntil: Number(row.lease_until),
  applied: row.applied === true || Number(row.applied) === 1,
  answer: row.status === null ? null : { status: Number(row.status), contentType: row.content_type, body: row.body ?? "" },
  createdAt: Number(row.created_at),
});

const WHERE_KEY = "caller = ? AND request_key = ?";

/** Idempotency-Key rows (docs/http-contract.md#idempotency-key; migrations/*\/…_idempotency.sql). */
export function idempotencyStore(db: Db) {
  return {
    /**
     * Inserts the claim unless the caller already holds `limit` keys created after `since`; true
     * when this request now holds the key, false when a row was there or the caller is at the limit.
     * The keys of the window are counted only when all the caller holds (`idempotency_callers`,
     * kept by triggers) reaches `limit`: counting them walks up to `limit` index entries.
     */
    async claim(claim: Claim, since: number, limit: number): Promise<boolean> {
      // The casts type the selected parameters for PostgreSQL, which cannot infer them as it does in VALUES.
      const inserted = await db.run(
        `INSERT INTO idempotency_keys (caller, request_key, fingerprint, lease, lease_until, applied, created_at)
         SELECT ?, ?, ?, ?, CAST(? AS BIGINT), 0, CAST(? AS BIGINT)
         WHERE CASE WHEN COALESCE((SELECT held FROM idempotency_callers WHERE caller = ?), 0) < ? THEN TRUE
           ELSE (SELECT COUNT(*) FROM idempotency_keys WHERE caller = ? AND created_at > ?) < ? END
         ON CONFLICT (caller, request_key) DO NOTHING`,
        [
          claim.caller,
          claim.key,
          claim.fingerprint,
          claim.lease,
          claim.leaseUntil,
          claim.now,
          claim.caller,
          limit,
          claim.caller,
          since,
          limit,
        ],
      );
      return inserted === 1;
    },
    /** How many keys the caller holds created after `since`, and when the oldest of them was. */
    async keptSince(caller: string, since: number): Promise<{ count: number; oldest: number }> {
      const row = await db.get<{ count: number | string; oldest: number | string | null }>(
        "SELECT COUNT(*) AS count, MIN(created_at) AS oldest FROM idempotency_keys WHERE caller = ? AND created_at > ?",
        [caller, since],
      );
      return { count: Number(row?.count ?? 0), oldest: Number(row?.oldest ?? since) };
    },
    async find(caller: string, key: string): Promise<KeyRecord | undefined> {
      const row = await db.get<KeyRow>(`SELECT * FROM idempotency_keys WHERE ${WHERE_KEY}`, [caller, key]);
      return row && toRecord(row);
    },
    /**
     * Claims a key again over the row held under `previousLease`: one past its 24 h, or (with
     * `unappliedOnly`) one whose request died before writing anything. False when the row changed meanwhile.
     */
    async reclaim(claim: Claim, previousLease: string, unappliedOnly: boolean): Promise<boolean> {
      const unapplied = unappliedOnly ? " AND applied = 0 AND status IS NULL" : "";
      const changed = await db.run(
        `UPDATE idempotency_keys SET fingerprint = ?, lease = ?, lease_until = ?, applied = 0, status = NULL, content_type = NULL,
           body = NULL, created_at = ? WHERE ${WHERE_KEY} AND lease = ?${unapplied}`,
        [claim.fingerprint, claim.lease, claim.leaseUntil, claim.now, claim.caller, claim.key, previousLease],
      );
      return changed === 1;
    },
    /** Records, inside the transaction of the write, that the key's change is applied; false when the key is no longer held. */
    async markApplied(held: HeldKey, tx: Db): Promise<boolean> {
      const changed = await tx.run(`UPDATE idempotency_keys SET applied = 1 WHERE ${WHERE_KEY} AND lease = ?`, [
        held.caller,
        held.key,
        held.lease,
      ]);
      return changed === 1;
    },
    /**
     * Moves the lease of a request still running to `leaseUntil`; false when the key is no longer
     * its own. A lease ended by `release` (0) stays ended, whatever renewal was still on its way.
     */
    async renew(held: HeldKey, leaseUntil: number): Promise<boolean> {
      const changed = await db.run(
        `UPDATE idempotency_keys SET lease_until = ? WHERE ${WHERE_KEY} AND lease = ? AND status IS NULL AND lease_until > 0`,
        [leaseUntil, held.caller, held.key, held.lease],
      );
      return changed === 1;
    },
    async saveAnswer(held: HeldKey, answer: StoredAnswer): Promise<void> {
      await db.run(`UPDATE idempotency_keys SET status = ?, content_type = ?, body = ? WHERE ${WHERE_KEY} AND lease = ?`, [
        answer.status,
        answer.contentType,
        answer.body,
        held.caller,
        held.key,
        held.lease,
      ]);
    },
    /**
     * Lets go of a key whose answer is not kept: a claim that wrote nothing goes, so the next try
     * runs afresh; one whose write is applied stays, its lease ended, so no try applies it again.
     */
    async release(held: HeldKey): Promise<void> {
      const params = [held.caller, held.key, held.lease];
      await db.transaction(async (tx) => {
        await tx.run(`DELETE FROM idempotency_keys WHERE ${WHERE_KEY} AND lease = ? AND applied = 0`, params);
        await tx.run(`UPDATE idempotency_keys SET lease_until = 0 WHERE ${WHERE_KEY} AND lease = ?`, params);
      });
    },
    async purgeCreatedBefore(cutoff: number): Promise<number> {
      return db.run("DELETE FROM idempotency_keys WHERE created_at < ?", [cutoff]);
    },
  };
}

export type IdempotencyStore = ReturnType<typeof idempotencyStore>;
