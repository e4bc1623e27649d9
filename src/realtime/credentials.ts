import type { Store } from "../store";
import type { Identity } from "./subscriber";

/**
 * @module A live client's credential: the session or API token it was signed in with at its
 * upgrade (a signed-out or link client has neither), and when that credential expires as the
 * store has it now.
 */

export const signedInWith = (identity: Identity) => identity.sessionId !== null || identity.tokenId !== undefined;

/**
 * A session's expiry (renewed by the user's HTTP requests) or a live token's (fixed when it was
 * made, docs/decisions/061-api-tokens.md; never: Infinity); undefined once it is gone.
 */
export async function credentialExpiry(store: Store, { sessionId, tokenId, expiresAt }: Identity): Promise<number | undefined> {
  if (tokenId !== undefined)
    return (await store.tokens.isLive(tokenId, store.clock.now())) ? (expiresAt ?? Number.POSITIVE_INFINITY) : undefined;
  return sessionId === null ? undefined : (await store.sessions.find(sessionId))?.expiresAt;
}
