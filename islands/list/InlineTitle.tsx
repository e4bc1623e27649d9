import { useEffect, useRef, useState } from "react";
import { MAX_TITLE_LENGTH } from "../../src/shared/rules/tasks";
import type { Task } from "../../src/shared/types";

export interface InlineTitleProps {
  task: Task;
  /** Writable: the title is a button that turns into a text field. */
  editable: boolean;
  /** Called with the new, trimmed title only when it changed. */
  onRename: (task: Task, title: string) => void;
}

/**
 * An item's title, edited in place: a click, or Enter on the focused title, swaps in a
 * text field; Enter or leaving the field saves, Escape cancels. Focus comes back to the title, so
 * a keyboard user carries on from where they were.
 */
export function InlineTitle({ task, editable, onRename }: InlineTitleProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const titleRef = useRef<HTMLButtonElement>(null);
  /** Set once Enter or Escape ended the edit, so the blur that follows does not save again. */
  const ended = useRef(false);
  const refocus = useRef(false);

  useEffect(() => {
    if (draft !== null || !refocus.current) return;
    refocus.current = false;
    titleRef.current?.focus();
  }, [draft]);

  if (!editable) return <span className="item__title">{task.title}</span>;

  function finish(save: boolean, keepFocus: boolean) {
    if (ended.current || draft === null) return;
    ended.current = true;
    refocus.current = keepFocus;
    const title = draft.trim();
    setDraft(null);
    if (save && title && title !== task.title) onRename(task, title);
  }

  if (draft === null)
    return (
      <button
        ref={titleRef}
        type="button"
        className="item__title item__title--editable"
        title="Edit title"
        onClick={() => {
          ended.current = false;
          setDraft(task.title);
        }}
      >
        {task.title}
      </button>
    );
  return (
    <input
      className="item__title-input"
      aria-label={`Edit title of ${task.title}`}
      // biome-ignore lint/a11y/noAutofocus: the field replaces the title the person just activated
      autoFocus
      autoComplete="off"
      enterKeyHint="done"
      maxLength={MAX_TITLE_LENGTH}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      // The caret at the end, where a typo's fix or an addition usually goes.
      onFocus={(event) => event.target.setSelectionRange(event.target.value.length, event.target.value.length)}
      onKeyDown={(event) => {
        if (event.key !== "Enter" && event.key !== "Escape") return;
        // Kept from the page's own shortcuts and from a surrounding dialog's Escape.
        event.preventDefault();
        event.stopPropagation();
        finish(event.key === "Enter", true);
      }}
      onBlur={() => finish(true, false)}
    />
  );
}
