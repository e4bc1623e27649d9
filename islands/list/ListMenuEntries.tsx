import { type RefObject, useRef } from "react";
import ListNotificationEntries from "../notifications/ListNotificationEntries";
import { useMenu } from "../ui/useMenu";
import { type ListPrefs, setCompletedLast, setShowCompleted } from "./prefs";

export interface EntriesProps {
  listId: number;
  /** The link a guest opened the list with, for their notification entries. */
  shareId: string | null;
  button: RefObject<HTMLButtonElement | null>;
  prefs: ListPrefs;
  signedIn: boolean;
  /** Whether this person is told of the list's changes, and so has notifications of it to turn on or mute. */
  told: boolean;
  onClose: () => void;
  onExport: () => void;
  onActivity: () => void;
  /** Set when the list repeats (docs/decisions/053-routines.md): the owner's Repeats, and the reset history. */
  onRepeats: (() => void) | undefined;
  onHistory: (() => void) | undefined;
  /** For whoever may change the list: its Sections dialog (docs/decisions/060-sections-browser.md). */
  onSections: (() => void) | undefined;
}

/** The entries of the list header's More actions menu (./ListMenu.tsx). */
export default function ListMenuEntries(props: EntriesProps) {
  const { listId, shareId, button, prefs, signedIn, told, onClose, onExport, onActivity, onRepeats, onHistory, onSections } = props;
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
      {onSections && (
        <button type="button" role="menuitem" className="actions-menu__item" onClick={run(onSections)}>
          Sections…
        </button>
      )}
      <button type="button" role="menuitem" className="actions-menu__item" onClick={run(onActivity)}>
        Activity
      </button>
      {onRepeats && (
        <button type="button" role="menuitem" className="actions-menu__item" onClick={run(onRepeats)}>
          Repeats…
        </button>
      )}
      {onHistory && (
        <button type="button" role="menuitem" className="actions-menu__item" onClick={run(onHistory)}>
          Reset history
        </button>
      )}
      <ListNotificationEntries listId={listId} shareId={shareId} signedIn={signedIn} told={told} run={run} />
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
