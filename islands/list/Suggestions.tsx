import { type RefObject, useEffect, useMemo, useRef, useState } from "react";
import type { Task } from "../../src/shared/types";
import type { ListTarget } from "../offline/changes";
import { matches, onListMark, type Suggestion, suggest } from "./suggest";

export interface SuggestionsProps {
  /** The quick-add field this list belongs to: its keys move through the list, its focus opens it. */
  input: RefObject<HTMLInputElement | null>;
  /** What is typed, as typed. */
  typed: string;
  target: ListTarget;
  /** The page's items, which mark a suggestion "On the list". */
  tasks: readonly Task[];
  onPick: (suggestion: Suggestion) => void;
}

const LIST_ID = "quick-add-suggestions";
/** Asked once typing pauses this long, so a word typed quickly is one request. */
const DEBOUNCE_MS = 150;
const optionId = (index: number) => `${LIST_ID}-${index}`;

/**
 * The field's suggestions (docs/decisions/059-quick-add-memory.md): an ARIA combobox's listbox under
 * the quick add. Focused empty it offers the list's usuals; as the person types, the titles this
 * list has had that start so. Arrow keys move through them, Enter or a tap adds one at once, Escape
 * closes them until the next key. An answer to an older text than the field's is dropped. Loaded
 * with the quantity parser when the field is first focused; the field's combobox attributes are set
 * from here so the page's first script carries none of this.
 */
export default function Suggestions({ input, typed, target, tasks, onPick }: SuggestionsProps) {
  const [items, setItems] = useState<Suggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(() => document.activeElement === input.current);
  const asked = useRef(0);
  const onList = useMemo(() => onListMark(tasks), [tasks]);
  const shown = open && items.length > 0;

  useEffect(() => {
    const ask = ++asked.current;
    setActive(-1);
    // Until the answer comes, those shown that still match: none that no longer does stays in sight.
    setItems((shown) => shown.filter((item) => matches(item.title, typed)));
    const timer = setTimeout(
      () =>
        void suggest(target, typed).then((answer) => {
          if (ask === asked.current) setItems(answer);
        }),
      typed.trim() ? DEBOUNCE_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [typed, target]);

  // Typing again shows the list Escape closed.
  useEffect(() => {
    if (input.current === document.activeElement) setOpen(true);
  }, [typed]);

  useEffect(() => {
    const field = input.current;
    if (!field) return;
    const show = () => setOpen(true);
    const hide = () => setOpen(false);
    field.addEventListener("focus", show);
    field.addEventListener("blur", hide);
    return () => {
      field.removeEventListener("focus", show);
      field.removeEventListener("blur", hide);
    };
  }, [input]);

  // The field is the combobox: its state follows the list's.
  useEffect(() => {
    const field = input.current;
    if (!field) return;
    field.setAttribute("role", "combobox");
    field.setAttribute("aria-autocomplete", "list");
    field.setAttribute("aria-controls", LIST_ID);
    field.setAttribute("aria-expanded", String(shown));
    if (shown && active >= 0) field.setAttribute("aria-activedescendant", optionId(active));
    else field.removeAttribute("aria-activedescendant");
  });

  useEffect(() => {
    const field = input.current;
    if (!field) return;
    const onKey = (event: KeyboardEvent) => {
      if (!shown || event.isComposing) return;
      const last = items.length - 1;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const by = event.key === "ArrowDown" ? 1 : -1;
        setActive((current) => (current + by > last ? -1 : current + by < -1 ? last : current + by));
      } else if (event.key === "Enter" && active >= 0) {
        // The chosen suggestion is added instead of what is typed.
        event.preventDefault();
        onPick(items[active]!);
      } else if (event.key === "Escape") {
        setOpen(false);
      }
    };
    field.addEventListener("keydown", onKey);
    return () => field.removeEventListener("keydown", onKey);
  });

  return (
    <div id={LIST_ID} className="suggestions" role="listbox" aria-label="Suggestions" hidden={!shown}>
      {items.map((item, index) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: the field's own keys choose an option (aria-activedescendant); focus never leaves it
        <div
          key={item.title}
          id={optionId(index)}
          className="suggestions__option"
          role="option"
          tabIndex={-1}
          aria-selected={index === active}
          // The field keeps focus, and a phone its keyboard, for the next item.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(item)}
        >
          <span className="suggestions__title">{item.title}</span>
          {item.quantity && <span className="item__qty">{item.quantity}</span>}
          {onList(item.title) && <span className="suggestions__on">On the list</span>}
        </div>
      ))}
    </div>
  );
}
