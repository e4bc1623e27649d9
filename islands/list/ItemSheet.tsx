import { useState, type FormEvent } from "react";
import { dueDay } from "../../src/shared/due-days";
import { REPEAT_LABELS, type RepeatChoice, repeatChoice, repeatRule } from "../../src/shared/item-repeat";
import { MAX_QUANTITY_LENGTH, QUANTITY } from "../../src/shared/rules/memory";
import { MAX_DESCRIPTION_LENGTH, MAX_TITLE_LENGTH, validateItem } from "../../src/shared/rules/tasks";
import { checkText } from "../../src/shared/rules/text";
import type { Section, Task } from "../../src/shared/types";
import { Dialog } from "../ui/Dialog";
import { Field } from "../ui/Field";
import { Spinner } from "../ui/Icon";
import { Switch } from "../ui/Switch";
import type { ItemFields } from "../offline/changes";
import { bySectionOrder, sectionOf } from "./sections";

export interface ItemSheetProps {
  open: boolean;
  /** The item being edited; null adds a new one. */
  task: Task | null;
  /** What the quick-add field held when the sheet was opened from it. */
  initialTitle?: string;
  /** The date the quick-add field's title ended with, taken off that title. */
  initialDue?: string;
  /** The quantity the quick-add field's title named, taken off that title. */
  initialQuantity?: string;
  /** The parent switch is for top-level items only (docs/product-rules.md#sub-items). */
  topLevel: boolean;
  /** A parent that still holds sub-items cannot stop being a parent. */
  hasSubItems: boolean;
  /** The list's sections: an item being edited is moved between them here (docs/decisions/060-sections-browser.md). */
  sections: Section[];
  onClose: () => void;
  /** Resolves when saved; rejects to keep the sheet open (the caller showed the toast). */
  onSave: (fields: ItemFields) => Promise<void>;
}

/**
 * The Add/Edit Item sheet (docs/product-rules.md#screens): Title ≤ 80 and Description ≤ 256 with
 * counters, its quantity (docs/decisions/059-quick-add-memory.md), the parent switch, the due date and its repeat (docs/decisions/056-due-dates-browser.md),
 * and when everyone is reminded (docs/decisions/055-due-dates.md).
 */
export function ItemSheet(props: ItemSheetProps) {
  return (
    <Dialog open={props.open} onClose={props.onClose} variant="sheet" title={props.task ? "Edit Item" : "Add Item"}>
      <ItemForm {...props} />
    </Dialog>
  );
}

function ItemForm({
  task,
  initialTitle = "",
  initialDue = "",
  initialQuantity = "",
  topLevel,
  hasSubItems,
  sections,
  onClose,
  onSave,
}: ItemSheetProps) {
  // An add goes where the list's memory puts its title (docs/decisions/057-memory.md); an edit says where it is.
  const [section, setSection] = useState(task ? String(sectionOf(task, sections) ?? "") : "");
  const [title, setTitle] = useState(task?.title ?? initialTitle);
  const [quantity, setQuantity] = useState(task ? (task.quantity ?? "") : initialQuantity);
  const [description, setDescription] = useState(task?.description ?? "");
  const [isParent, setIsParent] = useState(task?.isParent ?? false);
  // A due time set through the API shows as its day; it is kept unless the day is changed.
  const dayBefore = task?.dueAt ? dueDay(task.dueAt) : "";
  const [due, setDue] = useState(task ? dayBefore : initialDue);
  const [repeat, setRepeat] = useState<RepeatChoice>(repeatChoice(task?.repeat));
  const remindBefore = task?.remindAt ? localInputOf(task.remindAt) : "";
  const [remind, setRemind] = useState(remindBefore);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const verdict = validateItem({ title, description });
    if (!verdict.success) return setErrors(verdict.errors);
    const quantityError = checkText(QUANTITY, quantity);
    if (quantityError) return setErrors({ quantity: quantityError });
    setPending(true);
    try {
      // A reminder left as it was keeps the instant it was set with, offset included.
      const remindAt = remind === remindBefore ? (task?.remindAt ?? null) : remind ? instantOf(remind) : null;
      const sectionId = task && topLevel ? { sectionId: section ? Number(section) : null } : {};
      await onSave({
        ...verdict.data,
        quantity: quantity.trim() || null,
        isParent: topLevel && isParent,
        ...dueFields(),
        remindAt,
        ...sectionId,
      });
    } catch {
      setPending(false);
    }
  }

  /** The due date and repeat to save: as they were when neither was changed, so a rule set through the API stays. */
  function dueFields() {
    if (!due) return { dueAt: null, repeat: null };
    const sameDay = due === dayBefore;
    const sameRepeat = sameDay && repeat === repeatChoice(task?.repeat);
    return { dueAt: sameDay ? (task?.dueAt ?? due) : due, repeat: sameRepeat ? (task?.repeat ?? null) : repeatRule(repeat, due) };
  }

  return (
    <form className="form item-form" noValidate onSubmit={submit}>
      <Field
        id="item-title"
        label="Title"
        placeholder="What needs doing?"
        autoComplete="off"
        data-autofocus
        maxLength={MAX_TITLE_LENGTH}
        value={title}
        error={errors.title}
        onChange={(e) => setTitle(e.target.value)}
        aside={
          <span className="counter">
            {title.length}/{MAX_TITLE_LENGTH}
          </span>
        }
      />
      <Field
        id="item-quantity"
        label="Quantity (optional)"
        placeholder="2 l, 500 g, 6"
        autoComplete="off"
        maxLength={MAX_QUANTITY_LENGTH}
        value={quantity}
        error={errors.quantity}
        onChange={(e) => setQuantity(e.target.value)}
      />
      <div className="field">
        <div className="field__label-row">
          <label htmlFor="item-description">
            Description <span className="counter">(optional)</span>
          </label>
          <span className="counter">
            {description.length}/{MAX_DESCRIPTION_LENGTH}
          </span>
        </div>
        <textarea
          id="item-description"
          name="item-description"
          placeholder="Add details"
          maxLength={MAX_DESCRIPTION_LENGTH}
          rows={4}
          value={description}
          aria-invalid={errors.description ? true : undefined}
          onChange={(e) => setDescription(e.target.value)}
        />
        {errors.description && (
          <div className="field__error" role="alert">
            {errors.description}
          </div>
        )}
      </div>
      {task && topLevel && sections.length > 0 && (
        <div className="field">
          <div className="field__label-row">
            <label htmlFor="item-section">Section</label>
          </div>
          <select id="item-section" className="input" value={section} onChange={(e) => setSection(e.target.value)}>
            <option value="">No section</option>
            {sections
              .slice()
              .sort(bySectionOrder)
              .map(({ id, name }) => (
                <option key={id} value={id}>
                  {name}
                </option>
              ))}
          </select>
        </div>
      )}
      <WhenField id="item-due" label="Due date" type="date" value={due} onChange={setDue} />
      <div className="field">
        <div className="field__label-row">
          <label htmlFor="item-repeat">Repeats</label>
        </div>
        <select
          id="item-repeat"
          className="input"
          value={due ? repeat : "never"}
          disabled={!due}
          aria-describedby={due ? undefined : "item-repeat-hint"}
          onChange={(e) => setRepeat(e.target.value as RepeatChoice)}
        >
          {Object.entries(REPEAT_LABELS).map(([choice, words]) => (
            <option key={choice} value={choice}>
              {words}
            </option>
          ))}
        </select>
        {!due && (
          <div id="item-repeat-hint" className="field__hint">
            Set a due date first.
          </div>
        )}
      </div>
      <WhenField id="item-remind" label="Remind everyone at" type="datetime-local" value={remind} onChange={setRemind} />
      {topLevel && (
        <Switch
          checked={isParent}
          onChange={setIsParent}
          disabled={hasSubItems && isParent}
          label="Make this a parent item (can contain sub-items)"
        />
      )}
      <div className="dialog__actions">
        <button type="button" className="button button--outline" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={pending || title.trim() === ""}>
          {pending && <Spinner label="Saving" />}
          Save
        </button>
      </div>
    </form>
  );
}

/** A date or date-time field with Clear beside its label while it holds one. */
function WhenField({
  onChange,
  ...field
}: {
  id: string;
  label: string;
  type: "date" | "datetime-local";
  value: string;
  onChange: (value: string) => void;
}) {
  const clear = (
    <button type="button" className="button button--ghost button--small" onClick={() => onChange("")}>
      Clear
    </button>
  );
  return <Field {...field} onChange={(e) => onChange(e.target.value)} aside={field.value && clear} />;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant as this browser's date-time field shows it: "2026-12-01T09:30", on its own clock. */
function localInputOf(instant: string): string {
  const at = new Date(instant);
  // The same instant's UTC fields moved by the offset read as the local clock's.
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** The date-time field's value as an instant with this browser's offset then: "2026-12-01T09:30+01:00". */
function instantOf(local: string): string {
  const offset = -new Date(local).getTimezoneOffset();
  const sign = offset < 0 ? "-" : "+";
  return `${local}${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}
