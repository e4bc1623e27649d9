import { lazy, Suspense, useEffect, useRef, useState, type ClipboardEvent } from "react";
import { type Day, dayLabel } from "../../src/shared/due-days";
import { MAX_TITLE_LENGTH, validateItem } from "../../src/shared/rules/tasks";
import type { Suggestion } from "../../src/shared/memory";
import type { Task } from "../../src/shared/types";
import { ApiRequestError, errorMessage } from "../api";
import type { ItemFields, ListTarget } from "../offline/changes";
import { toast } from "../toast";
import { Icon } from "../ui/Icon";
import type { PastedItem } from "./paste-parse";

// Opened only by a paste of several lines, so their code, the parser's too, arrives then, not with the page.
const PastePreview = lazy(() => import("./PastePreview"));
const loadParser = () => import("./paste-parse");
/** Text on two lines at least: a paste that may be a list. */
const SEVERAL_LINES = /\S[^\r\n]*[\r\n]\s*\S/;
/** The field holds a title and, around it, a quantity and a date that are not part of it; the title alone is held to its length. */
const FIELD_LENGTH = 2 * MAX_TITLE_LENGTH;
/** The field's text with a paste typed over its selection as a browser pastes into one line: its breaks as spaces, up to the field's length. */
const typedIn = (current: string, text: string, start: number, end: number) =>
  (current.slice(0, start) + text.trim().replace(/\s*[\r\n]+\s*/g, " ") + current.slice(end)).slice(0, FIELD_LENGTH);
// Needed once the field is used, so not among the page's first scripts.
const loadDueWords = () => import("../../src/shared/due-words");
type DueWordsModule = Awaited<ReturnType<typeof loadDueWords>>;
// Quantities, suggestions and the duplicate notice (docs/decisions/059-quick-add-memory.md), loaded the same way.
const loadMemory = () => import("./quick-add-memory");
type MemoryModule = Awaited<ReturnType<typeof loadMemory>>;

export interface QuickAddProps {
  /** 0 adds top-level items; else the parent whose view this is, which gets them as sub-items. */
  parentId: number;
  /** How many more items the list may hold (docs/product-rules.md#limits, sub-items included). */
  room: number;
  /** Adds one item, on screen at once; rejects when the server refused it. */
  create: (fields: ItemFields, parentId: number) => Promise<unknown>;
  /** Adds a pasted list all at once; rejects when the server refused it. */
  paste: (parentId: number, items: readonly PastedItem[]) => Promise<unknown>;
  /** No network: a pasted list waits for one (it is added all at once or not at all). */
  offline: boolean;
  onLimit: () => void;
  /** Opens the full Add Item sheet, carrying what was typed so far and the date and quantity read off it; `added` runs once the sheet has added its item. */
  onDetails: (title: string, added: () => void, dueAt?: string, quantity?: string) => void;
  /** The viewer's today, which a typed "tuesday" counts from. */
  today: Day;
  /** Focused as the page opens: an empty list has nothing else to do (docs/decisions/042-quick-add-where-you-look.md). */
  autoFocus?: boolean;
  /** The list its suggestions are asked of: the field is shown only to those who may add, who may ask. */
  target: ListTarget;
  /** The page's items, which an add is checked against for one already there. */
  tasks: readonly Task[];
  /** Who is looking, so an item they added is "added by you". */
  viewerId: number | null;
}

const QUICK_ADD_ID = "quick-add";
export const PASTE_OFFLINE = "You are offline. A pasted list is added all at once, so it needs a connection.";

const isLimit = (error: unknown) => error instanceof ApiRequestError && error.body.error === "ITEM_LIMIT_REACHED";

/**
 * The quick add: an always-ready field under the last item that adds on Enter, empties and keeps
 * focus for the next item. Each shows at once; the page's store sends them one after another, so
 * they land in the order they were typed. A paste of several lines offers them all at once in a
 * preview instead. A date and a quantity are read off what is typed and shown before it is added;
 * the list's remembered titles show under the field, and an open item of the same title is named
 * before it is added twice (docs/decisions/059-quick-add-memory.md).
 */
export function QuickAdd(props: QuickAddProps) {
  const { parentId, room, create, paste, offline, onLimit, onDetails, today, autoFocus } = props;
  const [value, setValue] = useState("");
  const [dueWords, setDueWords] = useState<DueWordsModule | null>(null);
  const [memory, setMemory] = useState<MemoryModule | null>(null);
  // The person chose to keep a date's or a quantity's words in the title: none is taken from it until the field empties.
  const [keepWords, setKeepWords] = useState(false);
  const [keepQuantity, setKeepQuantity] = useState(false);
  // An open item of the same title, named before this one is added twice; "Add anyway" adds it.
  const [duplicate, setDuplicate] = useState<Task | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pasted, setPasted] = useState<PastedItem[] | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const previewClosed = useRef(false);

  // After hydration, not through the server's markup: a key typed before hydration would be lost.
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, []);

  // Back to the field once the preview is gone: while its modal is open, the field cannot take focus.
  useEffect(() => {
    if (pasted || !previewClosed.current) return;
    previewClosed.current = false;
    input.current?.focus();
  }, [pasted]);

  /** The date's or the quantity's words stay in the title; back to the field, where Enter adds it so. */
  function keep(kept: (on: boolean) => void) {
    kept(true);
    input.current?.focus();
  }

  function loadWords() {
    if (!dueWords) loadDueWords().then(setDueWords, () => {});
    if (!memory) loadMemory().then(setMemory, () => {});
  }
  /** The date the title ends with, shown before it is saved (docs/decisions/056-due-dates-browser.md). */
  const due = keepWords || !dueWords ? null : dueWords.parseDue(value, today);
  /** The quantity it starts or ends with, once the date is off it. */
  const qty = keepQuantity || !memory ? null : memory.parseQuantity(due?.title ?? value);

  /** Back to an empty field, ready for the next item. */
  function emptied() {
    setValue("");
    setKeepWords(false);
    setKeepQuantity(false);
    setDuplicate(null);
  }

  async function add(fields: Omit<ItemFields, "description" | "isParent">, typed: string) {
    try {
      await create({ description: "", isParent: false, ...fields }, parentId);
    } catch (failure) {
      // What was typed is not lost: it comes back unless the next item is being typed already.
      setValue((current) => current || typed);
      if (isLimit(failure)) return onLimit();
      toast({ title: "Failed to add item", description: errorMessage(failure, "Please try again."), variant: "destructive" });
    }
  }

  function submit(anyway: boolean) {
    if (value.trim() === "") return;
    const verdict = validateItem({ title: qty?.title ?? due?.title ?? value, description: "" });
    if (!verdict.success) return setError(verdict.errors.title ?? null);
    if (room <= 0) return onLimit();
    const same = anyway ? undefined : memory?.duplicateOf(props.tasks, verdict.data.title, parentId);
    if (same) return setDuplicate(same);
    emptied();
    void add({ title: verdict.data.title, ...(due ? { dueAt: due.dueAt } : {}), ...(qty ? { quantity: qty.quantity } : {}) }, value);
    if (anyway) input.current?.focus();
  }

  /**
   * A suggestion tapped or chosen: added at once with its quantity (or the one typed), its section
   * and any date typed; one open on the list already is named first, as a typed title is.
   */
  function pick({ title, quantity, sectionId }: Suggestion) {
    if (room <= 0) return onLimit();
    const same = memory?.duplicateOf(props.tasks, title, parentId);
    if (same) {
      // The typed quantity stays in the field, so "Add anyway" adds what a pick would.
      setValue(qty ? `${qty.quantity} ${title}` : title);
      return setDuplicate(same);
    }
    emptied();
    void add({ title, quantity: qty?.quantity ?? quantity, sectionId, ...(due ? { dueAt: due.dueAt } : {}) }, title);
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const text = event.clipboardData.getData("text/plain");
    // One line is a title like any other: the field takes it as typed.
    if (!SEVERAL_LINES.test(text)) return;
    event.preventDefault();
    const { selectionStart, selectionEnd } = event.currentTarget;
    const failed = () => toast({ title: "Failed to add items", description: PASTE_OFFLINE, variant: "destructive" });
    loadParser().then(({ parsePastedList, countPasted }) => {
      const items = parsePastedList(text, { flat: parentId !== 0 });
      if (countPasted(items) >= 2) return offline ? failed() : setPasted(items);
      // Lines that make one item (a heading over a title) are one title, typed in like any other.
      setValue((current) => typedIn(current, text, selectionStart ?? current.length, selectionEnd ?? current.length));
    }, failed);
  }

  /** What the sheet took from the field is added: the field empties and is ready for the next item. */
  function addedFromSheet() {
    emptied();
    setError(null);
    // While the sheet is open the field cannot take focus; once it closes, the field is where the person goes on.
    const focusField = () => input.current?.focus();
    const sheet = document.querySelector("dialog[open]");
    if (sheet) sheet.addEventListener("close", focusField, { once: true });
    else focusField();
  }

  function closePreview() {
    previewClosed.current = true;
    setPasted(null);
  }

  return (
    <>
      <form
        className="quick-add"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit(false);
        }}
      >
        <label htmlFor={QUICK_ADD_ID} className="sr-only">
          Add an item
        </label>
        <div className="quick-add__row">
          <Icon name="plus" size={20} />
          <input
            ref={input}
            id={QUICK_ADD_ID}
            className="quick-add__input"
            placeholder={parentId ? "Add a sub-item" : "Add an item"}
            autoComplete="off"
            enterKeyHint="enter"
            maxLength={FIELD_LENGTH}
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "quick-add-error" : undefined}
            onFocus={loadWords}
            onChange={(event) => {
              setValue(event.target.value);
              if (!event.target.value) emptied();
              setDuplicate(null);
              setError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === "Escape") setDuplicate(null);
            }}
            onPaste={onPaste}
          />
          <button
            type="button"
            className="icon-button quick-add__details"
            aria-label="Add Item"
            title="Add with a description, or as a parent item"
            onClick={() => onDetails(qty?.title ?? due?.title ?? value, addedFromSheet, due?.dueAt, qty?.quantity)}
          >
            <Icon name="more" size={20} />
            <span className="quick-add__label">Add Item</span>
          </button>
        </div>
        {due && (
          <p className="quick-add__due" aria-live="polite">
            <span>Due {dayLabel(due.dueAt, today, true)}</span>{" "}
            <button type="button" className="button button--ghost button--small" onClick={() => keep(setKeepWords)}>
              Keep “{value.trim().slice(due.title.length).trim()}” in the title
            </button>
          </p>
        )}
        {error && (
          <div id="quick-add-error" className="field__error" role="alert">
            {error}
          </div>
        )}
        {memory && (
          <memory.QuickAddMemory
            qty={qty}
            duplicate={duplicate}
            viewerId={props.viewerId}
            onKeepQuantity={() => keep(setKeepQuantity)}
            onAddAnyway={() => submit(true)}
            input={input}
            typed={qty?.title ?? due?.title ?? value}
            target={props.target}
            tasks={props.tasks}
            onPick={pick}
          />
        )}
      </form>
      {pasted && (
        <Suspense fallback={null}>
          <PastePreview
            items={pasted}
            room={room}
            offline={offline}
            onAdd={(items) => paste(parentId, items)}
            underParent={parentId !== 0}
            onLimit={onLimit}
            onClose={closePreview}
          />
        </Suspense>
      )}
    </>
  );
}
