import type { KeyboardEvent, RefObject } from "react";
import type { Task } from "../../src/shared/types";
import { errorMessage } from "../api";
import { toast } from "../toast";
import { useSortable } from "../ui/useSortable";
import { reorderGroup } from "./logic";
import { type Landing, stepLanding } from "./sections";
import type { ListStore } from "./store";
import { landingOf, type useSections } from "./useSections";

export interface RowMovesOptions {
  rowsRef: RefObject<HTMLUListElement | null>;
  /** The view's items by position, hidden ones too: a move hands their positions out again. */
  group: Task[];
  /** The rows as shown, in order. */
  rows: Task[];
  /** Rows may move: a writer, in the list's own order. */
  enabled: boolean;
  sectioned: ReturnType<typeof useSections>;
  store: ListStore;
  read: () => Promise<void>;
  /** Where keyboard focus goes once the rows re-render. */
  focusNext: RefObject<string | null>;
}

/**
 * Every way a row moves, through one place: a drag (docs/decisions/044-first-touch-drag.md), an arrow key on
 * its handle, and the row menu's Move up and Move down. Among sections a move may land in the
 * next group, which changes the item's section too (docs/decisions/060-sections-browser.md).
 */
export function useRowMoves({ rowsRef, group, rows, enabled, sectioned, store, read, focusNext }: RowMovesOptions) {
  const { layout } = sectioned;

  async function reorder(from: number, to: number) {
    const items = reorderGroup(group, rows, from, to).map(({ id, position }) => ({ id, position }));
    try {
      await store.apply({ kind: "reorder", items }, "The new order");
    } catch (error) {
      toast({ title: "Failed to reorder tasks", description: errorMessage(error, "Failed to reorder items"), variant: "destructive" });
      // The order refused may have been made on a stale view: the server's is read.
      void read();
    }
  }
  const land = (from: number, to: number, landing: Landing | null | undefined) =>
    void (landing ? sectioned.placeItem(rows[from]!, landing) : reorder(from, to));

  const canDrag = enabled && rows.length > (layout ? 0 : 1);
  useSortable<Landing | null>(rowsRef, {
    enabled: canDrag,
    between: layout ? ".section-heading" : undefined,
    landingOf: layout ? landingOf : undefined,
    onMove: land,
  });

  /** Where a row a step up or down goes: among the sections' groups (null: nowhere), or undefined for a plain move among the rows. */
  const stepOf = (index: number, by: -1 | 1) =>
    layout && index < layout.rows.length ? stepLanding(layout.groups, rows[index]!.id, by) : undefined;
  /** A move by the keyboard or the row menu: focus stays on the moved row's handle. */
  const move = (index: number, by: -1 | 1) => {
    const landing = stepOf(index, by);
    const to = index + by;
    if (landing === null || (landing === undefined && (to < 0 || to >= rows.length))) return;
    focusNext.current = `[data-handle-id="${rows[index]!.id}"]`;
    land(index, to, landing);
  };
  const onKeyMove = (event: KeyboardEvent, index: number) => {
    const by = event.key === "ArrowUp" ? -1 : event.key === "ArrowDown" ? 1 : 0;
    if (!by) return;
    event.preventDefault();
    move(index, by);
  };
  const movesOf = (index: number) => {
    const [up, down] = [stepOf(index, -1), stepOf(index, 1)];
    return { up: up === undefined ? index > 0 : up !== null, down: down === undefined ? index < rows.length - 1 : down !== null };
  };
  return { canDrag, move, onKeyMove, movesOf };
}
