// @vitest-environment happy-dom
import { act, useRef, useState } from "react";
import { renderToString } from "react-dom/server";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LIST_SHORTCUTS, shortcutsFor } from "../../islands/list/shortcuts";
import { ShortcutsHelp, useListShortcuts, type ShortcutHandlers } from "../../islands/list/useListShortcuts";
import { useRovingRows } from "../../islands/list/useRovingRows";
import type { Task } from "../../src/shared/types";
import { InfoGuide } from "../../views/settings/InfoGuide";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let root: Root;
beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const task = (id: number, title: string): Task => ({ id, title }) as Task;

/** Rows shaped like ItemRow's: drag handle, tick box, title, Edit, Delete (read-only: title only). */
function Rows({
  titles,
  readOnly = false,
  canTick = !readOnly,
  handlers,
  onTitle,
  parents = [],
}: {
  titles: string[];
  /** Titles of parent items, whose title is a button that opens them. */
  parents?: string[];
  readOnly?: boolean;
  /** A tick-only viewer (level `check`): read-only, yet may tick. */
  canTick?: boolean;
  handlers?: Partial<ShortcutHandlers>;
  /** Titles edited in place (islands/list/InlineTitle.tsx): a button that reports its clicks here. */
  onTitle?: (title: string) => void;
}) {
  const ref = useRef<HTMLUListElement>(null);
  const [moved, setMoved] = useState(0);
  useRovingRows(ref);
  const tasks = titles.map((title, i) => task(i + 1, title));
  const help = useListShortcuts(ref, { readOnly, canTick, tasks, onNew() {}, onToggle() {}, onEdit() {}, onDelete() {}, ...handlers });
  return (
    <>
      <input aria-label="Add an item" />
      <ul className="items" ref={ref} data-moved={moved}>
        {tasks.map((t) => (
          <li key={t.id} className="item" data-task-id={t.id}>
            {!readOnly && (
              <button
                type="button"
                className="icon-button drag-handle"
                aria-label={`Reorder ${t.title}`}
                onKeyDown={(event) => event.key === "ArrowDown" && setMoved((n) => n + 1)}
              />
            )}
            <button type="button" className="item__check" aria-label={`Mark ${t.title}`} disabled={!canTick} />
            {parents.includes(t.title) ? (
              <button type="button" className="item__title item__title--parent">
                {t.title}
              </button>
            ) : onTitle ? (
              <button type="button" className="item__title item__title--editable" onClick={() => onTitle(t.title)}>
                {t.title}
              </button>
            ) : (
              <span className="item__title">{t.title}</span>
            )}
            {!readOnly && (
              <>
                <button type="button" className="icon-button" title="Edit" aria-label={`Edit ${t.title}`} />
                <button type="button" className="icon-button icon-button--danger" title="Delete" aria-label={`Delete ${t.title}`} />
              </>
            )}
          </li>
        ))}
      </ul>
      <ShortcutsHelp open={help.helpOpen} readOnly={readOnly} canTick={canTick} onClose={help.closeHelp} />
    </>
  );
}

const tabStops = () => [...container.querySelectorAll<HTMLElement>(".items li, .items button")].filter((el) => el.tabIndex === 0);
const labelOf = (el: Element | null) => el?.getAttribute("aria-label") ?? el?.textContent ?? "";
const focused = () => labelOf(document.activeElement);
const press = (key: string, init: KeyboardEventInit = {}) => {
  const event = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, ...init });
  act(() => {
    (document.activeElement ?? document.body).dispatchEvent(event);
  });
  return event;
};
const byLabel = (label: string) => container.querySelector<HTMLElement>(`[aria-label="${label}"]`)!;

describe("roving tabindex over the rows", () => {
  it("keeps one Tab stop in the list, on the first item's tick box at the start", () => {
    act(() => root.render(<Rows titles={["Milk", "Bread", "Eggs"]} />));
    expect(tabStops().map(labelOf)).toEqual(["Mark Milk"]);
  });

  it("moves between items with ↑ ↓ Home End, keeping to the same button, and between buttons with ← →", () => {
    act(() => root.render(<Rows titles={["Milk", "Bread", "Eggs"]} />));
    act(() => byLabel("Mark Milk").focus());
    expect(press("ArrowDown").defaultPrevented).toBe(true);
    expect(focused()).toBe("Mark Bread");
    press("ArrowRight");
    expect(focused()).toBe("Edit Bread");
    press("ArrowDown");
    expect(focused()).toBe("Edit Eggs");
    press("ArrowDown");
    expect(focused()).toBe("Edit Eggs");
    press("Home");
    expect(focused()).toBe("Edit Milk");
    press("End");
    expect(focused()).toBe("Edit Eggs");
    press("ArrowRight");
    press("ArrowRight");
    expect(focused()).toBe("Delete Eggs");
    press("ArrowLeft");
    press("ArrowLeft");
    press("ArrowLeft");
    expect(focused()).toBe("Reorder Eggs");
    // The Tab stop follows, so Tab comes back to where the person was.
    expect(tabStops().map(labelOf)).toEqual(["Reorder Eggs"]);
  });

  it("keeps to the title from a plain item's to a parent's and back, though they are different buttons", () => {
    act(() => root.render(<Rows titles={["Milk", "Bread", "Eggs"]} parents={["Bread"]} onTitle={() => {}} />));
    act(() => [...container.querySelectorAll<HTMLElement>(".item__title")][0]!.focus());
    press("ArrowDown");
    expect(document.activeElement?.className).toBe("item__title item__title--parent");
    press("ArrowDown");
    expect(focused()).toBe("Eggs");
  });

  it("leaves ↑ ↓ on a drag handle to the handle's own reorder, and keys with Alt, Ctrl or Shift to the browser", () => {
    act(() => root.render(<Rows titles={["Milk", "Bread"]} />));
    act(() => byLabel("Reorder Milk").focus());
    press("ArrowDown");
    expect(container.querySelector("ul")!.dataset.moved).toBe("1");
    expect(focused()).toBe("Reorder Milk");
    // Positive control for the two below: a plain ↓ on the tick box moves on.
    act(() => byLabel("Mark Milk").focus());
    expect(press("ArrowDown").defaultPrevented).toBe(true);
    act(() => byLabel("Mark Milk").focus());
    expect(press("ArrowDown", { altKey: true }).defaultPrevented).toBe(false);
    expect(press("ArrowLeft", { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(focused()).toBe("Mark Milk");
  });

  it("gives rows added later no Tab stop of their own", () => {
    act(() => root.render(<Rows titles={["Milk", "Bread"]} />));
    act(() => byLabel("Mark Bread").focus());
    act(() => root.render(<Rows titles={["Milk", "Bread", "Eggs"]} />));
    expect(byLabel("Mark Eggs").tabIndex).toBe(-1);
    expect(tabStops().map(labelOf)).toEqual(["Mark Bread"]);
  });

  it("hands focus to the next item when the focused one goes away (deleted, or hidden once ticked)", async () => {
    act(() => root.render(<RowsByTask tasks={[task(1, "Milk"), task(2, "Eggs"), task(3, "Jam")]} />));
    act(() => byLabel("Mark Eggs").focus());
    act(() => root.render(<RowsByTask tasks={[task(1, "Milk"), task(3, "Jam")]} />));
    await act(async () => {});
    expect(focused()).toBe("Mark Jam");
    expect(tabStops().map(labelOf)).toEqual(["Mark Jam"]);
  });

  it("leaves focus alone after a press elsewhere on the page, when the row it left goes away", async () => {
    act(() => root.render(<RowsByTask tasks={[task(1, "Milk"), task(2, "Eggs"), task(3, "Jam")]} />));
    act(() => byLabel("Mark Eggs").focus());
    document.body.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
    act(() => root.render(<RowsByTask tasks={[task(1, "Milk"), task(3, "Jam")]} />));
    await act(async () => {});
    expect(document.activeElement).toBe(document.body);
    expect(tabStops().map(labelOf)).toEqual(["Mark Jam"]);
  });

  it("makes a row with no usable button focusable itself, so a read-only viewer reaches every item", () => {
    act(() => root.render(<Rows titles={["Milk", "Bread"]} readOnly />));
    const rows = [...container.querySelectorAll("li")];
    expect(rows.map((row) => row.tabIndex)).toEqual([0, -1]);
    act(() => rows[0]!.focus());
    press("ArrowDown");
    expect(document.activeElement).toBe(rows[1]);
  });
});

/** The same rows keyed by real ids, for a row leaving the middle of the list. */
function RowsByTask({ tasks }: { tasks: Task[] }) {
  const ref = useRef<HTMLUListElement>(null);
  useRovingRows(ref);
  return (
    <ul className="items" ref={ref}>
      {tasks.map((t) => (
        <li key={t.id} className="item" data-task-id={t.id}>
          <button type="button" className="item__check" aria-label={`Mark ${t.title}`} />
        </li>
      ))}
    </ul>
  );
}

describe("list shortcuts", () => {
  it("ticks, edits and deletes the focused item, opens a new item and goes to 'Add an item'", () => {
    const calls: string[] = [];
    const handlers: Partial<ShortcutHandlers> = {
      onNew: () => calls.push("new"),
      onToggle: (t) => calls.push(`toggle ${t.title}`),
      onEdit: (t) => calls.push(`edit ${t.title}`),
      onDelete: (t) => calls.push(`delete ${t.title}`),
    };
    act(() => root.render(<Rows titles={["Milk", "Bread"]} handlers={handlers} />));
    act(() => byLabel("Edit Bread").focus());
    for (const key of ["x", "e", "Delete", "n"]) expect(press(key).defaultPrevented).toBe(true);
    expect(calls).toEqual(["toggle Bread", "edit Bread", "delete Bread", "new"]);
    expect(press("/").defaultPrevented).toBe(true);
    expect(focused()).toBe("Add an item");
  });

  it("edits a title in place where the item offers it, else through the sheet", () => {
    const calls: string[] = [];
    act(() =>
      root.render(
        <Rows titles={["Milk"]} handlers={{ onEdit: (t) => calls.push(`sheet ${t.title}`) }} onTitle={(t) => calls.push(`inline ${t}`)} />,
      ),
    );
    act(() => byLabel("Mark Milk").focus());
    press("e");
    expect(calls).toEqual(["inline Milk"]);
  });

  it("stays out of the way while typing, with a dialog open, with Ctrl held, and away from a row", () => {
    const calls: string[] = [];
    const handlers: Partial<ShortcutHandlers> = { onToggle: (t) => calls.push(t.title), onNew: () => calls.push("new") };
    act(() => root.render(<Rows titles={["Milk"]} handlers={handlers} />));
    act(() => byLabel("Add an item").focus());
    press("n");
    press("x");
    act(() => byLabel("Mark Milk").focus());
    press("x", { ctrlKey: true });
    press("n", { metaKey: true });
    const dialog = document.createElement("dialog");
    dialog.setAttribute("open", "");
    document.body.append(dialog);
    press("x");
    dialog.remove();
    expect(calls).toEqual([]);
    act(() => (document.activeElement as HTMLElement).blur());
    expect(press("x").defaultPrevented).toBe(false);
    // Positive control: the same key on the row does tick it.
    act(() => byLabel("Mark Milk").focus());
    press("x");
    expect(calls).toEqual(["Milk"]);
  });

  it("gives a read-only viewer only `?`, whose dialog lists what works for them", async () => {
    const calls: string[] = [];
    const handlers: Partial<ShortcutHandlers> = { onNew: () => calls.push("new"), onToggle: () => calls.push("toggle") };
    act(() => root.render(<Rows titles={["Milk"]} readOnly handlers={handlers} />));
    act(() => container.querySelector("li")!.focus());
    for (const key of ["n", "x", "e", "Delete", "/"]) expect(press(key).defaultPrevented).toBe(false);
    expect(calls).toEqual([]);
    press("?", { shiftKey: true });
    // The dialog's code arrives by import() (the list page's script budget): let it land.
    await act(() => import("../../islands/list/ShortcutsDialog"));
    expect(document.querySelector("dialog[open]")?.textContent).toContain("Keyboard shortcuts");
    const text = document.querySelector("dialog[open]")!.textContent!;
    expect(text).toContain("Move to the previous or next item");
    expect(text).toContain("Show these shortcuts");
    expect(text).not.toContain("Tick or untick the focused item");
    act(() =>
      [...document.querySelectorAll("dialog button")]
        .find((b) => b.textContent === "Close")!
        .dispatchEvent(new MouseEvent("click", { bubbles: true })),
    );
    expect(document.querySelector("dialog[open]")).toBeNull();
  });

  it("lets a tick-only viewer (level check) tick with `x`, and nothing else, and lists `x` for them", async () => {
    const calls: string[] = [];
    const handlers: Partial<ShortcutHandlers> = {
      onNew: () => calls.push("new"),
      onToggle: (t) => calls.push(`toggle ${t.title}`),
      onEdit: () => calls.push("edit"),
      onDelete: () => calls.push("delete"),
    };
    act(() => root.render(<Rows titles={["Milk"]} readOnly canTick handlers={handlers} />));
    act(() => byLabel("Mark Milk").focus());
    for (const key of ["n", "e", "Delete", "/"]) expect(press(key).defaultPrevented).toBe(false);
    expect(press("x").defaultPrevented).toBe(true);
    expect(calls).toEqual(["toggle Milk"]);
    press("?", { shiftKey: true });
    await act(() => import("../../islands/list/ShortcutsDialog"));
    const text = document.querySelector("dialog[open]")!.textContent!;
    expect(text).toContain("Tick or untick the focused item");
    expect(text).not.toContain("New item");
  });
});

describe("one list of shortcuts for the dialog and the guide", () => {
  it("lists every shortcut for a writer, navigation, search and `?` for a read-only viewer, and no search for a link guest", () => {
    expect(shortcutsFor(false)).toEqual(LIST_SHORTCUTS);
    expect(shortcutsFor(true).map((s) => s.keys.join(" "))).toEqual(["↑ ↓", "Home End", "← →", "s", "?"]);
    expect(shortcutsFor(true, true).map((s) => s.keys.join(" "))).toEqual(["↑ ↓", "Home End", "← →", "x", "s", "?"]);
    expect(shortcutsFor(true, true, false).map((s) => s.keys.join(" "))).toEqual(["↑ ↓", "Home End", "← →", "x", "?"]);
    for (const key of ["n", "/", "x", "e", "Delete", "?"]) expect(LIST_SHORTCUTS.some((s) => s.action && s.keys[0] === key)).toBe(true);
  });

  it("shows them in the guide on the Info tab", () => {
    const html = renderToString(<InfoGuide />);
    expect(html).toContain("Keyboard shortcuts");
    for (const shortcut of LIST_SHORTCUTS) expect(html).toContain(shortcut.does.replaceAll("'", "&#x27;"));
  });
});
