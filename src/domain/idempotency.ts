import { AsyncLocalStorage } from "node:async_hooks";
import type { Store } from "../store";
import type { Claim, HeldKey, StoredAnswer } from "../store/idempotency";
import { ACCESS_REFUSALS, listOfLiveLink } from "./access";
import { AppError, badRequest } from "./errors";

/**
 * @module Writes are idempotent when the client sends Idempotency-Key: a caller's key
 * is applied once, and its first answer is kept for 24 h and replayed for the same key, within
 * bounds on what that keeps (docs/http-contract.md#idempotency-key). Why it works this way (claim first, mark applied in the write's
 * own commit, let go at once on a fault): docs/decisions/018-idempotency.md.
 */

/** How long a key and its answer are kept; the hourly purge removes older ones. */
export const KEY_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * How long a claim lasts unless its request renews it (every `LEASE_RENEW_MS` while it runs).
 * Only a request whose process died, or that lost the database, stops renewing; a try after this
 * takes the key over, and if the holder still runs its write refuses to commit.
 */
export const LEASE_MS = 5_000;
export const LEASE_RENEW_MS = 1_500;

/** How many keys one caller may hold within `KEY_KEPT_MS` (docs/http-contract.md#idempotency-key). */
export const KEYS_PER_CALLER = 1_000;

/** An answer longer than this is kept as its status and `{message, error}` only (docs/product-rules.md#limits). */
export const MAX_KEPT_BODY_BYTES = 16 * 1024;

/** Whose keys a link's guests hold: the link's, one owner for all of them. */
const LINK_CALLER = "share:";

/** 1–200 visible ASCII characters (docs/http-contract.md#idempotency-key). */
export const KEY_FORMAT = /^[\x21-\x7e]{1,200}$/;

export const KEY_REUSED_MESSAGE = "This Idempotency-Key was used for a different request";
export const KEY_IN_PROGRESS_MESSAGE = "A request with this Idempotency-Key is still in progress";
export const ANSWER_LOST_MESSAGE = "This change was saved, but its answer was lost. Reload to see it.";
export const TOO_MANY_KEYS_MESSAGE = "Too many changes with an Idempotency-Key today. Try again later.";

const keyInProgress = () => new AppError(409, KEY_IN_PROGRESS_MESSAGE, "IDEMPOTENCY_KEY_IN_PROGRESS", undefined, 1);

/** The key as sent, when it is one: 1 to 200 visible ASCII characters (clients send a UUID). */
export function parseKey(header: string): string {
  if (!KEY_FORMAT.test(header)) {
    throw badRequest("Idempotency-Key must be 1 to 200 visible ASCII characters, such as a UUID", "INVALID_IDEMPOTENCY_KEY");
  }
  return header;
}

/**
 * Whose keys these are (docs/http-contract.md#idempotency-key): the signed-in user's, else a link guest's under a live
 * link. A link that is unknown, rotated or expired has no guest to keep an answer for: its call
 * runs unkeyed (and is refused), so a made-up shareId never makes a row. An anonymous call has
 * no caller either.
 */
export async function keyOwner(store: Store, userId: number | null, shareId: string | undefined): Promise<string | null> {
  if (userId !== null) return `user:${userId}`;
  if (!shareId) return null;
  return (await listOfLiveLink(store, shareId)) ? `${LINK_CALLER}${shareId}` : null;
}

/**
 * A call that carries a password is never keyed, so neither the password nor a
 * hash of it is stored. The auth routes are named by the HTTP layer; this catches any other
 * body with a password field.
 */
export function carriesPassword(body: string): boolean {
  if (body === "") return false;
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === "object" && parsed !== null && Object.keys(parsed).some((field) => /password/i.test(field));
  } catch {
    return false;
  }
}

/**
 * What makes two requests the same request: method, path, query and body (its text as the routes
 * will parse it, or its bytes: the same hash for the same UTF-8). The `_t` cache buster is left
 * out, so a client that stamps each try afresh still sends the same request.
 */
export function fingerprint(method: string, url: string, body: string | ArrayBuffer): string {
  const { pathname, searchParams } = new URL(url);
  searchParams.delete("_t");
  searchParams.sort();
  return new Bun.CryptoHasher("sha256").update(`${method} ${pathname}?${searchParams}\n`).update(body).digest("hex");
}

/**
 * What a keyed request may do: run, holding its key; answer what its key answered before; or, for
 * a link's guest past the link's keys of the day, run as an unkeyed call would.
 */
export type KeyOutcome = { held: HeldKey } | { replay: StoredAnswer } | { unkeyed: true };

/**
 * Claims `key` for a request, or says why not: 422 when the key was used for another request,
 * 409 while another request holds it, 409 when its write is applied but its answer was lost
 * (the process stopped between the two), 429 when the caller already holds `KEYS_PER_CALLER`
 * keys of the last 24 h. A key past its 24 h, or whose holder died or let it go before it wrote
 * anything, is claimed afresh.
 */
export async function claimKey(store: Store, caller: string, key: string, print: string, now = store.clock.now()): Promise<KeyOutcome> {
  // Each lap follows a row that changed under it; a key that keeps changing is in use.
  for (let lap = 0; lap < 3; lap++) {
    // A lease only tells one claim from another, and is never a credential: a UUID is the cheapest unique name.
    const claim: Claim = { caller, key, fingerprint: print, lease: crypto.randomUUID(), leaseUntil: now + LEASE_MS, now };
    const held = { held: { caller, key, lease: claim.lease, done: false } };
    if (await claimed(store, claim, store.idempotency.claim(claim, now - KEY_KEPT_MS, KEYS_PER_CALLER))) return held;
    const found = await store.idempotency.find(caller, key);
    if (!found) {
      if (await overLimit(store, caller, now)) return { unkeyed: true };
      continue;
    }
    if (found.createdAt <= now - KEY_KEPT_MS) {
      if (await claimed(store, claim, store.idempotency.reclaim(claim, found.lease, false))) return held;
      continue;
    }
    if (found.fingerprint !== print) throw new AppError(422, KEY_REUSED_MESSAGE, "IDEMPOTENCY_KEY_REUSED");
    if (found.answer) return { replay: found.answer };
    if (found.leaseUntil > now && !lettingGo.has(found.lease)) throw keyInProgress();
    if (found.applied) throw new AppError(409, ANSWER_LOST_MESSAGE, "IDEMPOTENCY_KEY_ANSWER_LOST");
    if (await claimed(store, claim, store.idempotency.reclaim(claim, found.lease, true))) return held;
  }
  throw keyInProgress();
}

/** A claim whose answer the database never gave (it went away) may still have landed: it is let go once it is back. */
async function claimed(store: Store, claim: Claim, attempt: Promise<boolean>): Promise<boolean> {
  try {
    return await attempt;
  } catch (error) {
    letGoLater(store, { caller: claim.caller, key: claim.key, lease: claim.lease, done: true }, claim.leaseUntil);
    throw error;
  }
}

/**
 * Whether a caller is at `KEYS_PER_CALLER`. An account is refused, 429 with Retry-After (when its
 * oldest key turns 24 h old): its keys are its own. A link's guests all share the link's keys, so
 * one guest's thousand changes would lock every other guest out for a day: past the limit their
 * changes run unkeyed instead, as a call without a key does (true), and nothing more is kept.
 */
async function overLimit(store: Store, caller: string, now: number): Promise<boolean> {
  const kept = await store.idempotency.keptSince(caller, now - KEY_KEPT_MS);
  if (kept.count < KEYS_PER_CALLER) return false;
  if (caller.startsWith(LINK_CALLER)) return true;
  const wait = Math.max(1, Math.ceil((kept.oldest + KEY_KEPT_MS - now) / 1000));
  throw new AppError(429, TOO_MANY_KEYS_MESSAGE, "IDEMPOTENCY_KEY_LIMIT", undefined, wait);
}

/** Answers that change nothing and say nothing about the request, so their keys are let go, not kept. */
const LET_GO_STATUSES = new Set([401, 404, 408, 429]);

/** Whether a 403's body names one of the access refusals. */
function refusesAccess(body: string): boolean {
  try {
    const { error } = JSON.parse(body) as { error?: unknown };
    return typeof error === "string" && ACCESS_REFUSALS.has(error);
  } catch {
    return false;
  }
}

/**
 * Which answers a key keeps: successes, and refusals of the request itself (4xx), so a replay of
 * a refused change says the same refusal. Not a timeout or rate limit (408, 429) nor a server
 * fault (5xx): a later try may succeed. Nor a refusal of the caller's access (401, 404, or a 403
 * such as READ_ONLY): the key is claimed before the access check can run, so such an answer lets
 * it go as if it had been claimed after, a caller writing at lists that are not theirs leaves no
 * row behind, and the same retry once access is granted applies (docs/http-contract.md#idempotency-key).
 */
export const isKeptAnswer = ({ status, body }: StoredAnswer) =>
  status >= 200 && status < 500 && !LET_GO_STATUSES.has(status) && !(status === 403 && refusesAccess(body));

/** The answer as kept; past `MAX_KEPT_BODY_BYTES`, its status and `{message, error}` only (docs/product-rules.md#limits). */
export function keptForm(answer: StoredAnswer): StoredAnswer {
  if (Buffer.byteLength(answer.body) <= MAX_KEPT_BODY_BYTES) return answer;
  let said: { message?: unknown; error?: unknown } = {};
  try {
    said = JSON.parse(answer.body) ?? {};
  } catch {
    // Not JSON: nothing of it is kept.
  }
  const { message, error } = said;
  const body = JSON.stringify({
    message: typeof message === "string" ? message : undefined,
    error: typeof error === "string" ? error : undefined,
  });
  return { status: answer.status, contentType: "application/json", body };
}

/**
 * Stores the request's answer under its key, or lets the key go when that answer is not kept.
 * When the database cannot be told (it went away with the request), this process remembers the
 * lease as let go, so a try with the key here runs at once, and tells the database as soon as it is back.
 */
export async function settleKey(store: Store, held: HeldKey, answer: StoredAnswer): Promise<void> {
  held.done = true;
  if (isKeptAnswer(answer)) return store.idempotency.saveAnswer(held, keptForm(answer));
  try {
    await store.idempotency.release(held);
  } catch (error) {
    letGoLater(store, held, store.clock.now() + LEASE_MS);
    throw error;
  }
}

/** Extends the lease of a request still running; false when it is no longer its to extend. */
export const renewKey = (store: Store, held: HeldKey) => store.idempotency.renew(held, store.clock.now() + LEASE_MS);

/** Leases let go of while the database was away, until it is told or the lease has run out anyway. */
const lettingGo = new Map<string, number>();
const LET_GO_RETRY_MS = 100;

function letGoLater(store: Store, held: HeldKey, leaseUntil: number): void {
  lettingGo.set(held.lease, leaseUntil);
  const retry = async () => {
    if (store.clock.now() >= leaseUntil) {
      lettingGo.delete(held.lease);
      return;
    }
    try {
      await store.idempotency.release(held);
      lettingGo.delete(held.lease);
    } catch {
      setTimeout(retry, LET_GO_RETRY_MS).unref();
    }
  };
  setTimeout(retry, LET_GO_RETRY_MS).unref();
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
