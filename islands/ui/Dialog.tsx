import { useEffect, useId, useLayoutEffect, useRef, type MouseEvent, type ReactNode } from "react";
import { Icon } from "./Icon";

export interface DialogProps {
  open: boolean;
  /** Called on Escape, on a click on the backdrop and on the ✕ button. */
  onClose: () => void;
  title: ReactNode;
  /** A line under the title, read out as the dialog's description. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons in the footer, right-aligned. */
  actions?: ReactNode;
  /** "sheet" slides in from the side (the edit sheets); "dialog" is centred. */
  variant?: "dialog" | "sheet";
  /** Confirmations are alertdialogs, so screen readers announce them as such. */
  role?: "dialog" | "alertdialog";
  /** The ✕ in the corner; off when the actions already hold a Close button. */
  closeButton?: boolean;
  className?: string;
}

/**
 * A modal on the native <dialog> (docs/product-rules.md#screens): focus trap, Escape and the top layer come free.
 * The content is mounted only while open, so every opening starts with fresh form state.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  actions,
  variant = "dialog",
  role,
  closeButton = true,
  className,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const lastFocused = useRef<HTMLElement | null>(null);

  // A layout effect, so its cleanup closes the dialog before React takes it out of the page: the
  // browser then hands focus back to what opened it, as it does for a dialog that stays mounted.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    // happy-dom and very old browsers lack showModal; the open attribute still shows it.
    // showModal focuses the first control (often ✕). React's autoFocus cannot help: it runs while
    // the dialog is still closed, when nothing inside can take focus. So the content marks the
    // control to start on with `data-autofocus`, focused once the dialog shows.
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
    dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    return () => {
      if (typeof dialog.close === "function") dialog.close();
      else dialog.removeAttribute("open");
    };
  }, [open]);

  // After every render: a step that replaced the focused control, or a button disabled while its
  // action ran, leaves focus on the page's body. It goes back to the control last focused here,
  // or else to the one the content starts on.
  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog || (document.activeElement && document.activeElement !== document.body)) return;
    const last = lastFocused.current;
    (last?.isConnected && !last.matches(":disabled") ? last : dialog.querySelector<HTMLElement>("[data-autofocus]"))?.focus();
  });

  // A click whose target is the <dialog> itself landed on the backdrop (the content fills the box).
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === ref.current) onClose();
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click has its keyboard twin in the dialog's own Escape
    <dialog
      ref={ref}
      className={[variant === "sheet" ? "sheet" : "", className ?? ""].join(" ").trim() || undefined}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={onClick}
      onFocus={(event) => {
        lastFocused.current = event.target;
      }}
    >
      {open && (
        <div className="dialog__body">
          <div className="dialog__header">
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            {closeButton && (
              <button type="button" className="icon-button dialog__close" aria-label="Close dialog" onClick={onClose}>
                <Icon name="close" size={18} />
              </button>
            )}
          </div>
          {description && (
            <p id={descriptionId} className="dialog__description">
              {description}
            </p>
          )}
          {children}
          {actions && <div className="dialog__actions">{actions}</div>}
        </div>
      )}
    </dialog>
  );
}
