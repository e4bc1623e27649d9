import type { Timers } from "../../src/shared/timers";

/** Timers that stand still until the test moves them: `advance` runs what falls due, in order. */
export interface ManualTimers extends Timers {
  advance(ms: number): void;
}

export function createManualTimers(start = Date.now()): ManualTimers {
  let now = start;
  let nextId = 0;
  const due = new Map<number, { at: number; run: () => void }>();
  return {
    now: () => now,
    setTimeout(run, ms) {
      const id = ++nextId;
      due.set(id, { at: now + ms, run });
      return id;
    },
    clearTimeout(handle) {
      due.delete(handle as number);
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const [id, next] = [...due].filter(([, timer]) => timer.at <= until).sort(([, a], [, b]) => a.at - b.at)[0] ?? [];
        if (id === undefined || !next) break;
        due.delete(id);
        now = next.at;
        next.run();
      }
      now = until;
    },
  };
}
