import { AppError } from "../domain/errors";

/**
 * @module Who may open one more long-poll client (issue 11): an instance holds a bounded number,
 * and one address only a few that follow nothing. Both refusals say when to try again.
 */

/**
 * At most this many clients per instance. A waiting client costs about 1.5 KB here plus its open
 * request (measured, docs/decisions/006): 10,000 is some 15 MB, far more browsers than one instance
 * serves by long-poll, which is only the fallback when websockets are blocked.
 */
export const MAX_CLIENTS = 10_000;
/** DESIGN §7: at most 20 clients following nothing per address. */
export const MAX_UNSUBSCRIBED_PER_IP = 20;

export interface Allowance {
  maxClients: number;
  maxUnsubscribedPerIp: number;
  /** How long a client following nothing lives unheard from: the wait a refusal names. */
  unsubscribedIdleMs: number;
}

/**
 * Refuses a new client when the instance is full (503) or the address already holds enough idle
 * ones (429); `idleAtAddress` gives when each of those was last heard from.
 */
export function admitPollClient(clientCount: number, idleAtAddress: number[], allowance: Allowance, now = Date.now()) {
  if (clientCount >= allowance.maxClients) {
    throw new AppError(
      503,
      "Live updates are busy right now. Please try again shortly.",
      "POLL_CLIENTS_FULL",
      undefined,
      Math.ceil(allowance.unsubscribedIdleMs / 1000),
    );
  }
  if (idleAtAddress.length >= allowance.maxUnsubscribedPerIp) {
    const oldest = Math.min(...idleAtAddress);
    const seconds = Math.max(1, Math.ceil((oldest + allowance.unsubscribedIdleMs - now) / 1000));
    throw new AppError(
      429,
      "Too many live-update connections from this address. Please try again shortly.",
      "POLL_CLIENT_LIMIT",
      undefined,
      seconds,
    );
  }
}
