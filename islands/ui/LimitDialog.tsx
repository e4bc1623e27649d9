import { Dialog } from "./Dialog";

export interface LimitDialogProps {
  open: boolean;
  onClose: () => void;
  /** The product's title, e.g. 'List Limit Reached (25)'. */
  title: string;
  description: string;
}

/** The notice that a cap (docs/product-rules.md#limits) was hit: what the limit is, and one OK. */
export function LimitDialog({ open, onClose, title, description }: LimitDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      actions={
        <button type="button" className="button button--primary" onClick={onClose} data-autofocus>
          OK
        </button>
      }
    />
  );
}
