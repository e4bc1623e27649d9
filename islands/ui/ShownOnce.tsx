import { type ReactNode, useState } from "react";
import { toast } from "../toast";
import { Dialog } from "./Dialog";
import { Icon } from "./Icon";

interface Secret {
  id: string;
  /** What it is, as the field's label and in the copy's toast: "Token", "Signing secret". */
  label: string;
  value: string;
  hint: string;
}

/**
 * A dialog that asks for something the server makes with a secret (a token, a webhook): its form
 * first, then the secret, shown this once. The form says `show` with what was made, or `close`
 * when there is no secret to show.
 */
export function ShownOnceDialog<T>({
  open,
  onClose,
  asking,
  shown,
  form,
}: {
  open: boolean;
  onClose: () => void;
  /** The dialog's words while the form is shown. */
  asking: { title: string; description: string };
  /** The dialog's words and the secret, once made. */
  shown: (made: T) => { title: string; description: string; secret: Secret };
  form: (done: { show: (made: T) => void; close: () => void }) => ReactNode;
}) {
  const [made, setMade] = useState<{ value: T }>();
  const close = () => {
    setMade(undefined);
    onClose();
  };
  const words = made ? shown(made.value) : undefined;
  return (
    <Dialog open={open} onClose={close} title={(words ?? asking).title} description={(words ?? asking).description}>
      {words ? <ShownOnce {...words.secret} onClose={close} /> : form({ show: (value) => setMade({ value }), close })}
    </Dialog>
  );
}

/**
 * A secret the server shows this once (an API token, a webhook's signing secret): selectable and
 * copyable; once closed, only what it is for remains to be seen.
 */
function ShownOnce({ id, label, value, hint, onClose }: Secret & { onClose: () => void }) {
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
