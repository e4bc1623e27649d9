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
import { Field } from "../ui/Field";
import { CheckChoices, RadioChoices } from "../ui/Choices";
import { Spinner } from "../ui/Icon";
import { ShownOnceDialog } from "../ui/ShownOnce";
import { useForm, type Verdict } from "../ui/useForm";

const CHOOSE_AN_EVENT = "Choose at least one event";
const FORMATS = [
  { value: "standard", label: "Standard Webhooks (signed JSON)" },
  { value: "ntfy", label: "ntfy (a phone notification)" },
] as const;
const SCOPE = [
  { value: "all", label: "All events" },
  { value: "some", label: "Chosen events" },
] as const;

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
  return (
    <ShownOnceDialog<NewWebhook>
      open={open}
      onClose={onClose}
      asking={{ title: "Add a webhook", description: "Listwell posts each change of this list to the URL." }}
      shown={(made) => ({
        title: "Webhook added",
        description: "Copy its signing secret now: you won't see it again.",
        secret: {
          id: "webhook-secret",
          label: "Signing secret",
          value: made.secret,
          hint: "Your receiver checks each call's webhook-signature with it, as Standard Webhooks libraries do.",
        },
      })}
      form={({ show, close }) => (
        <WebhookForm
          listId={listId}
          onClose={close}
          onMade={(hook) => {
            onMade();
            if (hook.format === "standard") show(hook);
            else {
              toast({ title: "Webhook added", description: `Changes now go to ${hook.url}.`, variant: "success" });
              close();
            }
          }}
        />
      )}
    />
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
      <RadioChoices
        legend="Format"
        name="webhook-format"
        choices={FORMATS}
        value={form.values.format}
        onChange={(value) => form.setValue("format", value)}
      />
      <RadioChoices
        legend="Events"
        name="webhook-scope"
        choices={SCOPE}
        value={form.values.scope}
        onChange={(value) => form.setValue("scope", value)}
      >
        {form.values.scope === "some" && (
          <CheckChoices
            label="Chosen events"
            choices={WEBHOOK_EVENT_TYPES.map((type) => ({ value: type, label: type }))}
            chosen={form.values.events}
            onChange={(chosen) => form.setValue("events", chosen)}
            error={form.errors.events}
          />
        )}
      </RadioChoices>
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
