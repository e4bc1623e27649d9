import { toast } from "../toast";
import { Icon } from "./Icon";

/**
 * A secret the server shows this once (an API token, a webhook's signing secret): selectable and
 * copyable; once closed, only what it is for remains to be seen.
 */
export function ShownOnce({
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
