// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { dispatchFor, liveTarget, RESET_TOAST, socketUrl } from "../../islands/realtime/LiveUpdates";
import { listen, type RefreshDetail } from "../../islands/signals";
import { dismissToast, subscribeToasts, type ToastItem, toast, UNDO_TOAST_MS } from "../../islands/toast";

/** How the island turns live messages into the window events the pages listen to. */
describe("live updates island", () => {
  it("follows the list page's list and shareId from the URL unless props say otherwise", () => {
    expect(liveTarget({}, { pathname: "/list/12", search: "?shareId=abc&parentId=3" })).toEqual({ listId: 12, shareId: "abc" });
    expect(liveTarget({}, { pathname: "/", search: "" })).toEqual({});
    expect(liveTarget({}, { pathname: "/shared-lists", search: "" })).toEqual({});
    expect(liveTarget({ listId: 5 }, { pathname: "/list/12", search: "" })).toEqual({ listId: 5 });
    expect(socketUrl({ protocol: "https:", host: "lists.example" })).toBe("wss://lists.example/ws");
    expect(socketUrl({ protocol: "http:", host: "localhost:3000" })).toBe("ws://localhost:3000/ws");
  });

  it("asks for a refresh on changes and share events, shows the reset toast, and announces version updates", () => {
    const target = new EventTarget();
    const refreshes: RefreshDetail[] = [];
    const versions: unknown[] = [];
    listen("listwell:version_update", (detail) => versions.push(detail), target);
    // Test files share one module state (isolate: false): a toast another file left up is not this test's.
    dismissToast();
    let shown: ToastItem | null = null;
    const stop = subscribeToasts((toast) => (shown = toast));

    for (const type of ["task_created", "tasks_reordered", "share_added", "connect"])
      dispatchFor({ type, timestamp: 1, listId: 3 }, (detail) => refreshes.push(detail), target);
    expect(refreshes).toEqual([
      { listId: 3, type: "task_created" },
      { listId: 3, type: "tasks_reordered" },
      { listId: 3, type: "share_added" },
      { listId: 3, type: "connect" },
    ]);
    expect(shown).toBeNull();
    dispatchFor({ type: "tasks_reset", timestamp: 1, listId: 3 }, (detail) => refreshes.push(detail), target);
    expect(shown).toMatchObject({ title: RESET_TOAST });
    expect(refreshes.at(-1)).toEqual({ listId: 3, type: "tasks_reset" });

    dispatchFor({ type: "pong", timestamp: 1 }, (detail) => refreshes.push(detail), target);
    dispatchFor(
      { type: "version_update", timestamp: 1, payload: { versionId: "v2", changes: ["Faster", 3] } },
      (detail) => refreshes.push(detail),
      target,
    );
    expect(versions).toEqual([{ versionId: "v2", changes: ["Faster"] }]);
    expect(refreshes).toHaveLength(5);
    stop();
  });

  it("keeps one's own reset's Undo when the reset's live echo arrives after it, and shows another's reset", () => {
    let shown: ToastItem | null = null;
    const stop = subscribeToasts((toast) => (shown = toast));
    const undo = { label: "Undo", onClick: () => {} };
    toast({ title: RESET_TOAST, action: undo, durationMs: UNDO_TOAST_MS });
    dispatchFor({ type: "tasks_reset", timestamp: 1, listId: 3 }, () => {}, new EventTarget());
    expect(shown).toMatchObject({ title: RESET_TOAST, action: undo });
    // Anything else still takes the place, and a reset after it shows again.
    toast({ title: "Item deleted" });
    dispatchFor({ type: "tasks_reset", timestamp: 1, listId: 3 }, () => {}, new EventTarget());
    expect(shown).toMatchObject({ title: RESET_TOAST });
    expect(shown).not.toHaveProperty("action");
    stop();
  });

  it("refreshes when the page's list refuses its subscription, not for other errors", () => {
    const refreshes: RefreshDetail[] = [];
    const target = new EventTarget();
    dispatchFor({ type: "error", timestamp: 1, message: "Invalid message" }, (detail) => refreshes.push(detail), target);
    expect(refreshes).toEqual([]);
    dispatchFor(
      { type: "error", timestamp: 1, message: "List not found", listId: 4, shareId: "old" },
      (detail) => refreshes.push(detail),
      target,
    );
    dispatchFor({ type: "error", timestamp: 1, message: "List not found", shareId: "old" }, (detail) => refreshes.push(detail), target);
    expect(refreshes).toEqual([{ listId: 4, type: "error" }, { type: "error" }]);
  });
});
