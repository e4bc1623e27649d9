import { lazy, type RefObject, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Icon } from "../ui/Icon";
import { useMenu } from "../ui/useMenu";
import { type ListPrefs, setCompletedLast, setShowCompleted, subscribePrefs } from "./prefs";

// The entries' own code loads on first use: the list page's scripts stay within budget.
const ExportActions = lazy(() => import("../exchange/ExportActions"));
const ActivityDialog = lazy(() => import("../activity/ActivityDialog"));

export interface ListMenuProps {
  listId: number;
  /** The link the page was opened with, so a guest's export and activity pass the same access check. */
  shareId: string | null;
  /** A guest has no settings: the entry is there, disabled, as the header's Settings is. */
  signedIn: boolean;
}

/**
 * The list header's "More actions" menu (docs/decisions/047-list-header.md): every entry says
 * what it does in words. Export opens its formats in the same place; Help & Info, Settings and
 * Hide/Show completed are entries only on a phone, where the header keeps no icon without a label.
 */
export default function ListMenu({ listId, shareId, signedIn }: ListMenuProps) {
  const [open, setOpen] = useState<"menu" | "export" | null>(null);
  const [activity, setActivity] = useState(false);
  const [prefs, setPrefs] = useState<ListPrefs>({ showCompleted: true, completedLast: false, hasCompleted: false });
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(null), []);
  useEffect(() => subscribePrefs(setPrefs), []);
  return (
    <div className="actions-menu list-menu">
      <button
        ref={button}
        type="button"
        className="button button--small header-toggle"
        aria-label="More actions"
        aria-haspopup="menu"
        aria-expanded={open !== null}
        onClick={() => setOpen(open ? null : "menu")}
      >
        <Icon name="more" size={16} />
        More
      </button>
      {open === "menu" && (
        <Entries
          button={button}
          prefs={prefs}
          signedIn={signedIn}
          onClose={close}
          onExport={() => setOpen("export")}
          onActivity={() => setActivity(true)}
        />
      )}
      {open === "export" && (
        <Suspense fallback={null}>
          <ExportActions listId={listId} shareId={shareId} button={button} onClose={close} />
        </Suspense>
      )}
      {activity && (
        <Suspense fallback={null}>
          <ActivityDialog listId={listId} shareId={shareId ?? undefined} onClose={() => setActivity(false)} />
        </Suspense>
      )}
    </div>
  );
}

interface EntriesProps {
  button: RefObject<HTMLButtonElement | null>;
  prefs: ListPrefs;
  signedIn: boolean;
  onClose: () => void;
  onExport: () => void;
  onActivity: () => void;
}

function Entries({ button, prefs, signedIn, onClose, onExport, onActivity }: EntriesProps) {
  const menu = useRef<HTMLDivElement>(null);
  useMenu(menu, button, onClose);
  const run = (action: () => void) => () => {
    onClose();
    button.current?.focus();
    action();
  };
  return (
    <div ref={menu} role="menu" aria-label="More actions" className="actions-menu__list">
      <button type="button" role="menuitem" className="actions-menu__item" onClick={onExport}>
        Export
      </button>
      {prefs.showCompleted && (
        <button
          type="button"
          role="menuitemcheckbox"
          aria-checked={prefs.completedLast}
          className="actions-menu__item"
          onClick={run(() => setCompletedLast(!prefs.completedLast))}
        >
          Completed at bottom
        </button>
      )}
      {prefs.hasCompleted && (
        <button
          type="button"
          role="menuitem"
          className="actions-menu__item list-menu__phone"
          onClick={run(() => setShowCompleted(!prefs.showCompleted))}
        >
          {prefs.showCompleted ? "Hide completed" : "Show completed"}
        </button>
      )}
      <button type="button" role="menuitem" className="actions-menu__item" onClick={run(onActivity)}>
        Activity
      </button>
      <a role="menuitem" className="actions-menu__item list-menu__phone" href="/settings?tab=info">
        Help &amp; Info
      </a>
      {signedIn ? (
        <a role="menuitem" className="actions-menu__item list-menu__phone" href="/settings">
          Settings
        </a>
      ) : (
        <button type="button" role="menuitem" aria-disabled="true" className="actions-menu__item list-menu__phone">
          Settings
        </button>
      )}
    </div>
  );
}
