import { type RefObject, useEffect } from "react";

const ITEMS = "[role^=menuitem]:not([aria-disabled=true])";

/**
 * The menu button pattern's behaviour for an open menu: its first entry takes focus, a tap
 * outside the menu and its button closes it, Escape closes it and hands focus back to the button,
 * and the arrows move through the entries, round the ends.
 */
export function useMenu(menu: RefObject<HTMLElement | null>, button: RefObject<HTMLButtonElement | null>, onClose: () => void) {
  useEffect(() => {
    menu.current?.querySelector<HTMLElement>(ITEMS)?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) onClose();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        onClose();
        button.current?.focus();
        return;
      }
      const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
      if (!step) return;
      // Entries hidden at this size (a phone's own, on a desktop) are not stepped on; measured on an arrow only.
      const items = [...(menu.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])].filter((item) => item.offsetWidth);
      if (!items.length) return;
      event.preventDefault();
      items[(items.indexOf(document.activeElement as HTMLElement) + step + items.length) % items.length]!.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [menu, button, onClose]);
}
