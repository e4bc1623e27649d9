import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import type { ListCan } from "../../src/shared/can";
import type { PastedItem } from "../../src/shared/markdown-list";
import { MAX_ITEMS_PER_LIST } from "../../src/shared/rules/tasks";
import type { AccessLevel, Section, Task } from "../../src/shared/types";
import { ApiRequestError, errorMessage } from "../api";
import { takeEarlyTicks } from "../early-ticks";
import type { ItemFields, ListTarget } from "../offline/changes";
import { temporaryId } from "../offline/key";
import { fetchAhead } from "../offline-cache/fetch-ahead";
import { toast } from "../toast";
import type { RowHandlers } from "./ItemRow";
import { ListBody } from "./ListBody";
import type { Modal } from "./ListDialogs";
import { alphabetical, arrange, changedFields, itemsOf } from "./logic";
import { setCanEdit, setHasCompleted, subscribePrefs } from "./prefs";
import { renameItem, setQuantity } from "./rename";
import { resetCompletions } from "./reset";
import { clearCompleted, deleteItem } from "./undo";
import { useDoneGroup } from "./useDoneGroup";
import { useFoundItem } from "./useFoundItem";
import { useListStore } from "./useListStore";
import { ShortcutsHelp, useListShortcuts } from "./useListShortcuts";
import { useRovingRows } from "./useRovingRows";
import { useRowMoves } from "./useRowMoves";
import { useSections } from "./useSections";
import { useToday } from "./useToday";

export interface ListScreenProps {
  list: { id: number; name: string };
  tasks: Task[];
  accessLevel: AccessLevel;
  isOwner: boolean;
  /** What the caller may do here, as the server's access policy says. */
  can: ListCan;
  ownerName: string | null;
  /** The share link's id when the page was opened through one; null for the owner. */
  shareId: string | null;
  /** 0 for the list itself, else the parent item whose sub-items are shown (?parentId=). */
  parentId: number;
  /** The list's newest event id as the server read it: the items above are as of this event. */
  eventId: number;
  /** The signed-in visitor's id; null for a share-link guest, whose offline changes are kept per link. */
  viewerId: number | null;
  /** The list's sections in order (docs/decisions/057-memory.md), as of `eventId`. */
  sections: Section[];
}

// The sheet and dialogs open on a tap, never at first paint: their code is not among the page's first scripts.
const loadDialogs = () => import("./ListDialogs");
const ListDialogs = lazy(() => loadDialogs().then((module) => ({ default: module.ListDialogs })));

const parentFromUrl = () => Number(new URL(window.location.href).searchParams.get("parentId")) || 0;

/** This page's address showing parent `id`'s sub-items, or the whole list for 0. */
function urlWithParent(id: number): URL {
  const url = new URL(window.location.href);
  if (id) url.searchParams.set("parentId", String(id));
  else url.searchParams.delete("parentId");
  return url;
}

/** The list page (docs/product-rules.md): the items of a list or of one parent item, with every action on them. */
export default function ListScreen(props: ListScreenProps) {
  const target: ListTarget = useMemo(() => ({ listId: props.list.id, shareId: props.shareId }), [props.list.id, props.shareId]);
  const { list, tasks, accessLevel, isOwner, can, ownerName, sections } = props;
  const scope = props.viewerId === null ? `link:${props.shareId}` : `user:${props.viewerId}`;
  const { data, store, outbox, cancel, read, ticking, toggle, closeCompletionToast } = useListStore({
    target,
    scope,
    initial: { name: list.name, tasks, accessLevel, isOwner, can, ownerName, sections },
    renderedEventId: props.eventId,
    onServerId: followSavedParent,
  });
  const undoContext = { store, cancel, closeCompletionToast };
  const [parentId, setParentId] = useState(props.parentId);
  const [view, setView] = useState({ showCompleted: true, completedLast: false });
  const [sortAlpha, setSortAlpha] = useState(false);
  const [modal, setModal] = useState<Modal>(null);
  // Kept once mounted, so a closing dialog hands focus back as the native <dialog> does.
  const [dialogsMounted, setDialogsMounted] = useState(false);
  if (modal && !dialogsMounted) setDialogsMounted(true);
  const [busy, setBusy] = useState(false);
  const rowsRef = useRef<HTMLUListElement>(null);
  /** Where keyboard focus goes once the rows re-render, so a move or a view change never drops it. */
  const focusNext = useRef<string | null>(null);
  /** The quick add's, when it opened the Add Item sheet: told once the sheet has added the item. */
  const addedFromSheet = useRef<(() => void) | null>(null);

  // The server's access policy says what this caller may do: a `check` caller ticks and nothing else.
  const readOnly = !data.can.edit;
  const canTick = data.can.tick;
  const parent = parentId ? data.tasks.find((task) => task.id === parentId && task.isParent) : undefined;
  const group = itemsOf(data.tasks, parent ? parent.id : 0);
  const doneGroup = useDoneGroup(list.id, data.tasks, rowsRef);
  const today = useToday();
  const arranged = arrange(sortAlpha ? alphabetical(group) : group, { ...view, doneOpen: doneGroup.open }, doneGroup.settled);
  const { done } = arranged;
  // Sections group the open rows; the "Done" group, when shown last, still ends the list (docs/decisions/060-sections-browser.md).
  const opened = arranged.rows.length - (doneGroup.open ? done : 0);
  const open = parent ? null : arranged.rows.slice(0, opened);
  const sectioned = useSections({ listId: list.id, shareId: props.shareId, scope, sections: data.sections, open, group, store, read });
  const { layout } = sectioned;
  const rows = layout ? [...layout.rows, ...arranged.rows.slice(opened)] : arranged.rows;
  const hasCompleted = data.tasks.some((task) => task.completed);

  // Offline, a sheet or a delete's confirmation whose code never arrived could not open (docs/decisions/020-outbox.md).
  useEffect(() => fetchAhead(loadDialogs), []);
  useEffect(() => subscribePrefs(({ showCompleted, completedLast }) => setView({ showCompleted, completedLast })), []);
  useEffect(() => setHasCompleted(hasCompleted), [hasCompleted]);
  useEffect(() => setCanEdit(data.can.edit), [data.can.edit]);
  useEffect(() => {
    const onPop = () => setParentId(parentFromUrl());
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);
  // After every render, as a refresh may render before the change that asked for the focus.
  useEffect(() => {
    const target = focusNext.current && document.querySelector<HTMLElement>(focusNext.current);
    if (!target) return;
    target.focus();
    focusNext.current = null;
  });

  /** A parent added and opened before it was saved: its view and URL take the id it was saved as. */
  function followSavedParent(temporary: number, id: number) {
    setParentId((current) => (current === temporary ? id : current));
    if (parentFromUrl() === temporary) window.history.replaceState(window.history.state, "", urlWithParent(id));
  }

  /** Enters or leaves a parent view without a reload; the URL keeps ?parentId= for reloads and links. */
  function openParent(id: number) {
    window.history.pushState(null, "", urlWithParent(id));
    focusNext.current = id ? ".list-title--parent .icon-button" : `[data-task-id="${parentId}"] .item__title--parent`;
    setParentId(id);
    setSortAlpha(false);
  }

  // Ticks tapped before hydration (islands/early-ticks.ts) are already on screen: save them now,
  // once, against the items as first rendered.
  useEffect(() => {
    for (const id of rowsRef.current ? takeEarlyTicks(rowsRef.current) : []) {
      const task = data.tasks.find((candidate) => candidate.id === id);
      if (task) void toggle(task);
    }
  }, []);

  const { canDrag, move, onKeyMove, movesOf } = useRowMoves({
    rowsRef,
    group,
    rows,
    enabled: !readOnly && !sortAlpha,
    sectioned,
    store,
    read,
    focusNext,
  });

  async function save(fields: ItemFields) {
    try {
      if (modal?.kind === "edit") {
        const { task } = modal;
        // Only what was changed is sent: another person's change to another field stays.
        const changed = changedFields(task, task.parentId ? { ...fields, isParent: undefined } : fields);
        if (Object.keys(changed).length > 0) await store.apply({ kind: "edit", id: task.id, fields: changed }, task.title);
      } else {
        await createItem(fields, parent?.id ?? 0);
        addedFromSheet.current?.();
      }
      setModal(null);
    } catch (error) {
      if (error instanceof ApiRequestError && error.body.error === "ITEM_LIMIT_REACHED") return setModal({ kind: "limit" });
      toast({
        title: modal?.kind === "edit" ? "Failed to update item" : "Failed to add item",
        description: errorMessage(error, "Please try again."),
        variant: "destructive",
      });
      throw error;
    }
  }

  /** Adds an item, shown at once under a temporary id until the server gives it its own. */
  const createItem = (fields: ItemFields, parentId: number) =>
    store.apply({ kind: "add", id: temporaryId(), parentId, fields }, fields.title);
  /** A pasted list: added all at once or not at all, so shown once the server has it. */
  const paste = async (parentId: number, items: readonly PastedItem[]) =>
    store.apply({ kind: "bulk", parentId, items: parentId ? items : await sectioned.placePasted(items) }, "");

  function remove(task: Task) {
    setModal(null);
    if (parentId === task.id) openParent(0);
    // Focus moves to the row that takes the deleted one's place, or the add field, not to the page's start.
    const at = rows.findIndex((row) => row.id === task.id);
    const neighbour = rows[at + 1] ?? rows[at - 1];
    focusNext.current = at >= 0 && neighbour ? `[data-task-id="${neighbour.id}"] .item__check` : "#quick-add";
    deleteItem(undoContext, data.tasks, task);
  }

  async function reset() {
    setBusy(true);
    if (await resetCompletions(store, data.isOwner)) setModal(null);
    setBusy(false);
  }

  const close = () => setModal(null);
  const openAdd = (title = "", added?: () => void, dueAt?: string, quantity?: string) => {
    addedFromSheet.current = added ?? null;
    setModal(data.tasks.length >= MAX_ITEMS_PER_LIST ? { kind: "limit" } : { kind: "add", title, dueAt, quantity });
  };
  const row: RowHandlers = {
    onToggle: (task) => void toggle(task),
    onOpen: (task) => openParent(task.id),
    onDescribe: (task) => setModal({ kind: "describe", task }),
    onEdit: (task) => setModal({ kind: "edit", task }),
    onRename: (task, title) => void renameItem(store, task, title),
    onDelete: (task) => setModal({ kind: "delete", task }),
    onKeyMove,
    onMoveBy: move,
    onQuantity: (task, quantity) => void setQuantity(store, task, quantity),
  };
  // The keyboard: one Tab stop for the rows, arrows within them, and single-key shortcuts.
  useRovingRows(rowsRef);
  const help = useListShortcuts(rowsRef, { readOnly, canTick, tasks: data.tasks, onNew: openAdd, ...row });
  useFoundItem(data.tasks, parentId, openParent, doneGroup);
  return (
    <>
      <ListBody
        data={data}
        parent={parent}
        rows={rows}
        total={group.length}
        completed={group.filter((task) => task.completed).length}
        readOnly={readOnly}
        canTick={canTick}
        canDrag={canDrag}
        sortAlpha={sortAlpha}
        hasCompleted={hasCompleted}
        done={{ count: done, open: doneGroup.open, onToggle: doneGroup.toggle }}
        pending={ticking}
        outbox={outbox}
        rowsRef={rowsRef}
        today={today}
        onSortAlpha={setSortAlpha}
        onBack={() => openParent(0)}
        add={
          readOnly
            ? null
            : {
                room: MAX_ITEMS_PER_LIST - data.tasks.length,
                today: today.day,
                create: createItem,
                paste,
                offline: outbox.offline || outbox.unreachable,
                onLimit: () => setModal({ kind: "limit" }),
                onDetails: openAdd,
                target,
                tasks: data.tasks,
                viewerId: props.viewerId,
              }
        }
        onReset={() => setModal({ kind: "reset" })}
        onClearCompleted={() => clearCompleted(undoContext, data.tasks)}
        row={row}
        sections={layout && { headings: layout.headings, onToggle: sectioned.toggle }}
        movesOf={movesOf}
        onAddSection={readOnly || parent ? undefined : sectioned.openDialog}
      />
      {sectioned.Dialog && (
        <sectioned.Dialog
          listId={list.id}
          shareId={props.shareId}
          sections={data.sections}
          offline={outbox.offline || outbox.unreachable}
          onSections={sectioned.onSections}
          onClose={sectioned.closeDialog}
        />
      )}
      {dialogsMounted && (
        <Suspense fallback={null}>
          <ListDialogs
            modal={modal}
            tasks={data.tasks}
            sections={data.sections}
            parent={parent}
            busy={busy}
            onClose={close}
            onSave={save}
            onDelete={remove}
            onReset={() => void reset()}
          />
        </Suspense>
      )}
      <ShortcutsHelp open={help.helpOpen} readOnly={readOnly} canTick={canTick} onClose={help.closeHelp} />
    </>
  );
}
