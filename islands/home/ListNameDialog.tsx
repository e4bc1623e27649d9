import { useState, type FormEvent } from "react";
import { LIST_NAME_MAX, validateListName } from "../../src/shared/rules/lists";
import { Dialog } from "../ui/Dialog";
import { Field } from "../ui/Field";
import { Spinner } from "../ui/Icon";

export interface ListNameDialogProps {
  open: boolean;
  mode: "create" | "edit";
  initialName: string;
  onClose: () => void;
  /** Resolves when saved; a rejection keeps the sheet open (the caller has shown the toast). */
  onSave: (name: string) => Promise<void>;
}

/** 'New List' and the edit side sheet: one name field, at most 48 characters with a live counter. */
export function ListNameDialog({ open, mode, initialName, onClose, onSave }: ListNameDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      variant={mode === "edit" ? "sheet" : "dialog"}
      title={mode === "create" ? "New List" : "Edit List"}
    >
      <NameForm mode={mode} initialName={initialName} onClose={onClose} onSave={onSave} />
    </Dialog>
  );
}

function NameForm({ mode, initialName, onClose, onSave }: Omit<ListNameDialogProps, "open">) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateListName(name);
    if (problem) return setError(problem);
    setPending(true);
    try {
      await onSave(name.trim());
    } catch {
      setPending(false);
    }
  }

  return (
    <form className="form" noValidate onSubmit={submit}>
      <Field
        id="list-name"
        label="List name"
        placeholder="e.g. Groceries"
        autoComplete="off"
        data-autofocus
        maxLength={LIST_NAME_MAX}
        value={name}
        error={error}
        onChange={(e) => {
          setName(e.target.value);
          setError(undefined);
        }}
        aside={
          <span className="counter" aria-live="polite">
            {name.length}/{LIST_NAME_MAX}
          </span>
        }
      />
      <div className="dialog__actions">
        <button type="button" className="button button--outline" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={pending || name.trim() === ""}>
          {pending && <Spinner label="Saving" />}
          {mode === "create" ? "Create List" : "Save"}
        </button>
      </div>
    </form>
  );
}
