import { type RefObject, useRef } from "react";
import { useMenu } from "../ui/useMenu";
import { type ListPrefs, setCompletedLast, setShowCompleted } from "./prefs";

export interface EntriesProps {
  button: RefObject<HTMLButtonElement | null>;
  prefs: ListPrefs;
  signedIn: boolean;
  onClose: () => void;
  onExport: () => void;
  onActivity: () => void;
}

/** The entries of the list header's More actions menu (./ListMenu.tsx). */
export default function ListMenuEntries({ button, prefs, signedIn, onClose, onExport, onActivity }: EntriesProps) {
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
