/**
 * @module The time "now" for the rules that depend on it (a share link's expiry), read through
 * the store so tests can move it forward instead of sleeping (docs/decisions/023).
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
