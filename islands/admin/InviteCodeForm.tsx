import { useEffect, useState, type FormEvent } from "react";
import { validateInviteCode } from "../../src/shared/rules/admin";
import { api, errorMessage } from "../api";
import { toast } from "../toast";
import { Field } from "../ui/Field";
import { Spinner } from "../ui/Icon";

export interface InviteCodeFormProps {
  currentCode: string | null;
}

/** Admin "Invite Code Management": the current code and the form that replaces it (docs/product-rules.md#screens). */
export default function InviteCodeForm({ currentCode }: InviteCodeFormProps) {
  const [current, setCurrent] = useState(currentCode);
  const [value, setValue] = useState(currentCode ?? "");
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  // Update is disabled while the code is unchanged or being saved (docs/product-rules.md#text-rules).
  const unchanged = value === (current ?? "");

  // Another admin tab may have changed the code: pick it up when this tab comes back.
  useEffect(() => {
    const refresh = async () => {
      try {
        const { inviteCode } = await api<{ inviteCode: string | null }>("/api/admin/invite-code");
        setCurrent((previous) => {
          setValue((typed) => (typed === (previous ?? "") ? (inviteCode ?? "") : typed));
          return inviteCode;
        });
      } catch {
        toast({ title: "Failed to fetch invite code", variant: "destructive" });
      }
    };
    window.addEventListener("focus", refresh);
    return () => window.removeEventListener("focus", refresh);
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateInviteCode(value);
    setError(problem);
    if (problem || unchanged) return;
    setSaving(true);
    try {
      const { inviteCode } = await api<{ inviteCode: string }>("/api/admin/invite-code", { body: { inviteCode: value.trim() } });
      setCurrent(inviteCode);
      setValue(inviteCode);
      toast({ title: "Invite code updated successfully", variant: "success" });
    } catch (failure) {
      toast({ title: "Failed to update invite code", description: errorMessage(failure, "Please try again."), variant: "destructive" });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="stack">
      <div className="invite-current">
        <span className="invite-current__label">Current invite code</span>
        {current ? (
          <code className="invite-current__code" data-testid="current-invite-code">
            {current}
          </code>
        ) : (
          <span className="muted" data-testid="current-invite-code">
            No invite code set
          </span>
        )}
      </div>
      <form className="form invite-form" noValidate onSubmit={submit} aria-label="Update invite code">
        <Field
          id="new-invite-code"
          label="New Invite Code"
          autoComplete="off"
          spellCheck={false}
          value={value}
          error={error}
          hint="Users need this invite code to register for a new account"
          onChange={(e) => {
            setValue(e.target.value);
            setError(undefined);
          }}
        />
        <button type="submit" className="button button--primary" disabled={unchanged || saving}>
          {saving && <Spinner label="Updating invite code" />}
          {saving ? "Updating..." : "Update"}
        </button>
      </form>
    </div>
  );
}
