/**
 * Reconnect delays (docs/product-rules.md#live-updates): they grow by 1.5 with 20 % jitter, so a
 * server restart is not met by every browser at once.
 */
export const MAX_DELAY_MS = 30_000;

/** Delay before attempt `attempt`: 1 s × 1.5^(attempt − 1), capped at 30 s, then ±20 % at random. */
export function jitteredDelay(attempt: number, random: () => number = Math.random, baseMs = 1000, maxMs = MAX_DELAY_MS): number {
  const base = Math.min(maxMs, baseMs * 1.5 ** Math.max(0, attempt - 1));
  return Math.round(base * (1 + (random() * 2 - 1) * 0.2));
}
