/** @module What the list page needs of the outbox before it is loaded: a change's key, and how a lost network shows. */

/** An Idempotency-Key; works outside a secure context too (a self-hosted server on plain http). */
export function newKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** fetch rejects with a TypeError when no answer came at all; an answer, even an error, is an ApiRequestError. */
export const isNetworkFailure = (error: unknown) => error instanceof TypeError;

/** An id for an item added offline, negative so it never meets a server's id (changes.ts). */
export const temporaryId = () => -Math.floor(Math.random() * 2 ** 52) - 1;
