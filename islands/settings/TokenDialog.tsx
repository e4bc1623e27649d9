import { useState } from "react";
import { checkText } from "../../src/shared/rules/text";
import { MAX_TOKEN_NAME_LENGTH, TOKEN_EXPIRY_CHOICES, TOKEN_NAME, type TokenAccess } from "../../src/shared/rules/tokens";
import type { CreatedApiToken } from "../../src/shared/tokens";
import { client, errorMessage } from "../api";
import { toast } from "../toast";
import { Dialog } from "../ui/Dialog";
import { Field } from "../ui/Field";
import { Icon, Spinner } from "../ui/Icon";
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
  const [made, setMade] = useState<CreatedApiToken>();
  const close = () => {
    setMade(undefined);
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={made ? "Your new token" : "Make an API token"}
      description={made ? "Copy it now: you won't see it again." : "A script, Shortcut or Home Assistant uses it to reach your lists."}
    >
      {made ? (
        <ShownOnce token={made.token} onClose={close} />
      ) : (
        <TokenForm
          lists={lists}
          onClose={close}
          onMade={(token) => {
            setMade(token);
            onMade();
          }}
        />
      )}
    </Dialog>
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
  const chosen = new Set(form.values.listIds ? form.values.listIds.split(",").map(Number) : []);
  const toggle = (id: number) => {
    if (chosen.has(id)) chosen.delete(id);
    else chosen.add(id);
    form.setValue("listIds", [...chosen].join(","));
  };
  const radio = (field: "access" | "scope", value: string, label: string) => (
    <label className="mode-picker__option">
      <input
        type="radio"
        name={`token-${field}`}
        value={value}
        checked={form.values[field] === value}
        onChange={() => form.setValue(field, value)}
      />
      {label}
    </label>
  );
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
      <fieldset className="mode-picker">
        <legend className="mode-picker__legend">Access</legend>
        <div className="mode-picker__options">
          {radio("access", "read", "Read only")}
          {radio("access", "write", "Read and change")}
        </div>
      </fieldset>
      <fieldset className="mode-picker">
        <legend className="mode-picker__legend">Lists</legend>
        <div className="mode-picker__options">
          {radio("scope", "all", "All my lists")}
          {radio("scope", "some", "Chosen lists")}
        </div>
        {form.values.scope === "some" && (
          <fieldset className="mode-picker" aria-label="Chosen lists">
            {lists.length === 0 && <p className="muted">You have no lists yet.</p>}
            {lists.map((list) => (
              <label key={list.id}>
                <input type="checkbox" checked={chosen.has(list.id)} onChange={() => toggle(list.id)} /> {list.name}
              </label>
            ))}
            {form.errors.listIds && (
              <div className="field__error" role="alert">
                {form.errors.listIds}
              </div>
            )}
          </fieldset>
        )}
      </fieldset>
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

/** The secret, selectable and copyable; once closed, only its name and scope remain to be seen. */
function ShownOnce({ token, onClose }: { token: string; onClose: () => void }) {
  const copy = () =>
    navigator.clipboard.writeText(token).then(
      () => toast({ title: "Token copied", variant: "success" }),
      () => toast({ title: "Copy failed", description: "Select the token and copy it yourself.", variant: "destructive" }),
    );
  return (
    <div className="stack">
      <div className="field">
        <div className="field__label-row">
          <label htmlFor="new-token">Token</label>
        </div>
        <input id="new-token" className="input" readOnly value={token} data-autofocus onFocus={(event) => event.target.select()} />
      </div>
      <p className="muted">Keep it like a password: anyone holding it can do what it allows.</p>
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
