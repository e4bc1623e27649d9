import { useEffect, useState } from "react";
import { validateInviteCode } from "../../src/shared/rules/admin";
import { client, errorMessage } from "../api";
import { toast } from "../toast";
import { Field } from "../ui/Field";
import { Spinner } from "../ui/Icon";
import { fieldVerdict, useForm, type Verdict } from "../ui/useForm";

export interface InviteCodeFormProps {
  currentCode: string | null;
}

/** Admin "Invite Code Management": the current code and the form that replaces it (docs/product-rules.md#screens). */
export default function InviteCodeForm({ currentCode }: InviteCodeFormProps) {
  const [current, setCurrent] = useState(currentCode);
  const form = useForm({
    initial: { inviteCode: currentCode ?? "" },
    check: ({ inviteCode }): Verdict<string> => {
      const verdict = fieldVerdict("inviteCode", validateInviteCode(inviteCode), inviteCode.trim());
      return verdict.success && unchanged ? { success: false, errors: {} } : verdict;
    },
    send: async (code) => {
      const { inviteCode } = await client.admin["invite-code"].$post({ json: { inviteCode: code } });
      setCurrent(inviteCode);
      form.setValues({ inviteCode });
      toast({ title: "Invite code updated successfully", variant: "success" });
    },
    refused: (failure) => {
      toast({ title: "Failed to update invite code", description: errorMessage(failure, "Please try again."), variant: "destructive" });
    },
    again: true,
  });
  const value = form.values.inviteCode;
  // Update is disabled while the code is unchanged or being saved (docs/product-rules.md#text-rules).
  const unchanged = value === (current ?? "");

  // Another admin tab may have changed the code: pick it up when this tab comes back.
  useEffect(() => {
    const refresh = async () => {
      try {
        const { inviteCode } = await client.admin["invite-code"].$get();
        setCurrent((previous) => {
          form.setValues((typed) => (typed.inviteCode === (previous ?? "") ? { inviteCode: inviteCode ?? "" } : typed));
          return inviteCode;
        });
      } catch {
        toast({ title: "Failed to fetch invite code", variant: "destructive" });
      }
    };
    window.addEventListener("focus", refresh);
    return () => window.removeEventListener("focus", refresh);
  }, []);

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
      <form className="form invite-form" noValidate onSubmit={form.submit} aria-label="Update invite code">
        <Field
          id="new-invite-code"
          label="New Invite Code"
          autoComplete="off"
          spellCheck={false}
          hint="Users need this invite code to register for a new account"
          {...form.field("inviteCode")}
        />
        <button type="submit" className="button button--primary" disabled={unchanged || form.pending}>
          {form.pending && <Spinner label="Updating invite code" />}
          {form.pending ? "Updating..." : "Update"}
        </button>
      </form>
    </div>
  );
}
