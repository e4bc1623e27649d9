import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import type { ListCan } from "../../src/shared/can";
import type { ListRoutine } from "../../src/shared/routines";
import { emit, follow, type ShownRoutine } from "../signals";
import { Icon } from "../ui/Icon";
import { type ListPrefs, subscribePrefs } from "./prefs";

// The entries and what they open load on the first tap: the list page's first scripts stay within budget.
const ListMenuEntries = lazy(() => import("./ListMenuEntries"));
const ExportActions = lazy(() => import("../exchange/ExportActions"));
const ActivityDialog = lazy(() => import("../activity/ActivityDialog"));
const RoutineDialog = lazy(() => import("../routines/RoutineDialog"));
const RunsDialog = lazy(() => import("../routines/RunsDialog"));

export interface ListMenuProps {
  listId: number;
  /** The link the page was opened with, so a guest's export and activity pass the same access check. */
  shareId: string | null;
  /** A guest has no settings: the entry is there, disabled, as the header's Settings is. */
  signedIn: boolean;
  /** When the list resets itself (docs/decisions/053-routines.md), or null. */
  routine: ListRoutine | null;
  can: Pick<ListCan, "edit" | "setRoutine" | "beTold">;
}

/**
 * The list header's "More actions" menu (docs/decisions/047-list-header.md): every entry says
 * what it does in words. Export opens its formats in the same place; Help & Info, Settings and
 * Hide/Show completed are entries only on a phone, where the header keeps no icon without a label.
 */
export default function ListMenu({ listId, shareId, signedIn, can, ...props }: ListMenuProps) {
  const [open, setOpen] = useState<"menu" | "export" | null>(null);
  const [dialog, setDialog] = useState<"activity" | "repeats" | "history" | null>(null);
  const [routine, setRoutine] = useState<ShownRoutine | null>(props.routine);
  const [prefs, setPrefs] = useState<ListPrefs>({ showCompleted: true, completedLast: false, hasCompleted: false });
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(null), []);
  useEffect(() => subscribePrefs(setPrefs), []);
  useEffect(() => follow("listwell:routine", (detail) => detail.listId === listId && setRoutine(detail.routine)), [listId]);
  const closeDialog = () => setDialog(null);
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
        <Suspense fallback={null}>
          <ListMenuEntries
            listId={listId}
            shareId={shareId}
            button={button}
            prefs={prefs}
            signedIn={signedIn}
            told={can.beTold}
            onClose={close}
            onExport={() => setOpen("export")}
            onActivity={() => setDialog("activity")}
            onRepeats={can.setRoutine ? () => setDialog("repeats") : undefined}
            onHistory={routine ? () => setDialog("history") : undefined}
            onSections={(prefs.canEdit ?? can.edit) ? () => emit("listwell:sections", { listId }) : undefined}
          />
        </Suspense>
      )}
      {open === "export" && (
        <Suspense fallback={null}>
          <ExportActions listId={listId} shareId={shareId} button={button} onClose={close} />
        </Suspense>
      )}
      <Suspense fallback={null}>
        {dialog === "activity" && <ActivityDialog listId={listId} shareId={shareId ?? undefined} onClose={closeDialog} />}
        {dialog === "repeats" && <RoutineDialog listId={listId} routine={routine} onClose={closeDialog} />}
        {dialog === "history" && <RunsDialog listId={listId} shareId={shareId} tz={routine?.tz} canRun={can.edit} onClose={closeDialog} />}
      </Suspense>
    </div>
  );
}
