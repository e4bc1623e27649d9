// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { emit, listen, type RefreshDetail } from "../../islands/signals";

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
});
