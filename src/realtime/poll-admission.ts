import { AppError } from "../domain/errors";

/**
 * @module Who may open one more long-poll client (docs/product-rules.md#limits): an instance holds a bounded
 * number, one address at most 50, and only 20 signed-out ones following nothing. Each refusal says when to
 * try again.
 */

/**
 * At most this many clients per instance. A waiting client costs about 1.5 KB here plus its open
 * request (measured, docs/decisions/006): 10,000 is some 15 MB, far more browsers than one instance
 * serves by long-poll, which is only the fallback when websockets are blocked.
 */
export const MAX_CLIENTS = 10_000;
/** At most 20 signed-out clients following nothing per address (docs/product-rules.md#limits). */
export const MAX_UNSUBSCRIBED_PER_IP = 20;
/** At most 50 clients per address, following a list or not (docs/product-rules.md#limits). */
export const MAX_CLIENTS_PER_IP = 50;

export interface Allowance {
  maxClients: number;
  maxUnsubscribedPerIp: number;
  maxClientsPerIp: number;
  /** How long a client following nothing lives unheard from: the wait a refusal names. */
  unsubscribedIdleMs: number;
}

/**
 * Refuses a new client when the instance is full (503), or the address already holds enough clients
 * or enough idle ones (429); `idleAtAddress` gives when each idle one was last heard from.
 */
export function admitPollClient(clientCount: number, atAddress: number, idleAtAddress: number[], allowance: Allowance, now = Date.now()) {
  if (clientCount >= allowance.maxClients) {
    throw new AppError(
      503,
      "Live updates are busy right now. Please try again shortly.",
      "POLL_CLIENTS_FULL",
      undefined,
      Math.ceil(allowance.unsubscribedIdleMs / 1000),
    );
  }
  const idleFull = idleAtAddress.length >= allowance.maxUnsubscribedPerIp;
  if (!idleFull && atAddress < allowance.maxClientsPerIp) return;
  // Idle ones are forgotten on time; clients that follow a list leave when their pages close.
  const seconds = idleFull
    ? Math.max(1, Math.ceil((Math.min(...idleAtAddress) + allowance.unsubscribedIdleMs - now) / 1000))
    : Math.ceil(allowance.unsubscribedIdleMs / 1000);
  throw new AppError(
    429,
    "Too many live-update connections from this address. Please try again shortly.",
    "POLL_CLIENT_LIMIT",
    undefined,
    seconds,
  );
}
