/**
 * @module An expired share link behaves as a rotated one. Every HTTP call, websocket
 * subscribe and long-poll subscribe refuses it by itself (domain/access.ts reads the clock each
 * time); what is left is the live client that followed the list through the link before it
 * expired. This sweeper cuts those the way a rotation does: at each link's expiry it publishes
 * `access_revoked` with that link on the list's topic, so every instance drops the link's
 * followers at once (docs/decisions/023).
 */
import { revokeExpiredLinks } from "../domain/lists";
import { createLogger, type Logger } from "../logger";
import type { Store } from "../store";
import type { EventBus } from "../domain/bus";

/**
 * The longest the sweeper sleeps: it then looks again for the next expiry, so one set meanwhile (a
 * day away at the soonest, possibly on another instance) is always seen long before it is due.
 */
export const MAX_SWEEP_WAIT_MS = 60_000;

export function createLinkExpirySweeper(store: Store, bus: EventBus, logger: Logger = createLogger("error")) {
  // Links that expired before this start had no follower here: they were refused on subscribe.
  let sweptUpTo = store.clock.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  function arm(delayMs: number) {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => void sweep(), Math.max(0, delayMs));
    // The sweeper never keeps a process alive on its own.
    timer.unref?.();
  }

  /** Cuts the followers of every link that expired since the last sweep, then sleeps until the next expiry. */
  async function sweep(): Promise<void> {
    let wait = MAX_SWEEP_WAIT_MS;
    try {
      const now = store.clock.now();
      if (now > sweptUpTo) await revokeExpiredLinks(store, bus, sweptUpTo, now);
      sweptUpTo = Math.max(sweptUpTo, now);
      const next = await store.lists.nextLinkExpiry(now);
      if (next !== null) wait = Math.min(wait, next - now);
    } catch (error) {
      logger.error("Cutting the live clients of expired links failed:", error);
    }
    arm(wait);
  }

  return {
    /** Starts sweeping: now, then at each expiry (and at least every minute). */
    start: () => void sweep(),
    sweep,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

export type LinkExpirySweeper = ReturnType<typeof createLinkExpirySweeper>;
