import { checkText } from "../../src/shared/rules/text";
import { MAX_TOKEN_NAME_LENGTH, TOKEN_EXPIRY_CHOICES, TOKEN_NAME, type TokenAccess } from "../../src/shared/rules/tokens";
import type { CreatedApiToken } from "../../src/shared/tokens";
import { client, errorMessage } from "../api";
import { Field } from "../ui/Field";
import { CheckChoices, RadioChoices } from "../ui/Choices";
import { Spinner } from "../ui/Icon";
import { ShownOnceDialog } from "../ui/ShownOnce";
import { useForm, type Verdict } from "../ui/useForm";

export interface ListChoice {
  id: number;
  name: string;
}

interface TokenRequest {
  name: string;
  access: TokenAccess;
  listIds: number[] | null;
  expiresInDays: number | null;
}

const CHOOSE_A_LIST = "Choose at least one list";
const ACCESS = [
  { value: "read", label: "Read only" },
  { value: "write", label: "Read and change" },
] as const;
const SCOPE = [
  { value: "all", label: "All my lists" },
  { value: "some", label: "Chosen lists" },
] as const;

/** "Make a token": name, access, lists and expiry; then the token itself, shown this once. */
export function TokenDialog({
  open,
  lists,
  onMade,
  onClose,
}: {
  open: boolean;
  lists: ListChoice[];
  onMade: () => void;
  onClose: () => void;
}) {
  return (
    <ShownOnceDialog<CreatedApiToken>
      open={open}
      onClose={onClose}
      asking={{ title: "Make an API token", description: "A script, Shortcut or Home Assistant uses it to reach your lists." }}
      shown={(made) => ({
        title: "Your new token",
        description: "Copy it now: you won't see it again.",
        secret: {
          id: "new-token",
          label: "Token",
          value: made.token,
          hint: "Keep it like a password: anyone holding it can do what it allows.",
        },
      })}
      form={({ show, close }) => (
        <TokenForm
          lists={lists}
          onClose={close}
          onMade={(token) => {
            show(token);
            onMade();
          }}
        />
      )}
    />
  );
}

function TokenForm({ lists, onClose, onMade }: { lists: ListChoice[]; onClose: () => void; onMade: (token: CreatedApiToken) => void }) {
  const form = useForm({
    initial: { name: "", access: "write", scope: "all", listIds: "", expiry: "" },
    check: (values): Verdict<TokenRequest> => {
      const nameProblem = checkText(TOKEN_NAME, values.name);
      const listIds = values.listIds ? values.listIds.split(",").map(Number) : [];
      const listProblem = values.scope === "some" && listIds.length === 0 ? CHOOSE_A_LIST : undefined;
      if (nameProblem || listProblem)
        return {
          success: false,
          errors: { ...(nameProblem ? { name: nameProblem } : {}), ...(listProblem ? { listIds: listProblem } : {}) },
        };
      return {
        success: true,
        data: {
          name: values.name.trim(),
          access: values.access as TokenAccess,
          listIds: values.scope === "some" ? listIds : null,
          expiresInDays: values.expiry ? Number(values.expiry) : null,
        },
      };
    },
    send: async (request) => onMade(await client.tokens.$post({ json: request })),
    refused: (error) => errorMessage(error, "The token could not be made. Please try again."),
  });
  return (
    <form className="form" noValidate onSubmit={form.submit} aria-label="Make an API token">
      <Field
        id="token-name"
        label="Name"
        data-autofocus
        maxLength={MAX_TOKEN_NAME_LENGTH}
        placeholder="Kitchen Shortcut"
        {...form.field("name")}
      />
      <RadioChoices
        legend="Access"
        name="token-access"
        choices={ACCESS}
        value={form.values.access}
        onChange={(value) => form.setValue("access", value)}
      />
      <RadioChoices
        legend="Lists"
        name="token-scope"
        choices={SCOPE}
        value={form.values.scope}
        onChange={(value) => form.setValue("scope", value)}
      >
        {form.values.scope === "some" && (
          <CheckChoices
            label="Chosen lists"
            choices={lists.map((list) => ({ value: String(list.id), label: list.name }))}
            chosen={form.values.listIds}
            onChange={(chosen) => form.setValue("listIds", chosen)}
            empty="You have no lists yet."
            error={form.errors.listIds}
          />
        )}
      </RadioChoices>
      <div className="field">
        <div className="field__label-row">
          <label htmlFor="token-expiry">Expires</label>
        </div>
        <select
          id="token-expiry"
          className="input"
          value={form.values.expiry}
          onChange={(event) => form.setValue("expiry", event.target.value)}
        >
          {TOKEN_EXPIRY_CHOICES.map((choice) => (
            <option key={choice.label} value={choice.days ?? ""}>
              {choice.days === null ? "Never" : `In ${choice.label}`}
            </option>
          ))}
        </select>
      </div>
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
          {form.pending && <Spinner label="Making the token" />}
          Make token
        </button>
      </div>
    </form>
  );
}
