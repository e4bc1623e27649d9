import { RedisClient } from "bun";
import type { Logger } from "../logger";

/**
 * Counts failures per key in a sliding window: more than 10 failed logins or wrong invite codes
 * in 15 minutes → 429 (docs/product-rules.md#accounts). Successes are never recorded.
 */
export interface RateLimiter {
  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string): Promise<number>;
  recordFailure(key: string): Promise<void>;
  close(): void;
}

export const MAX_FAILURES = 10;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const SWEEP_ABOVE_KEYS = 10_000;

/** One instance's count, in memory: the default, and the fallback while Redis cannot answer. */
export function createRateLimiter(maxFailures = MAX_FAILURES, windowMs = FAILURE_WINDOW_MS, now = () => Date.now()): RateLimiter {
  const failures = new Map<string, number[]>();
  const recent = (key: string) => {
    const cutoff = now() - windowMs;
    const kept = (failures.get(key) ?? []).filter((at) => at > cutoff);
    if (kept.length) failures.set(key, kept);
    else failures.delete(key);
    return kept;
  };
  return {
    async retryAfter(key) {
      const kept = recent(key);
      if (kept.length < maxFailures) return 0;
      return Math.max(1, Math.ceil((kept[0]! + windowMs - now()) / 1000));
    },
    async recordFailure(key) {
      failures.set(key, [...recent(key), now()]);
      // Keys are only trimmed when asked about again; sweep them all when they pile up.
      if (failures.size > SWEEP_ABOVE_KEYS) for (const stale of [...failures.keys()]) recent(stale);
    },
    close() {},
  };
}

/** Both scripts drop what left the window first; each runs atomically inside Redis. */
const RECORD_FAILURE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;
const RETRY_AFTER_MS = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[3]) then return 0 end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return tonumber(oldest[2]) + tonumber(ARGV[2]) - tonumber(ARGV[1])`;

export interface RedisRateLimiterOptions {
  logger: Logger;
  /** Keys are `${prefix}${key}`; tests use a unique prefix to stay apart. */
  prefix?: string;
  maxFailures?: number;
  windowMs?: number;
  /** How long a login waits for Redis before counting in memory instead. */
  timeoutMs?: number;
  now?: () => number;
}

/**
 * Counts in Redis, so the limits hold across instances (docs/product-rules.md#accounts). A failure is also counted in
 * this instance's memory, which answers whenever Redis does not answer in time: a login never
 * waits on an outage, and this instance's own count still protects the account meanwhile.
 */
export function createRedisRateLimiter(url: string, options: RedisRateLimiterOptions): RateLimiter {
  const {
    logger,
    prefix = "listwell:limit:",
    maxFailures = MAX_FAILURES,
    windowMs = FAILURE_WINDOW_MS,
    timeoutMs = 500,
    now = () => Date.now(),
  } = options;
  const memory = createRateLimiter(maxFailures, windowMs, now);
  const redis = new RedisClient(url, { connectionTimeout: timeoutMs * 4 });
  let reachable = true;
  let reconnecting: Promise<void> | undefined;

  const reconnect = () => {
    // Bun stops reconnecting after its retries; ask again, once at a time.
    if (!redis.connected && !reconnecting)
      reconnecting = redis
        .connect()
        .catch(() => {})
        .finally(() => (reconnecting = undefined));
  };

  const inRedis = async <T>(command: () => Promise<T>, fallback: () => Promise<T>): Promise<T> => {
    // Known down and not back yet: no login waits for the timeout again.
    if (!reachable && !redis.connected) {
      reconnect();
      return fallback();
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>(
      (_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs)),
    );
    try {
      const result = await Promise.race([command(), late]);
      if (!reachable) logger.info("rate limits: Redis answers again; counting there");
      reachable = true;
      return result;
    } catch (error) {
      if (reachable)
        logger.warn("rate limits: Redis unreachable, counting in this instance's memory:", error instanceof Error ? error.message : error);
      reachable = false;
      reconnect();
      return fallback();
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    retryAfter(key) {
      return inRedis(
        async () => {
          const ms = Number(
            await redis.send("EVAL", [RETRY_AFTER_MS, "1", prefix + key, String(now()), String(windowMs), String(maxFailures)]),
          );
          return ms > 0 ? Math.max(1, Math.ceil(ms / 1000)) : 0;
        },
        () => memory.retryAfter(key),
      );
    },
    async recordFailure(key) {
      await memory.recordFailure(key);
      const at = now();
      await inRedis(
        async () =>
          void (await redis.send("EVAL", [
            RECORD_FAILURE,
            "1",
            prefix + key,
            String(at),
            String(windowMs),
            `${at}:${crypto.randomUUID()}`,
          ])),
        async () => {},
      );
    },
    close() {
      redis.close();
    },
  };
}
