import { Dialog } from "../ui/Dialog";
import { shortcutsFor } from "./shortcuts";

export interface ShortcutsDialogProps {
  open: boolean;
  /** A read-only viewer is shown only what works for them: moving around and this list. */
  readOnly: boolean;
  /** A tick-only viewer is shown `x` as well. */
  canTick: boolean;
  onClose: () => void;
}

/** The list page's `?`: every keyboard shortcut, the same list the Settings guide shows. */
export default function ShortcutsDialog({ open, readOnly, canTick, onClose }: ShortcutsDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Keyboard shortcuts"
      closeButton={false}
      actions={
        <button type="button" className="button button--primary" onClick={onClose} data-autofocus>
          Close
        </button>
      }
    >
      <dl className="guide__points shortcuts">
        {shortcutsFor(readOnly, canTick, document.querySelector("[data-search-button]") !== null).map((shortcut) => (
          <div key={shortcut.does} className="guide__point">
            <dt>
              {shortcut.keys.map((key, index) => (
                <span key={key}>
                  {index > 0 && " "}
                  <kbd>{key}</kbd>
                </span>
              ))}
            </dt>
            <dd>{shortcut.does}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
