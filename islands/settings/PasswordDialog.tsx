import { type PASSWORD_CHANGE_FORM, validatePasswordChange } from "../../src/shared/rules/account";
import { client, errorMessage } from "../api";
import { toast } from "../toast";
import { Dialog } from "../ui/Dialog";
import { Field } from "../ui/Field";
import { Spinner } from "../ui/Icon";
import { useForm } from "../ui/useForm";

type PasswordChange = Record<keyof typeof PASSWORD_CHANGE_FORM, string>;

const EMPTY: PasswordChange = { currentPassword: "", newPassword: "", confirmPassword: "" };

export interface PasswordDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Account tab "Change Password" dialog with its rules (docs/product-rules.md#text-rules). */
export function PasswordDialog({ open, onClose }: PasswordDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Change Password" description="Enter your current password and choose a new one.">
      <PasswordForm onClose={onClose} />
    </Dialog>
  );
}

function PasswordForm({ onClose }: { onClose: () => void }) {
  const form = useForm({
    initial: EMPTY,
    check: validatePasswordChange,
    send: async (data) => {
      await client["change-password"].$patch({ json: data });
      toast({ title: "Password changed", description: "Your password has been updated successfully.", variant: "success" });
      onClose();
    },
    refused: (error) => {
      const message = errorMessage(error, "An error occurred while changing your password.");
      toast({ title: "Failed to change password", description: message, variant: "destructive" });
      return message;
    },
    // After a first attempt, messages follow the typing so the user sees them clear.
    live: true,
  });
  const { values, failure, pending: saving } = form;
  // Submitting needs all three fields filled (docs/product-rules.md#text-rules).
  const complete = values.currentPassword !== "" && values.newPassword !== "" && values.confirmPassword !== "";

  return (
    <form className="form" noValidate onSubmit={form.submit} aria-label="Change password">
      <Field
        id="current-password"
        label="Current Password"
        type="password"
        autoComplete="current-password"
        data-autofocus
        {...form.field("currentPassword")}
      />
      <Field
        id="new-password"
        label="New Password"
        type="password"
        autoComplete="new-password"
        {...form.field("newPassword")}
        hint="At least 6 characters."
      />
      <Field
        id="confirm-new-password"
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        {...form.field("confirmPassword")}
      />
      {failure && (
        <div className="form-error" role="alert">
          {failure}
        </div>
      )}
      <div className="dialog__actions">
        <button type="button" className="button button--outline" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={!complete || saving}>
          {saving && <Spinner label="Changing password" />}
          {saving ? "Changing..." : "Change Password"}
        </button>
      </div>
    </form>
  );
}
