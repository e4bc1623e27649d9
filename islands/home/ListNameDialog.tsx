import { LIST_NAME_MAX, validateListName } from "../../src/shared/rules/lists";
import { Dialog } from "../ui/Dialog";
import { Field } from "../ui/Field";
import { Spinner } from "../ui/Icon";
import { fieldVerdict, useForm } from "../ui/useForm";

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
  const form = useForm({
    initial: { name: initialName },
    check: ({ name }) => fieldVerdict("name", validateListName(name), name.trim()),
    send: onSave,
    // The caller has shown the toast; the sheet stays open for another try.
    refused: () => undefined,
  });
  const { name } = form.values;

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
      <div className="dialog__actions">
        <button type="button" className="button button--outline" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={form.pending || name.trim() === ""}>
          {form.pending && <Spinner label="Saving" />}
          {mode === "create" ? "Create List" : "Save"}
        </button>
      </div>
    </form>
  );
}
