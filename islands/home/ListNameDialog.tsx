import { LIST_NAME_MAX, validateListName } from "../../src/shared/rules/lists";
import type { TaskList } from "../../src/shared/types";
import { Dialog } from "../ui/Dialog";
import { Field } from "../ui/Field";
import { Spinner } from "../ui/Icon";
import { fieldVerdict, useForm } from "../ui/useForm";

/** The lists a new list may start from: the person's own, then those shared with them. */
export interface ListTemplates {
  own: ListTemplate[];
  shared: ListTemplate[];
}

type ListTemplate = Pick<TaskList, "id" | "name">;

export interface ListNameDialogProps {
  open: boolean;
  mode: "create" | "edit" | "duplicate";
  initialName: string;
  /** New List only: "New from template" offers these (docs/decisions/054-duplicate-and-templates.md). */
  templates?: ListTemplates;
  onClose: () => void;
  /** Resolves when saved; a rejection keeps the sheet open (the caller has shown the toast). `templateId` null: an empty list. */
  onSave: (name: string, templateId: number | null) => Promise<void>;
}

const TITLES = { create: "New List", edit: "Edit List", duplicate: "Duplicate List" };
const SUBMITS = { create: "Create List", edit: "Save", duplicate: "Duplicate" };

/** 'New List', the edit side sheet and Duplicate: one name field, at most 48 characters with a live counter. */
export function ListNameDialog({ open, mode, initialName, templates, onClose, onSave }: ListNameDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} variant={mode === "edit" ? "sheet" : "dialog"} title={TITLES[mode]}>
      <NameForm mode={mode} initialName={initialName} templates={templates} onClose={onClose} onSave={onSave} />
    </Dialog>
  );
}

function NameForm({ mode, initialName, templates, onClose, onSave }: Omit<ListNameDialogProps, "open">) {
  const form = useForm({
    initial: { name: initialName, from: "" },
    check: ({ name, from }) => fieldVerdict("name", validateListName(name), { name: name.trim(), from }),
    send: ({ name, from }) => onSave(name, from === "" ? null : Number(from)),
    // The caller has shown the toast; the sheet stays open for another try.
    refused: () => undefined,
  });
  const { name, from } = form.values;
  const offered = mode === "create" && templates && templates.own.length + templates.shared.length > 0 ? templates : undefined;
  const nameOf = (id: string) => [...(offered?.own ?? []), ...(offered?.shared ?? [])].find((list) => String(list.id) === id)?.name;
  // A list picked to start from names the new one, unless a name is typed: one the last pick gave
  // is the pick's, and follows the next one.
  const pick = (id: string) => {
    const picked = name.trim() === "" || name === nameOf(from);
    form.setValues({ from: id, name: picked ? (nameOf(id) ?? "") : name });
  };

  return (
    <form className="form" noValidate onSubmit={form.submit}>
      <Field
        id="list-name"
        label="List name"
        placeholder="e.g. Groceries"
        autoComplete="off"
        data-autofocus
        maxLength={LIST_NAME_MAX}
        {...form.field("name")}
        aside={
          <span className="counter" aria-live="polite">
            {name.length}/{LIST_NAME_MAX}
          </span>
        }
      />
      {offered && (
        <div className="field">
          <div className="field__label-row">
            <label htmlFor="list-template">New from template</label>
          </div>
          <select
            id="list-template"
            className="input"
            aria-describedby="list-template-hint"
            value={from}
            onChange={(event) => pick(event.target.value)}
          >
            <option value="">Empty list</option>
            <TemplateGroup label="My lists" lists={offered.own} />
            <TemplateGroup label="Shared with me" lists={offered.shared} />
          </select>
          <div id="list-template-hint" className="field__hint">
            Its items are copied, all unticked.
          </div>
        </div>
      )}
      <div className="dialog__actions">
        <button type="button" className="button button--outline" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={form.pending || name.trim() === ""}>
          {form.pending && <Spinner label="Saving" />}
          {SUBMITS[mode]}
        </button>
      </div>
    </form>
  );
}

function TemplateGroup({ label, lists }: { label: string; lists: ListTemplate[] }) {
  if (lists.length === 0) return null;
  return (
    <optgroup label={label}>
      {lists.map((list) => (
        <option key={list.id} value={list.id}>
          {list.name}
        </option>
      ))}
    </optgroup>
  );
}
