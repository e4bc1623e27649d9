import { useEffect, useState } from "react";
import { validateLogin, validateRegistration, validateUsername } from "../src/shared/rules/account";
import { ApiRequestError, client, errorMessage } from "./api";
import { landAfterSignIn, rememberPendingShare } from "./pending-share";
import { Field } from "./ui/Field";
import { Spinner } from "./ui/Icon";
import { flashToast, toast } from "./toast";
import { useForm } from "./ui/useForm";

export interface AuthPanelProps {
  initialTab: "login" | "register";
  prefillUsername: string;
  shareId: string | null;
  relogin: boolean;
  /** Single sign-on, when the server has a provider (docs/decisions/064-oidc.md). */
  sso: SingleSignOnOffer | null;
}

export interface SingleSignOnOffer {
  /** "Sign in with <label>". */
  label: string;
  /** Where the button goes: the sign-in's start, carrying the share link being joined. */
  href: string;
  /** Passwords are off: the button is the only way in. */
  only: boolean;
  /** Why the last single sign-on failed, if it did. */
  error: string | null;
}

type Availability = "idle" | "checking" | "available" | "taken";

/** Auth page: the Login and Register tabs with every rule, state and toast (docs/product-rules.md#screens). */
export default function AuthPanel({ initialTab, prefillUsername, shareId, relogin, sso }: AuthPanelProps) {
  const [tab, setTab] = useState(initialTab);

  useEffect(() => {
    if (shareId) rememberPendingShare(shareId);
    if (relogin) toast({ title: "Session Expired", description: "Please log in again to continue" });
    else if (shareId) toast({ title: "Shared List Access", description: "Register or log in to interact with the shared list" });
  }, [shareId, relogin]);

  if (sso?.only) {
    return (
      <div className="auth-card">
        <SingleSignOn sso={sso} />
      </div>
    );
  }

  return (
    <div className="auth-card">
      {sso && <SingleSignOn sso={sso} />}
      <div role="tablist" aria-label="Sign in or create an account" className="tabs">
        {(["login", "register"] as const).map((name) => (
          <button
            key={name}
            id={`tab-${name}`}
            role="tab"
            type="button"
            aria-selected={tab === name}
            aria-controls={`panel-${name}`}
            className="tabs__tab"
            onClick={() => setTab(name)}
          >
            {name === "login" ? "Login" : "Register"}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === "login" ? <LoginForm prefillUsername={prefillUsername} shareId={shareId} /> : <RegisterForm shareId={shareId} />}
      </div>
    </div>
  );
}

function SingleSignOn({ sso }: { sso: SingleSignOnOffer }) {
  return (
    <div className="form">
      {sso.error && (
        <p className="field__error" role="alert">
          {sso.error}
        </p>
      )}
      <a className="button button--primary button--block" href={sso.href}>
        {`Sign in with ${sso.label}`}
      </a>
      {!sso.only && <p className="muted">Or use your Listwell username and password:</p>}
    </div>
  );
}

async function finishSignIn(title: string, description: string) {
  flashToast({ title, description, variant: "success" });
  window.location.assign(await landAfterSignIn());
}

function LoginForm({ prefillUsername, shareId }: { prefillUsername: string; shareId: string | null }) {
  const form = useForm({
    initial: { username: prefillUsername, password: "" },
    check: validateLogin,
    send: async (data) => {
      const user = await client.login.$post({ json: { ...data, shareId: shareId ?? undefined } });
      await finishSignIn("Login successful", `Welcome back, ${user.username}!`);
    },
    refused: (error) => {
      toast({ title: "Login failed", description: errorMessage(error, "Something went wrong"), variant: "destructive" });
    },
  });

  return (
    <form className="form" noValidate onSubmit={form.submit} aria-label="Login">
      <Field id="login-username" label="Username" autoComplete="username" {...form.field("username")} />
      <Field id="login-password" label="Password" type="password" autoComplete="current-password" {...form.field("password")} />
      <button type="submit" className="button button--primary button--block" disabled={form.pending}>
        {form.pending ? "Logging in..." : "Login"}
      </button>
    </form>
  );
}

function RegisterForm({ shareId }: { shareId: string | null }) {
  const [availability, setAvailability] = useState<Availability>("idle");
  const form = useForm({
    initial: { username: "", password: "", confirmPassword: "", inviteCode: "" },
    check: validateRegistration,
    send: async (data) => {
      const user = await client.register.$post({ json: { ...data, shareId: shareId ?? undefined } });
      await finishSignIn("Registration successful", `Account created for ${user.username}!`);
    },
    refused: (error, data) => {
      const message = errorMessage(error, "Something went wrong");
      if (!(error instanceof ApiRequestError && error.status === 400 && message.includes("Username already exists"))) {
        toast({ title: "Registration failed", description: message, variant: "destructive" });
        return;
      }
      setAvailability("taken");
      toast({
        title: "Username already taken",
        description: "This username is already in use. Please choose a different username.",
        variant: "destructive",
      });
      return { username: `Username '${data.username}' already exists. Please choose another.` };
    },
  });

  async function checkAvailability() {
    const username = form.values.username.trim();
    if (validateUsername(username)) return;
    setAvailability("checking");
    try {
      await client["check-username"].$get({ query: { username } });
      setAvailability("available");
    } catch (error) {
      setAvailability(error instanceof ApiRequestError && error.status === 400 ? "taken" : "idle");
    }
  }

  const status =
    availability === "checking" ? (
      <span className="availability">
        <Spinner label="Checking username" /> Checking...
      </span>
    ) : availability === "available" ? (
      <span className="availability availability--ok">Username available ✓</span>
    ) : availability === "taken" ? (
      <span className="availability availability--taken">This username is already taken</span>
    ) : null;

  return (
    <form className="form" noValidate onSubmit={form.submit} aria-label="Register">
      <Field
        id="register-username"
        label="Username"
        autoComplete="username"
        {...form.field("username")}
        onChange={(e) => {
          form.setValue("username", e.target.value);
          setAvailability("idle");
        }}
        onBlur={checkAvailability}
        hint={
          <>
            3-24 characters, letters, numbers, and underscores only.
            {status && <div>{status}</div>}
          </>
        }
      />
      <Field id="register-password" label="Password" type="password" autoComplete="new-password" {...form.field("password")} />
      <Field
        id="register-confirm"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        {...form.field("confirmPassword")}
      />
      <Field id="register-invite" label="Invite Code" autoComplete="off" {...form.field("inviteCode")} />
      <button type="submit" className="button button--primary button--block" disabled={form.pending}>
        {form.pending ? "Registering..." : "Create Account"}
      </button>
    </form>
  );
}
