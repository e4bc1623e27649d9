// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import CompletedToggle from "../../islands/list/CompletedToggle";
import ListMenu from "../../islands/list/ListMenu";
import { setCompletedLast, setHasCompleted, setShowCompleted, subscribePrefs } from "../../islands/list/prefs";
import { ConfirmDialog } from "../../islands/ui/ConfirmDialog";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let root: Root;
beforeEach(() => {
  localStorage.clear();
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const button = (text: string) => [...container.querySelectorAll("button")].find((b) => b.textContent?.includes(text));

describe("show/hide completed", () => {
  it("appears only while an item is completed and remembers the choice in localStorage", () => {
    act(() => root.render(<CompletedToggle hasCompleted={false} />));
    expect(button("completed")).toBeUndefined();
    act(() => setHasCompleted(true));
    act(() => button("Hide completed")!.click());
    expect(localStorage.getItem("showCompleted")).toBe("false");
    expect(button("Show completed")).toBeDefined();

    // Another island reading the preference sees the stored value.
    let seen: boolean | undefined;
    const stop = subscribePrefs((prefs) => (seen = prefs.showCompleted));
    expect(seen).toBe(false);
    act(() => setShowCompleted(true));
    expect(seen).toBe(true);
    expect(button("Hide completed")).toBeDefined();
    stop();
  });
});

describe("completed at the bottom", () => {
  it("is a checked entry of More actions, remembers the choice, and goes while completed items are hidden", async () => {
    act(() =>
      root.render(<ListMenu listId={1} shareId={null} signedIn routine={null} can={{ edit: true, setRoutine: true, beTold: true }} />),
    );
    const option = () => container.querySelector<HTMLButtonElement>('[role="menuitemcheckbox"]');
    // The entries' code loads on the first tap.
    const open = async () => {
      act(() => button("More")!.click());
      await vi.waitFor(() => expect(container.querySelector('[role="menu"]')).not.toBeNull());
    };
    await open();
    expect(option()?.textContent).toBe("Completed at bottom");
    expect(option()?.getAttribute("aria-checked")).toBe("false");
    let seen: boolean | undefined;
    const stop = subscribePrefs((prefs) => (seen = prefs.completedLast));
    act(() => option()!.click());
    expect(localStorage.getItem("completedLast")).toBe("true");
    expect(seen).toBe(true);
    // Chosen, the menu closes; opened again, the entry is checked.
    expect(option()).toBeNull();
    await open();
    expect(option()?.getAttribute("aria-checked")).toBe("true");
    act(() => setShowCompleted(false));
    expect(option()).toBeNull();
    act(() => setShowCompleted(true));
    act(() => setCompletedLast(false));
    expect(localStorage.getItem("completedLast")).toBe("false");
    stop();
  });
});

describe("ConfirmDialog", () => {
  it("shows the spec's texts while open and reports the choice", () => {
    const calls: string[] = [];
    const render = (open: boolean) =>
      act(() =>
        root.render(
          <ConfirmDialog
            open={open}
            title="Reset all items to uncompleted?"
            description="This will mark all completed tasks as uncompleted. This action cannot be undone."
            confirmLabel="Reset"
            onConfirm={() => calls.push("confirm")}
            onCancel={() => calls.push("cancel")}
          />,
        ),
      );
    render(false);
    expect(container.textContent).toBe("");
    render(true);
    expect(container.querySelector("dialog")?.hasAttribute("open")).toBe(true);
    expect(container.textContent).toContain("This action cannot be undone.");
    act(() => button("Reset")!.click());
    act(() => button("Cancel")!.click());
    expect(calls).toEqual(["confirm", "cancel"]);
  });
});
