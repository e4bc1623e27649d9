import { useCallback, useEffect, useRef, useState } from "react";
import { MAX_LISTS_PER_USER } from "../../src/shared/rules/lists";
import type { SharedWithMeItem, TaskList } from "../../src/shared/types";
import { ApiRequestError, client, errorMessage } from "../api";
import { useOffline } from "../offline/useOffline";
import { listen } from "../signals";
import { toast } from "../toast";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { LimitDialog } from "../ui/LimitDialog";
import { OwnListCard, PendingListCard } from "./ListCard";
import { MyListsHeading, NEW_LIST_ID } from "./MyListsHeading";
import { OfflineLists, useKeepListsOffline } from "./OfflineLists";
import { ListNameDialog } from "./ListNameDialog";
import { ShareDialog } from "./ShareDialog";
import { SharedWithMe } from "./SharedWithMe";
import { announceCopy, copyName, isListLimit } from "./new-list";
import { insertAt, offerRestore } from "./restore";
import { type CardFocus, useCardOrder } from "./useCardOrder";
import { useNewLists } from "./useNewLists";
import { useProgress, type ProgressMap } from "./useProgress";

export interface HomeScreenProps {
  lists: TaskList[];
  sharedWithMe: SharedWithMeItem[];
  /** Each card's "3 of 12 done", by list id; null when the server could not count (the island asks). */
  progress: ProgressMap | null;
  /** The server could not read the lists; the island tries again on mount. */
  loadError: boolean;
  /** After signing in through a share link the user lands on /?shareId=…; the list it opens stands out. */
  highlightListId: number | null;
  /** The signed-in person, whose outbox Home shares with their list pages (docs/decisions/020-outbox.md). */
  viewerId: number;
}

type Modal =
  | { kind: "create" }
  | { kind: "edit"; list: TaskList }
  | { kind: "duplicate"; list: TaskList }
  | { kind: "delete"; list: TaskList }
  | { kind: "share"; list: TaskList }
  | { kind: "limit" }
  | null;

/** Home (docs/product-rules.md#screens): own lists (drag, edit, delete, share) and the read-only 'Shared with me'. */
export default function HomeScreen(props: HomeScreenProps) {
  const [lists, setLists] = useState(props.lists);
  const [shared, setShared] = useState(props.sharedWithMe);
  const [loadError, setLoadError] = useState(props.loadError);
  const [modal, setModal] = useState<Modal>(null);
  const [deleting, setDeleting] = useState(false);
  const { progress, refreshProgress } = useProgress(props.progress);
  const offline = useOffline();
  useKeepListsOffline([...lists.map((list) => list.id), ...shared.map((item) => item.list.id)], !offline && !loadError);
  const listRef = useRef<HTMLUListElement>(null);
  /** The card to focus once the cards re-render: its handle after a keyboard move, its link after Undo. */
  const focusAfter = useRef<CardFocus | null>(null);
  const order = useCardOrder({
    lists,
    setLists,
    listRef,
    enabled: lists.length > 1 && !offline,
    readAgain: () => void refetch(),
    focusAfter,
  });

  const { pending, make } = useNewLists({
    scope: `user:${props.viewerId}`,
    // A list made offline is saved: its card becomes the real one, and a copy says so as online.
    onSaved: (list, copied) => {
      setLists((current) => (current.some((item) => item.id === list.id) ? current : [...current, list]));
      void refreshProgress();
      if (copied) announceCopy(list);
    },
    refetch: () => void refetch(),
  });
  const made = lists.length + pending.length;

  /** The one refresh: realtime events (the `listwell:refresh` signal), focus and failures call it. */
  const refetch = useCallback(async () => {
    const started = order.mark();
    void refreshProgress();
    try {
      const [own, sharedWithMe] = await Promise.all([client["task-lists"].$get(), client["shared-with-me"].$get()]);
      // Moving the cards back would also take the keyboard focus off the one being moved.
      if (order.holds(started)) setLists(own);
      setShared(sharedWithMe);
      setLoadError(false);
    } catch {
      setLoadError(true);
    }
  }, [refreshProgress]);

  useEffect(() => {
    if (props.loadError) void refetch();
    const onRefresh = () => void refetch();
    const stopListening = listen("listwell:refresh", onRefresh);
    // Shared-with-me is refetched on focus, so coming back to the tab shows what changed.
    window.addEventListener("focus", onRefresh);
    // Back from the list a new list opened (bfcache): the New List dialog is still up, waiting.
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setModal(null);
      void refetch();
    };
    window.addEventListener("pageshow", onPageShow);
    return () => {
      stopListening();
      window.removeEventListener("focus", onRefresh);
      window.removeEventListener("pageshow", onPageShow);
    };
  }, [refetch, props.loadError]);

  useEffect(() => {
    const focus = focusAfter.current;
    if (focus === null) return;
    const target =
      focus === NEW_LIST_ID
        ? document.getElementById(NEW_LIST_ID)
        : listRef.current?.querySelector<HTMLElement>(focus.restored ? `[data-list-id="${focus.id}"] a` : `[data-handle-id="${focus.id}"]`);
    target?.focus();
    focusAfter.current = null;
  }, [lists]);

  async function createList(name: string, templateId: number | null) {
    try {
      const created = await make(name, templateId);
      // A new list is opened at once; the dialog stays, pending, until the list page replaces Home.
      // Made offline, it waits on Home as a card of its own.
      if (created) window.location.assign(`/list/${created.id}`);
      else setModal(null);
    } catch (error) {
      // The limit was reached elsewhere (another tab or device): Home reads its lists again to show them.
      if (isListLimit(error)) {
        void refetch();
        return setModal({ kind: "limit" });
      }
      const malformed = error instanceof SyntaxError;
      toast({
        title: malformed ? "Invalid response format" : "Failed to create list",
        description: errorMessage(error, ""),
        variant: "destructive",
      });
      throw error;
    }
  }

  /** The copy joins the end of Home, where the person is, its link focused; the toast offers to open it. */
  async function duplicateList(list: TaskList, name: string) {
    try {
      const copy = await make(name, list.id);
      setModal(null);
      if (!copy) return;
      focusAfter.current = { id: copy.id, restored: true };
      setLists((current) => (current.some((item) => item.id === copy.id) ? current : [...current, copy]));
      void refreshProgress();
      announceCopy(copy);
    } catch (error) {
      if (isListLimit(error)) return setModal({ kind: "limit" });
      toast({ title: "Failed to duplicate list", description: errorMessage(error, "Please try again."), variant: "destructive" });
      throw error;
    }
  }

  async function renameList(list: TaskList, name: string) {
    try {
      const updated = await client["task-lists"][":id"].$patch({ param: { id: list.id }, json: { name } });
      replaceList(updated);
      setModal(null);
    } catch (error) {
      toast({ title: "Failed to update list", description: errorMessage(error, "Please try again."), variant: "destructive" });
      throw error;
    }
  }

  async function deleteList(list: TaskList) {
    setDeleting(true);
    try {
      await client["task-lists"][":id"].$delete({ param: { id: list.id } });
      const index = lists.findIndex((item) => item.id === list.id);
      // Its card took the confirmation's opener along: focus goes to the card now in its place, or to New List after the last.
      const neighbour = lists[index + 1] ?? lists[index - 1];
      focusAfter.current = neighbour ? { id: neighbour.id } : NEW_LIST_ID;
      setLists((current) => current.filter((item) => item.id !== list.id));
      setModal(null);
      offerRestore(list, (restored) => {
        focusAfter.current = { id: restored.id, restored: true };
        setLists((current) => (current.some((item) => item.id === restored.id) ? current : insertAt(current, index, restored)));
        void refreshProgress();
      });
    } catch (error) {
      const detail = error instanceof ApiRequestError ? `${error.status} ${error.serverText}` : "network error";
      toast({ title: `Failed to delete list: ${detail}`, variant: "destructive" });
    } finally {
      setDeleting(false);
    }
  }

  /** A dialog that would make a list; at the cap the limit dialog says why at once, before a name is typed for nothing. */
  const makingOr = (next: Modal) => setModal(made >= MAX_LISTS_PER_USER ? { kind: "limit" } : next);

  const replaceList = (updated: TaskList) => setLists((current) => current.map((item) => (item.id === updated.id ? updated : item)));
  // The dialog follows the list as it changes (new link, new level), not the snapshot it opened with.
  const sharing = modal?.kind === "share" ? (lists.find((item) => item.id === modal.list.id) ?? modal.list) : null;
  const close = () => setModal(null);

  return (
    <div className="home stack">
      <OfflineLists lists={[...lists, ...shared.map((item) => item.list)]} offline={offline} />
      <section className="stack" aria-labelledby="my-lists">
        <MyListsHeading count={made} offline={offline} onCreate={() => makingOr({ kind: "create" })} />
        <p id="reorder-hint" className="sr-only">
          Drag to reorder, or focus the handle and press the up and down arrow keys.
        </p>
        {loadError && made === 0 ? (
          <p className="empty-state empty-state--error" role="alert">
            Error loading lists. Please try again.
          </p>
        ) : made === 0 ? (
          <p className="empty-state">Create your first list to get started.</p>
        ) : (
          <ul className="list-cards" ref={listRef}>
            {lists.map((list, index) => (
              <OwnListCard
                key={list.id}
                list={list}
                progress={progress[list.id]}
                index={index}
                count={lists.length}
                offline={offline}
                onKeyMove={order.onKeyMove}
                onShare={() => setModal({ kind: "share", list })}
                onEdit={() => setModal({ kind: "edit", list })}
                onDuplicate={() => makingOr({ kind: "duplicate", list })}
                onDelete={() => setModal({ kind: "delete", list })}
              />
            ))}
          </ul>
        )}
        {pending.length > 0 && (
          <ul className="list-cards" aria-label="Waiting to be saved">
            {pending.map((list, index) => (
              <PendingListCard key={list.key} name={list.name} index={lists.length + index} />
            ))}
          </ul>
        )}
      </section>

      <SharedWithMe shared={shared} progress={progress} highlightListId={props.highlightListId} />

      <ListNameDialog
        open={modal?.kind === "create" || modal?.kind === "edit" || modal?.kind === "duplicate"}
        mode={modal?.kind === "edit" || modal?.kind === "duplicate" ? modal.kind : "create"}
        initialName={modal?.kind === "edit" ? modal.list.name : modal?.kind === "duplicate" ? copyName(modal.list.name) : ""}
        templates={{ own: lists, shared: shared.map((item) => item.list) }}
        onClose={close}
        onSave={(name, templateId) =>
          modal?.kind === "edit"
            ? renameList(modal.list, name)
            : modal?.kind === "duplicate"
              ? duplicateList(modal.list, name)
              : createList(name, templateId)
        }
      />
      <ConfirmDialog
        open={modal?.kind === "delete"}
        title="Delete List"
        description={
          modal?.kind === "delete"
            ? `Are you sure you want to delete "${modal.list.name}"? This will permanently delete the list and all its items.`
            : undefined
        }
        confirmLabel="Delete"
        destructive
        pending={deleting}
        onConfirm={() => modal?.kind === "delete" && void deleteList(modal.list)}
        onCancel={close}
      />
      <ShareDialog list={sharing} onClose={close} onListChange={replaceList} />
      <LimitDialog
        open={modal?.kind === "limit"}
        onClose={close}
        title={`List Limit Reached (${MAX_LISTS_PER_USER})`}
        description={`You can have at most ${MAX_LISTS_PER_USER} lists. Delete a list you no longer need to make room for a new one.`}
      />
    </div>
  );
}
