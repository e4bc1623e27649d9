import { GUEST_NAME_MAX } from "../../src/shared/attribution";
import { readGuestName } from "../../src/shared/rules/guest-names";
import { ApiRequestError, client } from "../api";
import { Dialog } from "../ui/Dialog";
import { Field } from "../ui/Field";
import { Spinner } from "../ui/Icon";
import { fieldVerdict, useForm } from "../ui/useForm";
import { saveGuestName } from "./guest-name";

export interface GuestNameDialogProps {
  /** The link the guest holds: only a link's guest may check a name. */
  shareId: string;
  current: string | null;
  /** With the saved name, or nothing when cancelled. */
  onClose: (saved?: string) => void;
}

/**
 * 'Your name' for a share-link guest (docs/product-rules.md#guests): others see it as "Sam (guest)" beside what they
 * tick and in the presence row. The server checks it first and its refusal is shown as it says it
 * (an account's name, or one that looks like it, is refused).
 */
export default function GuestNameDialog({ shareId, current, onClose }: GuestNameDialogProps) {
  const form = useForm({
    initial: { name: current ?? "" },
    check: ({ name }) => {
      const { name: cleaned, problem } = readGuestName(name);
      return fieldVerdict("name", problem, cleaned ?? "");
    },
    send: async (cleaned) => {
      await client["guest-name"].$post({ query: { shareId }, json: { name: cleaned } });
      saveGuestName(cleaned);
      onClose(cleaned);
    },
    refused: (caught) => ({ name: caught instanceof ApiRequestError ? caught.serverText : "Could not check that name. Please try again." }),
  });

  return (
    <Dialog open onClose={() => onClose()} title="Your name" description="Others on this list will see it as 'Name (guest)'.">
      <form className="form" noValidate onSubmit={form.submit}>
        <Field
          id="guest-name"
          label="Name"
          placeholder="e.g. Sam"
          autoComplete="nickname"
          data-autofocus
          maxLength={GUEST_NAME_MAX}
          {...form.field("name")}
        />
        <div className="dialog__actions">
          <button type="button" className="button button--outline" onClick={() => onClose()}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={form.pending || form.values.name.trim() === ""}>
            {form.pending && <Spinner label="Saving" />}
            Save
          </button>
        </div>
      </form>
    </Dialog>
  );
}
