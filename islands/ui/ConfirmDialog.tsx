import type { ReactNode } from "react";
import { Dialog } from "./Dialog";
import { Spinner } from "./Icon";

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Red confirm button for destructive actions (delete). */
  destructive?: boolean;
  /** While the action runs the buttons are disabled and the confirm button spins. */
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The spec's yes/no confirmations ('Delete List', 'Delete "{title}" task?', reset). */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel = "Cancel",
  destructive,
  pending,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={() => !pending && onCancel()}
      title={title}
      description={description}
      role="alertdialog"
      closeButton={false}
      actions={
        <>
          <button type="button" className="button button--outline" onClick={onCancel} disabled={pending}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={`button ${destructive ? "button--danger" : "button--primary"}`}
            onClick={onConfirm}
            disabled={pending}
            // A destructive confirmation starts on Cancel (first in order), so Enter never destroys by accident.
            data-autofocus={destructive ? undefined : true}
          >
            {pending && <Spinner label={`${confirmLabel} in progress`} />}
            {confirmLabel}
          </button>
        </>
      }
    />
  );
}
