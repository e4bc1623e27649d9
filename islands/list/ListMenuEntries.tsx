import { type RefObject, useEffect, useRef, useState } from "react";
import type { NotificationMode } from "../../src/shared/notifications";
import { client } from "../api";
import { toast } from "../toast";
import { useMenu } from "../ui/useMenu";
import { type ListPrefs, setCompletedLast, setShowCompleted } from "./prefs";

export interface EntriesProps {
  listId: number;
  button: RefObject<HTMLButtonElement | null>;
  prefs: ListPrefs;
  signedIn: boolean;
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
  const { listId, button, prefs, signedIn, onClose, onExport, onActivity, onRepeats, onHistory, onSections } = props;
  const menu = useRef<HTMLDivElement>(null);
  const [mode, setMode] = useState<NotificationMode | null>(null);
  useMenu(menu, button, onClose);
  useEffect(() => {
    if (!signedIn) return;
    client["task-lists"][":id"].notifications
      .$get({ param: { id: listId }, query: {} })
      .then((answer) => setMode(answer.mode))
      .catch(() => {
        // Offline or refused: the entry stays shown and inert, and the next opening asks again.
      });
  }, [listId, signedIn]);
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
      {signedIn && (
        <>
          {/* Shown at once, so the entries do not move; it waits for the list's mode before it acts. */}
          <button
            type="button"
            role="menuitem"
            aria-disabled={mode === null || undefined}
            className="actions-menu__item"
            onClick={mode ? run(() => void mute(listId, mode)) : undefined}
          >
            {mode === "off" ? "Unmute notifications" : "Mute notifications"}
          </button>
          <button type="button" role="menuitem" className="actions-menu__item" onClick={run(() => void goShopping(listId))}>
            Going shopping
          </button>
        </>
      )}
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

/** This person's notifications of this list, off or on again (docs/decisions/050-notifications.md). */
async function mute(listId: number, mode: NotificationMode) {
  const next = mode === "off" ? "all" : "off";
  try {
    await client["task-lists"][":id"].notifications.$put({ param: { id: listId }, json: { mode: next } });
    toast({ title: next === "off" ? "Notifications muted for this list" : "Notifications on for this list" });
  } catch (error) {
    toast({ title: "Notifications were not changed", description: (error as Error).message, variant: "destructive" });
  }
}

/** Tells everyone else on the list at once that this person is going shopping; the server says when it is too soon. */
async function goShopping(listId: number) {
  try {
    const { told } = await client["task-lists"][":id"].nudge.$post({ param: { id: listId }, json: {} });
    toast({
      title: "Going shopping",
      description: `${told === 1 ? "1 person was" : `${told} people were`} told to add what they need now.`,
    });
  } catch (error) {
    toast({ title: "Not sent", description: (error as Error).message, variant: "destructive" });
  }
}
