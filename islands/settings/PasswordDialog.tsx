import { useState, type FormEvent } from "react";
import { type PASSWORD_CHANGE_FORM, validatePasswordChange } from "../../src/shared/rules/account";
import { api, errorMessage } from "../api";
import { toast } from "../toast";
import { Dialog } from "../ui/Dialog";
import { Field } from "../ui/Field";
import { Spinner } from "../ui/Icon";

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
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Submitting needs all three fields filled (docs/product-rules.md#text-rules).
  const complete = values.currentPassword !== "" && values.newPassword !== "" && values.confirmPassword !== "";

  const validate = (next: PasswordChange) => {
    const verdict = validatePasswordChange(next);
    setErrors(verdict.success ? {} : verdict.errors);
    return verdict;
  };

  const set = (field: keyof PasswordChange) => (e: { target: { value: string } }) => {
    const next = { ...values, [field]: e.target.value };
    setValues(next);
    // After a first attempt, messages follow the typing so the user sees them clear.
    if (submitted) validate(next);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    const verdict = validate(values);
    if (!verdict.success || !complete) return;
    setSaving(true);
    try {
      await api("/api/change-password", { method: "PATCH", body: verdict.data });
      toast({ title: "Password changed", description: "Your password has been updated successfully.", variant: "success" });
      onClose();
    } catch (error) {
      const message = errorMessage(error, "An error occurred while changing your password.");
      setSaving(false);
      setFailure(message);
      toast({ title: "Failed to change password", description: message, variant: "destructive" });
    }
  }

  return (
    <form className="form" noValidate onSubmit={submit} aria-label="Change password">
      <Field
        id="current-password"
        label="Current Password"
        type="password"
        autoComplete="current-password"
        data-autofocus
        value={values.currentPassword}
        error={errors.currentPassword}
        onChange={set("currentPassword")}
      />
      <Field
        id="new-password"
        label="New Password"
        type="password"
        autoComplete="new-password"
        value={values.newPassword}
        error={errors.newPassword}
        hint="At least 6 characters."
        onChange={set("newPassword")}
      />
      <Field
        id="confirm-new-password"
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onChange={set("confirmPassword")}
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
