/**
 * @module A finger's shortcuts on a list row (docs/decisions/045-phone-rows.md): a swipe right or
 * left past a third of the row, and a press held still. Only touch counts; a mouse and a keyboard
 * use the row's buttons. The row follows the finger by its own style, not by a render per move.
 */
import { type MouseEvent, type PointerEvent, useRef } from "react";

/** How long a finger rests before it counts as a long press, as phones time their own. */
const LONG_PRESS_MS = 500;
/** Movement a resting finger may make before it is a swipe or a scroll. */
const SLOP = 10;

interface Gestures {
  onSwipeRight?: () => void;
  onSwipeLeft?: () => void;
  onLongPress: () => void;
}

interface Press {
  x: number;
  y: number;
  dx: number;
  mode: "resting" | "swiping" | "done";
  timer: ReturnType<typeof setTimeout>;
}

/** Where a swipe ends to count: a third of the row's width, so a slanted scroll does not. */
const reach = (row: HTMLElement) => row.offsetWidth / 3;

function follow(row: HTMLElement, dx: number, gestures: Gestures) {
  const allowed = dx > 0 ? gestures.onSwipeRight : gestures.onSwipeLeft;
  const shown = allowed ? dx : 0;
  row.style.translate = `${shown}px`;
  row.dataset.swipe = Math.abs(shown) < reach(row) ? "" : shown > 0 ? "tick" : "delete";
}

function letGo(row: HTMLElement) {
  row.style.removeProperty("translate");
  delete row.dataset.swipe;
}

/** The row's pointer handlers: spread them onto its <li>. */
export function useRowGestures(gestures: Gestures) {
  const press = useRef<Press | null>(null);
  const latest = useRef(gestures);
  latest.current = gestures;
  /** A press that became a long press or a swipe: the click its lifting makes is not a tap. */
  const swallowClick = useRef(false);

  const end = (row: HTMLElement) => {
    if (press.current) clearTimeout(press.current.timer);
    press.current = null;
    letGo(row);
  };

  return {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      swallowClick.current = false;
      if (event.pointerType !== "touch" || (event.target as Element).closest(".drag-handle, [role='menu'], input, textarea")) return;
      const row = event.currentTarget;
      const timer = setTimeout(() => {
        if (press.current?.mode !== "resting") return;
        press.current.mode = "done";
        swallowClick.current = true;
        latest.current.onLongPress();
      }, LONG_PRESS_MS);
      press.current = { x: event.clientX, y: event.clientY, dx: 0, mode: "resting", timer };
      row.style.removeProperty("translate");
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const at = press.current;
      if (!at || at.mode === "done") return;
      const dx = event.clientX - at.x;
      const dy = event.clientY - at.y;
      if (at.mode === "resting") {
        if (Math.abs(dx) < SLOP && Math.abs(dy) < SLOP) return;
        clearTimeout(at.timer);
        // Mostly down or up: the page scrolls, the row stays.
        if (Math.abs(dy) >= Math.abs(dx)) {
          at.mode = "done";
          return;
        }
        at.mode = "swiping";
        event.currentTarget.setPointerCapture(event.pointerId);
      }
      at.dx = dx;
      follow(event.currentTarget, dx, latest.current);
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      const at = press.current;
      const row = event.currentTarget;
      const far = at?.mode === "swiping" && Math.abs(at.dx) >= reach(row);
      if (at?.mode === "swiping") swallowClick.current = true;
      end(row);
      if (far) (at.dx > 0 ? latest.current.onSwipeRight : latest.current.onSwipeLeft)?.();
    },
    onPointerCancel(event: PointerEvent<HTMLElement>) {
      end(event.currentTarget);
    },
    onClickCapture(event: MouseEvent<HTMLElement>) {
      if (!swallowClick.current) return;
      swallowClick.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
    /** A phone's own long-press menu (copy, select) would cover the row's. */
    onContextMenu(event: MouseEvent<HTMLElement>) {
      if (press.current || swallowClick.current) event.preventDefault();
    },
  };
}
