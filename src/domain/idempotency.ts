import { AsyncLocalStorage } from "node:async_hooks";
import { randomToken } from "../auth/random-token";
import type { Store } from "../store";
import type { Claim, HeldKey, StoredAnswer } from "../store/idempotency";
import { AppError, badRequest } from "./errors";

/**
 * @module DESIGN §11 "Writes are idempotent when the client sends Idempotency-Key": a caller's key
 * is applied once, and its first answer is kept for 24 h and replayed for the same key. Why it
 * works this way (claim first, mark applied in the write's own commit): docs/decisions/018-idempotency.md.
 */

/** How long a key and its answer are kept; the hourly purge removes older ones. */
export const KEY_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * How long a request may hold its key before another try with that key may take it over. Only a
 * request whose process died holds a key this long; if the holder still runs, its write refuses to commit.
 */
export const LEASE_MS = 30_000;

const KEY_FORMAT = /^[\x21-\x7e]{1,200}$/;

export const KEY_REUSED_MESSAGE = "This Idempotency-Key was used for a different request";
export const KEY_IN_PROGRESS_MESSAGE = "A request with this Idempotency-Key is still in progress";
export const ANSWER_LOST_MESSAGE = "This change was saved, but its answer was lost. Reload to see it.";

const keyInProgress = () => new AppError(409, KEY_IN_PROGRESS_MESSAGE, "IDEMPOTENCY_KEY_IN_PROGRESS", undefined, 1);

/** The key as sent, when it is one: 1 to 200 visible ASCII characters (clients send a UUID). */
export function parseKey(header: string): string {
  if (!KEY_FORMAT.test(header)) {
    throw badRequest("Idempotency-Key must be 1 to 200 visible ASCII characters, such as a UUID", "INVALID_IDEMPOTENCY_KEY");
  }
  return header;
}

/**
 * Whose keys these are: the signed-in user's, else a link guest's under the link. An anonymous
 * call (login, register) has no caller to keep an answer for, so its key is not kept at all.
 */
export function keyOwner(userId: number | null, shareId: string | undefined): string | null {
  if (userId !== null) return `user:${userId}`;
  return shareId ? `share:${shareId}` : null;
}

/**
 * What makes two requests the same request: method, path, query and body bytes. The `_t` cache
 * buster is left out, so a client that stamps each try afresh still sends the same request.
 */
export function fingerprint(method: string, url: string, body: ArrayBuffer): string {
  const { pathname, searchParams } = new URL(url);
  searchParams.delete("_t");
  searchParams.sort();
  return new Bun.CryptoHasher("sha256").update(`${method} ${pathname}?${searchParams}\n`).update(body).digest("hex");
}

/** What a keyed request may do: run, holding its key, or answer what its key answered before. */
export type KeyOutcome = { held: HeldKey } | { replay: StoredAnswer };

/**
 * Claims `key` for a request, or says why not: 422 when the key was used for another request,
 * 409 while another request holds it, 409 when its write is applied but its answer was lost
 * (the process stopped between the two). A key past its 24 h, or whose holder died before it
 * wrote anything, is claimed afresh.
 */
export async function claimKey(store: Store, caller: string, key: string, print: string, now = store.clock.now()): Promise<KeyOutcome> {
  // Each lap follows a row that changed under it; a key that keeps changing is in use.
  for (let lap = 0; lap < 3; lap++) {
    const claim: Claim = { caller, key, fingerprint: print, lease: randomToken(16), leaseUntil: now + LEASE_MS, now };
    const held = { held: { caller, key, lease: claim.lease, done: false } };
    if (await store.idempotency.claim(claim)) return held;
    const found = await store.idempotency.find(caller, key);
    if (!found) continue;
    if (found.createdAt <= now - KEY_KEPT_MS) {
      if (await store.idempotency.reclaim(claim, found.lease, false)) return held;
      continue;
    }
    if (found.fingerprint !== print) throw new AppError(422, KEY_REUSED_MESSAGE, "IDEMPOTENCY_KEY_REUSED");
    if (found.answer) return { replay: found.answer };
    if (found.leaseUntil > now) throw keyInProgress();
    if (found.applied) throw new AppError(409, ANSWER_LOST_MESSAGE, "IDEMPOTENCY_KEY_ANSWER_LOST");
    if (await store.idempotency.reclaim(claim, found.lease, true)) return held;
  }
  throw keyInProgress();
}

/**
 * Which answers a key keeps: successes, and refusals of the request itself (4xx), so a replay of
 * a refused change says the same refusal. Not a timeout or rate limit (408, 429) nor a server
 * fault (5xx): those say nothing about the request, and a later try may succeed.
 */
export const isKeptAnswer = (status: number) => status >= 200 && status < 500 && status !== 408 && status !== 429;

/** Stores the request's answer under its key, or lets the key go when that answer is not kept. */
export async function settleKey(store: Store, held: HeldKey, answer: StoredAnswer): Promise<void> {
  held.done = true;
  if (isKeptAnswer(answer.status)) await store.idempotency.saveAnswer(held, answer);
  else await store.idempotency.release(held);
}

/** The key of the request running in this async context, if it carries one. */
export const heldKeys = new AsyncLocalStorage<HeldKey>();

/**
 * The store whose transactions, inside a keyed request, also mark its key applied in the same
 * commit as the write: the change and the mark exist together or not at all, so no retry can
 * apply it again. A request whose key was taken over meanwhile (it outlived its lease) writes nothing.
 */
export function guardingKeyedWrites(store: Store): Store {
  const { db } = store;
  const transaction: typeof db.transaction = (work) => {
    const held = heldKeys.getStore();
    if (!held || held.done) return db.transaction(work);
    return db.transaction(async (tx) => {
      const result = await work(tx);
      if (!(await store.idempotency.markApplied(held, tx))) throw keyInProgress();
      return result;
    });
  };
  return { ...store, db: { ...db, transaction } };
}

/** Removes keys (and their answers) older than 24 h before `now`. Run at start and every hour by the server. */
export function purgeIdempotencyKeys(store: Store, now = store.clock.now()): Promise<number> {
  return store.idempotency.purgeCreatedBefore(now - KEY_KEPT_MS);
}
