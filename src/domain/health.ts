import { RedisClient } from "bun";
import type { Store } from "../store";
import { pingDatabase } from "../store/ping";

/** GET /healthz (docs/architecture.md#operations): each part the server depends on, and whether all answer. */
export interface HealthReport {
  status: "ok" | "down";
  db: "ok" | "down";
  /** "off" when no REDIS_URL is set: the instance works alone and needs none. */
  redis: "ok" | "down" | "off";
}

/** A part that has not answered by then counts as down: a monitor must not hang behind a long lock. */
export const HEALTH_TIMEOUT_MS = 1_500;

/** Resolves true once `probe` succeeds, false when it fails or outlasts the timeout. */
async function answersInTime(probe: () => Promise<unknown>): Promise<boolean> {
  const { promise: late, resolve } = Promise.withResolvers<boolean>();
  const timer = setTimeout(() => resolve(false), HEALTH_TIMEOUT_MS);
  try {
    return await Promise.race([
      probe().then(
        () => true,
        () => false,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Redis is asked over a connection of its own, kept while it answers. One that failed is dropped and
 * the next check connects afresh, so a check after an outage tells the truth at once instead of
 * waiting on a client still reconnecting.
 */
function redisProbe(url: string) {
  let client: RedisClient | undefined;
  return async () => {
    client ??= new RedisClient(url, { connectionTimeout: HEALTH_TIMEOUT_MS, autoReconnect: false, enableOfflineQueue: false });
    const own = client;
    // Without an offline queue a command fails until connected: a probe that connects says more.
    const answered = await answersInTime(async () => {
      if (!own.connected) await own.connect();
      return own.send("PING", []);
    });
    if (!answered) {
      own.close();
      if (client === own) client = undefined;
    }
    return answered;
  };
}

export function healthCheck(store: Store, redisUrl: string | undefined): () => Promise<HealthReport> {
  const redis = redisUrl ? redisProbe(redisUrl) : undefined;
  return async () => {
    const [db, redisUp] = await Promise.all([answersInTime(() => pingDatabase(store.db)), redis?.()]);
    return {
      status: db && redisUp !== false ? "ok" : "down",
      db: db ? "ok" : "down",
      redis: redisUp === undefined ? "off" : redisUp ? "ok" : "down",
    };
  };
}
