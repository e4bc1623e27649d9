import { lazy, Suspense, useRef, useState } from "react";
import { Icon } from "../ui/Icon";

/** The menu and what its entries do load on first open: the list page's scripts stay within budget. */
const ExportActions = lazy(() => import("./ExportActions"));

export interface ExportMenuProps {
  listId: number;
  /** The link the page was opened with, so a guest's download passes the same access check. */
  shareId: string | null;
}

/** The list header's Export menu (docs/product-rules.md#export-and-import): download or copy the list as Markdown, JSON or text. */
export default function ExportMenu({ listId, shareId }: ExportMenuProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <div className="actions-menu export-menu">
      <button
        ref={button}
        type="button"
        className="button button--small header-toggle"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <Icon name="export" size={16} />
        <span className="header-toggle__label">Export</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <ExportActions listId={listId} shareId={shareId} button={button} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
