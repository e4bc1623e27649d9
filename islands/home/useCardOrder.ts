import { type KeyboardEvent, type RefObject, useCallback, useEffect, useRef } from "react";
import type { TaskList } from "../../src/shared/types";
import { client, errorMessage } from "../api";
import { moveItem, positionsOf } from "../order";
import { toast } from "../toast";
import { handleKeyMove, useSortable } from "../ui/useSortable";
import type { NEW_LIST_ID } from "./MyListsHeading";

/** What takes the focus once Home's cards re-render: a card's handle (its link when restored), or New List. */
export type CardFocus = { id: number; restored?: boolean } | typeof NEW_LIST_ID;

/** A background read follows a reorder after 2 seconds (docs/product-rules.md#on-the-page). */
const READ_AFTER_REORDER_MS = 2000;

export interface CardOrderOptions {
  lists: TaskList[];
  setLists: (lists: TaskList[]) => void;
  listRef: RefObject<HTMLUListElement | null>;
  enabled: boolean;
  /** Reads Home's lists again. */
  readAgain: () => void;
  /** The card whose handle takes the focus once the cards re-render. */
  focusAfter: RefObject<CardFocus | null>;
}

/**
 * Home's own cards in the person's order: a drag or an arrow key moves one at once, the order is
 * saved, rolled back and read again on failure, and read again 2 s after it was saved. A read
 * that overlaps a reorder (begun before it, or while it is being saved) may answer the old order:
 * `holds(mark)` says whether a read begun at `mark()` may still replace the cards.
 */
export function useCardOrder({ lists, setLists, listRef, enabled, readAgain, focusAfter }: CardOrderOptions) {
  const reordering = useRef({ generation: 0, inFlight: 0 });
  const readTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(readTimer.current), []);

  const reorder = useCallback(
    async (from: number, to: number) => {
      const before = lists;
      const after = moveItem(before, from, to).map((list, position) => ({ ...list, position }));
      const state = reordering.current;
      state.generation++;
      state.inFlight++;
      setLists(after);
      clearTimeout(readTimer.current);
      const failure = await client["task-lists"].reorder.$post({ json: positionsOf(after) }).then(
        () => null,
        (error: unknown) => error,
      );
      state.inFlight--;
      state.generation++;
      if (failure === null) {
        readTimer.current = setTimeout(readAgain, READ_AFTER_REORDER_MS);
        return;
      }
      setLists(before);
      toast({ title: errorMessage(failure, "Failed to reorder lists"), variant: "destructive" });
      readAgain();
    },
    [lists, setLists, readAgain],
  );
  useSortable(listRef, { enabled, onMove: reorder });

  const onKeyMove = (event: KeyboardEvent, index: number) =>
    handleKeyMove(event, index, lists.length, (from, to) => {
      focusAfter.current = { id: lists[from]!.id };
      void reorder(from, to);
    });
  return {
    onKeyMove,
    mark: () => reordering.current.generation,
    holds: (mark: number) => mark === reordering.current.generation && reordering.current.inFlight === 0,
  };
}
