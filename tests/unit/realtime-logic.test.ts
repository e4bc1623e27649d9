import { afterEach, describe, expect, it, vi } from "vitest";
import { jitteredDelay } from "../../islands/realtime/backoff";
import { createRefreshScheduler } from "../../islands/realtime/debounce";
import { createDeduper } from "../../islands/realtime/dedupe";
import { normalizeMessage, parseLiveMessage } from "../../src/shared/realtime";

/** The pure parts of the realtime client: reconnect delays, dedupe, normalisation and debounce (docs/product-rules.md#live-updates). */
describe("reconnect delays", () => {
  it("grows by 1.5 from 1 s to at most 30 s, with 20 % jitter", () => {
    expect([1, 2, 3].map((attempt) => jitteredDelay(attempt, () => 0.5))).toEqual([1000, 1500, 2250]);
    expect(jitteredDelay(2, () => 0)).toBe(1200);
    expect(jitteredDelay(2, () => 1)).toBe(1800);
    expect(jitteredDelay(30, () => 1)).toBe(36000);
    for (let i = 0; i < 200; i++) {
      const delay = jitteredDelay(3);
      expect(delay).toBeGreaterThanOrEqual(1800);
      expect(delay).toBeLessThanOrEqual(2700);
    }
  });
});

describe("dedupe", () => {
  it("ignores a message id seen among the last 100, and forgets older ones", () => {
    const deduper = createDeduper();
    expect(deduper.isDuplicate("a")).toBe(false);
    expect(deduper.isDuplicate("a")).toBe(true);
    for (let i = 0; i < 99; i++) deduper.isDuplicate(`m${i}`);
    expect(deduper.isDuplicate("a")).toBe(true);
    deduper.isDuplicate("one-more");
    deduper.isDuplicate("and-another");
    // 101 and 102 ids later, "a" and "m0" are forgotten; the rest are still known.
    expect(deduper.isDuplicate("m1")).toBe(true);
    expect(deduper.isDuplicate("m0")).toBe(false);
    expect(deduper.isDuplicate(undefined)).toBe(false);
    expect(deduper.isDuplicate(undefined)).toBe(false);
  });

  it("forgets the oldest first", () => {
    const deduper = createDeduper(2);
    deduper.isDuplicate("a");
    deduper.isDuplicate("b");
    deduper.isDuplicate("c");
    expect(deduper.isDuplicate("a")).toBe(false);
    expect(deduper.isDuplicate("c")).toBe(true);
  });
});

describe("message normalisation", () => {
  it("takes message_type for type and lowercases it", () => {
    expect(normalizeMessage({ message_type: "TASK_CREATED", timestamp: 5, listId: 3 })).toEqual({
      type: "task_created",
      timestamp: 5,
      listId: 3,
    });
    expect(normalizeMessage({ type: "Tasks_Reset", message_type: "ignored", timestamp: 1 })).toEqual({ type: "tasks_reset", timestamp: 1 });
  });

  it("rejects what is not a typed object, and stamps a missing timestamp", () => {
    for (const raw of [null, 3, "x", [], {}, { type: "" }, { type: 4 }]) expect(normalizeMessage(raw)).toBeUndefined();
    expect(normalizeMessage({ type: "pong" })?.timestamp).toEqual(expect.any(Number));
    expect(parseLiveMessage("{not json")).toBeUndefined();
    expect(parseLiveMessage('{"message_type":"PONG","timestamp":1}')).toEqual({ type: "pong", timestamp: 1 });
  });
});

describe("refresh debounce", () => {
  afterEach(() => vi.useRealTimers());

  it("refreshes at once for a lone event and folds a burst into one more refresh after 300 ms of quiet", () => {
    vi.useFakeTimers();
    const runs: number[] = [];
    const scheduler = createRefreshScheduler<number>((value) => runs.push(value));
    scheduler.schedule(1);
    expect(runs).toEqual([1]);
    scheduler.schedule(2);
    vi.advanceTimersByTime(200);
    scheduler.schedule(3);
    vi.advanceTimersByTime(200);
    scheduler.schedule(4);
    expect(runs).toEqual([1]);
    vi.advanceTimersByTime(300);
    expect(runs).toEqual([1, 4]);
    vi.advanceTimersByTime(1000);
    expect(runs).toEqual([1, 4]);
    scheduler.schedule(5);
    expect(runs).toEqual([1, 4, 5]);
    scheduler.schedule(6);
    scheduler.cancel();
    vi.advanceTimersByTime(1000);
    expect(runs).toEqual([1, 4, 5]);
  });
});
