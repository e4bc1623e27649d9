import { useEffect, useRef, useState, type PointerEvent } from "react";
import { createPortal } from "react-dom";
import { Icon } from "./ui/Icon";
import type { PlainToast } from "../src/shared/toast";
import { dismissToast, subscribeToasts, takeFlashedToast, toast, TOAST_DURATION_MS, type ToastItem } from "./toast";

const SWIPE_DISMISS_PX = 50;

/**
 * An open modal <dialog> makes everything outside it inert, so a toast raised while one is open
 * is drawn inside it, where it can still be read, clicked and dismissed.
 */
const topModal = () => [...document.querySelectorAll("dialog")].reverse().find((dialog) => dialog.matches(":modal")) ?? null;

/**
 * The one visible toast (docs/product-rules.md#on-the-page): 5 s, swipe or ✕ to dismiss, F8 focuses the region.
 * `initial` is a toast the server wants shown as the page opens (a dead share link's 404).
 */
export default function Toaster({ initial }: { initial?: PlainToast }) {
  const [item, setItem] = useState<ToastItem | null>(null);
  const region = useRef<HTMLDivElement>(null);
  const swipeStart = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);
  const [host, setHost] = useState<HTMLDialogElement | null>(null);

  useEffect(() => {
    const unsubscribe = subscribeToasts(setItem);
    const flashed = takeFlashedToast() ?? initial;
    if (flashed) toast(flashed);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "F8") {
        event.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => {
      unsubscribe();
      window.removeEventListener("keydown", onKey);
    };
  }, []);

  useEffect(() => {
    setHost(item ? topModal() : null);
    if (!item) return;
    setOffset(0);
    const timer = setTimeout(() => dismissToast(item.id), item.durationMs ?? TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [item]);

  useEffect(() => {
    if (!host) return;
    // The dialog closing while the toast shows would hide it with the dialog: move it back out.
    const release = () => setHost(null);
    // It may have closed before this listener came: a confirmation closes as its action's toast shows.
    if (!host.open) return release();
    host.addEventListener("close", release);
    return () => host.removeEventListener("close", release);
  }, [host]);

  const onPointerDown = (event: PointerEvent) => (swipeStart.current = event.clientX);
  const onPointerMove = (event: PointerEvent) => {
    if (swipeStart.current !== null) setOffset(Math.max(0, event.clientX - swipeStart.current));
  };
  const onPointerUp = () => {
    if (item && offset > SWIPE_DISMISS_PX) dismissToast(item.id);
    else setOffset(0);
    swipeStart.current = null;
  };

  const toaster = (
    <section aria-label="Notifications (F8)" className="toaster">
      <div ref={region} tabIndex={-1} className="toaster__list">
        {item && (
          <div
            key={item.id}
            role="status"
            aria-live="polite"
            className={`toast toast--${item.variant ?? "default"}${item.quiet ? " toast--quiet" : ""}`}
            style={offset ? { transform: `translateX(${offset}px)`, opacity: 1 - offset / 200 } : undefined}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
          >
            <div className="toast__body">
              <div className="toast__title">{item.title}</div>
              {item.description && <div className="toast__description">{item.description}</div>}
            </div>
            {item.action && (
              <button
                type="button"
                className="button button--outline button--small"
                onClick={() => {
                  item.action?.onClick();
                  dismissToast(item.id);
                }}
              >
                {item.action.label}
              </button>
            )}
            <button type="button" className="icon-button toast__close" aria-label="Close" onClick={() => dismissToast(item.id)}>
              <Icon name="close" size={16} />
            </button>
          </div>
        )}
      </div>
    </section>
  );
  return host?.isConnected && host.open ? createPortal(toaster, host) : toaster;
}
