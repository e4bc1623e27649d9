/**
 * Counts failures per key in a sliding window (DESIGN §4: more than 10 failed logins or wrong
 * invite codes in 15 minutes → 429). Successes are never recorded.
 */
export interface RateLimiter {
  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string): number;
  recordFailure(key: string): void;
}

const SWEEP_ABOVE_KEYS = 10_000;

export function createRateLimiter(maxFailures = 10, windowMs = 15 * 60 * 1000, now = () => Date.now()): RateLimiter {
  const failures = new Map<string, number[]>();
  const recent = (key: string) => {
    const cutoff = now() - windowMs;
    const kept = (failures.get(key) ?? []).filter((at) => at > cutoff);
    if (kept.length) failures.set(key, kept);
    else failures.delete(key);
    return kept;
  };
  return {
    retryAfter(key) {
      const kept = recent(key);
      if (kept.length < maxFailures) return 0;
      return Math.max(1, Math.ceil((kept[0]! + windowMs - now()) / 1000));
    },
    recordFailure(key) {
      failures.set(key, [...recent(key), now()]);
      // Keys are only trimmed when asked about again; sweep them all when they pile up.
      if (failures.size > SWEEP_ABOVE_KEYS) for (const stale of [...failures.keys()]) recent(stale);
    },
  };
}
