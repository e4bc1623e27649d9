import { useEffect, useRef } from "react";

/**
 * A control that disables itself while its action runs (a button pressed by key) drops the focus
 * to the page's body. `hold()`, called as the action starts, remembers what had the focus; once
 * `pending` ends the focus goes back there, if nothing else took it meanwhile. When that control is
 * still disabled (Update, with the code now saved) the focus goes to the first field of its form,
 * and when it is gone (Try again, replaced by what it loaded) to `instead()`.
 */
export function useFocusKept(pending: boolean, instead?: () => HTMLElement | null | undefined) {
  const from = useRef<Element | null>(null);
  useEffect(() => {
    if (pending) return;
    const control = from.current;
    from.current = null;
    if (!(control instanceof HTMLElement) || document.activeElement !== document.body) return;
    const target = !control.isConnected
      ? instead?.()
      : control.matches(":disabled")
        ? control.closest("form")?.querySelector<HTMLElement>("input:not(:disabled), textarea:not(:disabled)")
        : control;
    target?.focus();
  }, [pending]);
  return () => {
    from.current = document.activeElement;
  };
}
