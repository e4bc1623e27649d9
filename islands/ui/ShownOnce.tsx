import { type ReactNode, useState } from "react";
import { toast } from "../toast";
import { Dialog } from "./Dialog";
import { Icon } from "./Icon";

/**
 * A secret the server shows this once (an API token, a webhook's signing secret): selectable and
 * copyable; once closed, only what it is for remains to be seen.
 */
function ShownOnce({
  id,
  label,
  value,
  hint,
  onClose,
}: {
  id: string;
  /** What it is, as the field's label and in the copy's toast: "Token", "Signing secret". */
  label: string;
  value: string;
  hint: string;
  onClose: () => void;
}) {
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => toast({ title: `${label} copied`, variant: "success" }),
      () => toast({ title: "Copy failed", description: `Select the ${label.toLowerCase()} and copy it yourself.`, variant: "destructive" }),
    );
  return (
    <div className="stack">
      <div className="field">
        <div className="field__label-row">
          <label htmlFor={id}>{label}</label>
        </div>
        <input id={id} className="input" readOnly value={value} data-autofocus onFocus={(event) => event.target.select()} />
      </div>
      <p className="muted">{hint}</p>
      <div className="dialog__actions">
        <button type="button" className="button button--outline" onClick={copy}>
          <Icon name="copy" size={16} />
          Copy
        </button>
        <button type="button" className="button button--primary" onClick={onClose}>
          Done
        </button>
      </div>
    </div>
  );
}

export interface ShownOnceDialogProps<T> {
  open: boolean;
  onClose: () => void;
  /** The dialog's title and description while the form is up, and once the secret is shown. */
  title: { form: string; made: string };
  description: { form: string; made: string };
  /** The secret's field: its id, label, the hint under it, and where the made thing holds it. */
  secret: { id: string; label: string; hint: string; of: (made: T) => string };
  /** The form that makes it: `show(made)` turns the dialog to its secret, `close()` closes it. */
  form: (show: (made: T) => void, close: () => void) => ReactNode;
}

/** A dialog that makes something with a secret (an API token, a signing secret) and then shows the secret, this once. */
export function ShownOnceDialog<T>({ open, onClose, title, description, secret, form }: ShownOnceDialogProps<T>) {
  const [made, setMade] = useState<T>();
  const close = () => {
    setMade(undefined);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} title={made ? title.made : title.form} description={made ? description.made : description.form}>
      {made ? (
        <ShownOnce id={secret.id} label={secret.label} value={secret.of(made)} hint={secret.hint} onClose={close} />
      ) : (
        form(setMade, close)
      )}
    </Dialog>
  );
}
