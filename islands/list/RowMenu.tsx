import { type KeyboardEvent, useEffect, useId, useRef } from "react";
import type { MenuItem } from "../shared-lists/ActionsMenu";
import { Icon } from "../ui/Icon";

/**
 * A row's ⋯ menu (docs/decisions/045-phone-rows.md): what a phone's row keeps out of its line
 * (edit, sub-items, description, delete) and who added the item. The row holds whether it is open,
 * as a long press on the row opens it too. Escape or a press elsewhere closes it, as the share
 * cards' ActionsMenu does, whose look it shares.
 */
/** ↑ ↓ Home End between the entries, round at the ends (the menu pattern of WAI-ARIA). */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  const entries = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const at = entries.indexOf(event.target as HTMLElement);
  const to: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: entries.length - 1 };
  if (!Object.hasOwn(to, event.key)) return;
  event.preventDefault();
  entries.at(to[event.key]! % entries.length)?.focus();
}

export function RowMenu({
  label,
  items,
  notes,
  open,
  onOpenChange,
}: {
  label: string;
  items: MenuItem[];
  /** Lines above the entries (who added the item, how to move it), read as the menu's description. */
  notes: string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const menu = root.current?.querySelector('[role="menu"]');
    menu?.scrollIntoView({ block: "nearest" });
    menu?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) onOpenChange(false);
    };
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.stopPropagation();
      onOpenChange(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey, true);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey, true);
    };
  }, [open, onOpenChange]);

  return (
    <div className="actions-menu row-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="icon-button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}menu` : undefined}
        title="More actions"
        onClick={() => onOpenChange(!open)}
      >
        <Icon name="more" size={18} />
      </button>
      {open && (
        <div
          id={`${id}menu`}
          role="menu"
          aria-label={label}
          aria-describedby={notes.length > 0 ? `${id}notes` : undefined}
          className="actions-menu__list"
          onKeyDown={moveFocus}
        >
          {notes.length > 0 && (
            <p id={`${id}notes`} className="row-menu__notes">
              {notes.join("\n")}
            </p>
          )}
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              className={`actions-menu__item${item.destructive ? " actions-menu__item--danger" : ""}`}
              onClick={() => {
                onOpenChange(false);
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
