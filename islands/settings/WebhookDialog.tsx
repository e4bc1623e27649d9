import { useState } from "react";
import {
  isWebhookUrl,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
  WEBHOOK_URL_MESSAGE,
  type WebhookEventType,
  type WebhookFormat,
} from "../../src/shared/rules/webhooks";
import type { NewWebhook, WebhookInput } from "../../src/shared/webhooks";
import { client, errorMessage } from "../api";
import { toast } from "../toast";
import { Dialog } from "../ui/Dialog";
import { Field } from "../ui/Field";
import { Icon, Spinner } from "../ui/Icon";
import { useForm, type Verdict } from "../ui/useForm";

const CHOOSE_AN_EVENT = "Choose at least one event";

/** "Add a webhook": URL, format and events; then, for the standard format, its signing secret, shown this once. */
export function WebhookDialog({
  open,
  listId,
  onMade,
  onClose,
}: {
  open: boolean;
  listId: number;
  onMade: () => void;
  onClose: () => void;
}) {
  const [made, setMade] = useState<NewWebhook>();
  const close = () => {
    setMade(undefined);
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={made ? "Webhook added" : "Add a webhook"}
      description={made ? "Copy its signing secret now: you won't see it again." : "Listwell posts each change of this list to the URL."}
    >
      {made ? (
        <SecretShownOnce secret={made.secret} onClose={close} />
      ) : (
        <WebhookForm
          listId={listId}
          onClose={close}
          onMade={(hook) => {
            onMade();
            if (hook.format === "standard") setMade(hook);
            else {
              toast({ title: "Webhook added", description: `Changes now go to ${hook.url}.`, variant: "success" });
              close();
            }
          }}
        />
      )}
    </Dialog>
  );
}

function WebhookForm({ listId, onClose, onMade }: { listId: number; onClose: () => void; onMade: (hook: NewWebhook) => void }) {
  const form = useForm({
    initial: { url: "", format: "standard", scope: "all", events: "" },
    check: (values): Verdict<WebhookInput> => {
      const url = values.url.trim();
      const events = values.events ? (values.events.split(",") as WebhookEventType[]) : [];
      const urlProblem = isWebhookUrl(url) ? undefined : WEBHOOK_URL_MESSAGE;
      const eventsProblem = values.scope === "some" && events.length === 0 ? CHOOSE_AN_EVENT : undefined;
      if (urlProblem || eventsProblem)
        return {
          success: false,
          errors: { ...(urlProblem ? { url: urlProblem } : {}), ...(eventsProblem ? { events: eventsProblem } : {}) },
        };
      return {
        success: true,
        data: { url, format: values.format as WebhookFormat, ...(values.scope === "some" ? { events } : {}) },
      };
    },
    send: async (input) => onMade(await client["task-lists"][":id"].webhooks.$post({ param: { id: listId }, json: input })),
    refused: (error) => ({ url: errorMessage(error, "The webhook could not be added. Please try again.") }),
  });
  const chosen = new Set(form.values.events ? form.values.events.split(",") : []);
  const toggle = (type: string) => {
    if (chosen.has(type)) chosen.delete(type);
    else chosen.add(type);
    form.setValue("events", [...chosen].join(","));
  };
  const radio = (field: "format" | "scope", value: string, label: string) => (
    <label className="mode-picker__option">
      <input
        type="radio"
        name={`webhook-${field}`}
        value={value}
        checked={form.values[field] === value}
        onChange={() => form.setValue(field, value)}
      />
      {label}
    </label>
  );
  return (
    <form className="form" noValidate onSubmit={form.submit} aria-label="Add a webhook">
      <Field
        id="webhook-url"
        label="URL"
        type="url"
        data-autofocus
        maxLength={WEBHOOK_URL_MAX}
        placeholder="https://ntfy.sh/my-groceries"
        {...form.field("url")}
      />
      <fieldset className="mode-picker">
        <legend className="mode-picker__legend">Format</legend>
        <div className="mode-picker__options">
          {radio("format", "standard", "Standard Webhooks (signed JSON)")}
          {radio("format", "ntfy", "ntfy (a phone notification)")}
        </div>
      </fieldset>
      <fieldset className="mode-picker">
        <legend className="mode-picker__legend">Events</legend>
        <div className="mode-picker__options">
          {radio("scope", "all", "All events")}
          {radio("scope", "some", "Chosen events")}
        </div>
        {form.values.scope === "some" && (
          <fieldset className="mode-picker" aria-label="Chosen events">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <label key={type}>
                <input type="checkbox" checked={chosen.has(type)} onChange={() => toggle(type)} /> {type}
              </label>
            ))}
            {form.errors.events && (
              <div className="field__error" role="alert">
                {form.errors.events}
              </div>
            )}
          </fieldset>
        )}
      </fieldset>
      {form.failure && (
        <p className="form-error" role="alert">
          {form.failure}
        </p>
      )}
      <div className="dialog__actions">
        <button type="button" className="button button--outline" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={form.pending}>
          {form.pending && <Spinner label="Adding the webhook" />}
          Add webhook
        </button>
      </div>
    </form>
  );
}

/** The signing secret, selectable and copyable; the receiver verifies each call with it. */
function SecretShownOnce({ secret, onClose }: { secret: string; onClose: () => void }) {
  const copy = () =>
    navigator.clipboard.writeText(secret).then(
      () => toast({ title: "Secret copied", variant: "success" }),
      () => toast({ title: "Copy failed", description: "Select the secret and copy it yourself.", variant: "destructive" }),
    );
  return (
    <div className="stack">
      <div className="field">
        <div className="field__label-row">
          <label htmlFor="webhook-secret">Signing secret</label>
        </div>
        <input id="webhook-secret" className="input" readOnly value={secret} data-autofocus onFocus={(event) => event.target.select()} />
      </div>
      <p className="muted">Your receiver checks each call's webhook-signature with it, as Standard Webhooks libraries do.</p>
      <div className="dialog__actions">
        <button type="button" className="button button--outline" onClick={copy}>
          <Icon name="copy" size={16} />
          Copy
        </button>
        <button type="button" className="button button--primary" onClick={onClose}>
          Done
        </button>
      </div>
    </div>
  );
}
