// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { emit, follow, listen, type RefreshDetail, type RoutineDetail } from "../../islands/signals";

/** Signals between islands travel as window events under their one name, each with its detail. */
describe("signals between islands", () => {
  it("hands each listener its signal's detail until it stops listening, and nothing of other signals", () => {
    const refreshes: RefreshDetail[] = [];
    const versions: string[] = [];
    const stopRefresh = listen("listwell:refresh", (detail) => refreshes.push(detail));
    const stopVersion = listen("listwell:version_update", (detail) => versions.push(detail.versionId));

    emit("listwell:refresh", { type: "task_created", listId: 4 });
    emit("listwell:version_update", { versionId: "v2", changes: [] });
    expect(refreshes).toEqual([{ type: "task_created", listId: 4 }]);
    expect(versions).toEqual(["v2"]);

    // The same names on window: an island that still dispatches by hand is heard too.
    window.dispatchEvent(new CustomEvent("listwell:refresh", { detail: { type: "connect", eventId: 9 } }));
    expect(refreshes.at(-1)).toEqual({ type: "connect", eventId: 9 });

    stopRefresh();
    emit("listwell:refresh", { type: "resync" });
    expect(refreshes).toHaveLength(2);
    stopVersion();
  });

  it("hands an island that follows a signal the last one sent before it hydrated, then each new one", () => {
    const waiting: RoutineDetail = { listId: 3, routine: { rrule: "FREQ=DAILY", tz: "UTC", nextRunAt: null }, words: "Every day at 00:00" };
    emit("listwell:routine", waiting);
    const heard: RoutineDetail[] = [];
    const stop = follow("listwell:routine", (detail) => heard.push(detail));
    expect(heard).toEqual([waiting]);
    emit("listwell:routine", { listId: 3, routine: null, words: null });
    expect(heard.at(-1)).toEqual({ listId: 3, routine: null, words: null });
    stop();
    // Positive control above; after stopping, nothing more.
    emit("listwell:routine", waiting);
    expect(heard).toHaveLength(2);
    // `listen` alone hears only what comes after it.
    const later: RoutineDetail[] = [];
    const stopLater = listen("listwell:routine", (detail) => later.push(detail));
    expect(later).toEqual([]);
    stopLater();
  });
});
