import { type RefObject, useCallback, useEffect, useId, useRef } from "react";
import type { MenuItem } from "../shared-lists/ActionsMenu";
import { Icon } from "../ui/Icon";
import { useMenu } from "../ui/useMenu";

interface RowMenuProps {
  label: string;
  items: MenuItem[];
  /** Lines above the entries (who added the item, how to move it), read as the menu's description. */
  notes: string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The open menu: the menu button pattern's keys and taps (useMenu), kept in sight at the screen's foot. */
function Entries({
  label,
  items,
  notes,
  button,
  onClose,
}: Omit<RowMenuProps, "open" | "onOpenChange"> & { button: RefObject<HTMLButtonElement | null>; onClose: () => void }) {
  const menu = useRef<HTMLDivElement>(null);
  const notesId = useId();
  useMenu(menu, button, onClose);
  useEffect(() => {
    menu.current?.scrollIntoView({ block: "nearest" });
  }, []);
  return (
    <div ref={menu} role="menu" aria-label={label} aria-describedby={notes.length > 0 ? notesId : undefined} className="actions-menu__list">
      {notes.length > 0 && (
        <p id={notesId} className="row-menu__notes">
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
            // The entry goes with the menu: focus first goes back to its button, so a dialog the
            // entry opens hands it back there when it closes, not to the page's body.
            onClose();
            button.current?.focus();
            item.onSelect();
          }}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}

/**
 * A row's ⋯ menu (docs/decisions/045-phone-rows.md): what a phone's row keeps out of its line
 * (edit, sub-items, description, delete) and who added the item. The row holds whether it is open,
 * as a long press on the row opens it too.
 */
export function RowMenu({ open, onOpenChange, ...menu }: RowMenuProps) {
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => onOpenChange(false), [onOpenChange]);
  return (
    <div className="actions-menu row-menu">
      <button
        ref={button}
        type="button"
        className="icon-button"
        aria-label={menu.label}
        aria-haspopup="menu"
        aria-expanded={open}
        title="More actions"
        onClick={() => onOpenChange(!open)}
      >
        <Icon name="more" size={18} />
      </button>
      {open && <Entries {...menu} button={button} onClose={close} />}
    </div>
  );
}
