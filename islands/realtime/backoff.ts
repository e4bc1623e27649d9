/**
 * Reconnect delays (docs/product-rules.md#live-updates). The websocket wrapper waits 1 s, doubling up to 30 s; the realtime
 * connection grows by 1.5 with 20 % jitter, so a server restart is not met by every browser at once.
 */
export const MAX_DELAY_MS = 30_000;

/** Delay before reconnect attempt `attempt` (1-based): 1 s, 2 s, 4 s … capped at 30 s. */
export function doublingDelay(attempt: number, baseMs = 1000, maxMs = MAX_DELAY_MS): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

/** Delay before attempt `attempt`: 1 s × 1.5^(attempt − 1), capped at 30 s, then ±20 % at random. */
export function jitteredDelay(attempt: number, random: () => number = Math.random, baseMs = 1000, maxMs = MAX_DELAY_MS): number {
  const base = Math.min(maxMs, baseMs * 1.5 ** Math.max(0, attempt - 1));
  return Math.round(base * (1 + (random() * 2 - 1) * 0.2));
}
