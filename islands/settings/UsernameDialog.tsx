import { NEW_USERNAME_MAX } from "../../src/shared/rules/account";
import { client, errorMessage } from "../api";
import { flashToast, toast } from "../toast";
import { Dialog } from "../ui/Dialog";
import { Icon, Spinner } from "../ui/Icon";
import { useForm, type Verdict } from "../ui/useForm";
import { useUsernameAvailability, type Availability } from "./useUsernameAvailability";

export interface UsernameDialogProps {
  open: boolean;
  current: string;
  onClose: () => void;
}

/** Account tab "Edit" dialog: Save only once the new name is changed and available (docs/product-rules.md#screens). */
export function UsernameDialog({ open, current, onClose }: UsernameDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Edit Username" description="Choose a new username for your account.">
      <UsernameForm current={current} onClose={onClose} />
    </Dialog>
  );
}

function UsernameForm({ current, onClose }: { current: string; onClose: () => void }) {
  const form = useForm({
    initial: { username: current },
    // The rules ran as the name was typed (useUsernameAvailability): Save waits for "available".
    check: ({ username }): Verdict<string> => (canSave ? { success: true, data: username.trim() } : { success: false, errors: {} }),
    send: async (username) => {
      await client["update-username"].$patch({ json: { username } });
      // The greeting in the header is server-rendered: reload so every part of the page agrees.
      flashToast({ title: "Username updated", description: `Your username is now ${username}.`, variant: "success" });
      window.location.reload();
    },
    refused: (error) => {
      // Taken meanwhile, most likely: the field says so again instead of "available".
      recheck();
      toast({
        title: "Failed to update username",
        description: errorMessage(error, "An error occurred while updating your username."),
        variant: "destructive",
      });
    },
  });
  const value = form.values.username;
  const saving = form.pending;
  const { availability, message, recheck } = useUsernameAvailability(value, current);
  const canSave = availability === "available" && value.trim() !== current && !saving;

  return (
    <form className="form" noValidate onSubmit={form.submit} aria-label="Edit username">
      <div className="field">
        <div className="field__label-row">
          <label htmlFor="new-username">New username</label>
        </div>
        <div className="input-with-status">
          <input
            id="new-username"
            name="new-username"
            autoComplete="username"
            data-autofocus
            maxLength={NEW_USERNAME_MAX}
            value={value}
            aria-invalid={message ? true : undefined}
            aria-describedby="new-username-status"
            onChange={(e) => form.setValue("username", e.target.value)}
          />
          <AvailabilityIcon availability={availability} />
        </div>
        <div id="new-username-status" aria-live="polite">
          {message ? (
            <div className="field__error">{message}</div>
          ) : availability === "available" ? (
            <div className="availability availability--ok">Username is available</div>
          ) : null}
        </div>
      </div>
      <div className="dialog__actions">
        <button type="button" className="button button--outline" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={!canSave}>
          {saving && <Spinner label="Saving username" />}
          {saving ? "Saving..." : "Save"}
        </button>
      </div>
    </form>
  );
}

/** Checking shows a spinner, available a green tick, taken a red cross (docs/product-rules.md#on-the-page). */
function AvailabilityIcon({ availability }: { availability: Availability }) {
  if (availability === "checking") {
    return (
      <span className="input-status">
        <Spinner label="Checking availability" />
      </span>
    );
  }
  if (availability === "available") {
    return (
      <span className="input-status input-status--ok" role="img" aria-label="Available">
        <Icon name="check" size={18} />
      </span>
    );
  }
  if (availability === "taken") {
    return (
      <span className="input-status input-status--taken" role="img" aria-label="Taken">
        <Icon name="close" size={18} />
      </span>
    );
  }
  return null;
}
