/**
 * @module A task run for a key at most once per interval: the first request at once, any made
 * within the interval after a run gathered into one run at its end, so the last state always goes
 * out and never more often than the interval allows.
 */

import { systemTimers, type Timers } from "../shared/timers";

export function createThrottle<K>(intervalMs: number, task: (key: K) => void, timers: Timers = systemTimers) {
  const lastRun = new Map<K, number>();
  const due = new Map<K, unknown>();

  const run = (key: K) => {
    due.delete(key);
    lastRun.set(key, timers.now());
    task(key);
  };

  return {
    /** Runs the task for `key` now, or once at the end of the interval if it ran lately. */
    request(key: K) {
      if (due.has(key)) return;
      const wait = (lastRun.get(key) ?? Number.NEGATIVE_INFINITY) + intervalMs - timers.now();
      if (wait <= 0) run(key);
      else
        due.set(
          key,
          timers.setTimeout(() => run(key), wait),
        );
    },
    /** Drops what is kept for `key`; its next request runs at once. */
    forget(key: K) {
      const handle = due.get(key);
      if (handle !== undefined) timers.clearTimeout(handle);
      due.delete(key);
      lastRun.delete(key);
    },
    close() {
      for (const handle of due.values()) timers.clearTimeout(handle);
      due.clear();
      lastRun.clear();
    },
  };
}
