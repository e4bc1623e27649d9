import { useEffect, useState, type FormEvent } from "react";
import { validateLogin, validateRegistration, validateUsername } from "../src/shared/rules/account";
import type { User } from "../src/shared/types";
import { api, ApiRequestError, errorMessage } from "./api";
import { landAfterSignIn, rememberPendingShare } from "./pending-share";
import { Field, withoutError } from "./ui/Field";
import { Spinner } from "./ui/Icon";
import { flashToast, toast } from "./toast";

export interface AuthPanelProps {
  initialTab: "login" | "register";
  prefillUsername: string;
  shareId: string | null;
  relogin: boolean;
}

type Availability = "idle" | "checking" | "available" | "taken";

/** SPEC §2 "Auth page": the Login and Register tabs with every rule, state and toast. */
export default function AuthPanel({ initialTab, prefillUsername, shareId, relogin }: AuthPanelProps) {
  const [tab, setTab] = useState(initialTab);

  useEffect(() => {
    if (shareId) rememberPendingShare(shareId);
    if (relogin) toast({ title: "Session Expired", description: "Please log in again to continue" });
    else if (shareId) toast({ title: "Shared List Access", description: "Register or log in to interact with the shared list" });
  }, [shareId, relogin]);

  return (
    <div className="auth-card">
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

async function finishSignIn(user: User, title: string, description: string) {
  flashToast({ title, description, variant: "success" });
  window.location.assign(await landAfterSignIn());
  return user;
}

function LoginForm({ prefillUsername, shareId }: { prefillUsername: string; shareId: string | null }) {
  const [values, setValues] = useState({ username: prefillUsername, password: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  const set = (field: keyof typeof values) => (e: { target: { value: string } }) => {
    setValues({ ...values, [field]: e.target.value });
    setErrors(withoutError(field));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const verdict = validateLogin(values);
    setErrors(verdict.success ? {} : verdict.errors);
    if (!verdict.success) return;
    setPending(true);
    try {
      const user = await api<User>("/api/login", { body: { ...verdict.data, shareId: shareId ?? undefined } });
      await finishSignIn(user, "Login successful", `Welcome back, ${user.username}!`);
    } catch (error) {
      setPending(false);
      toast({ title: "Login failed", description: errorMessage(error, "Something went wrong"), variant: "destructive" });
    }
  }

  return (
    <form className="form" noValidate onSubmit={submit} aria-label="Login">
      <Field
        id="login-username"
        label="Username"
        autoComplete="username"
        value={values.username}
        error={errors.username}
        onChange={set("username")}
      />
      <Field
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        error={errors.password}
        onChange={set("password")}
      />
      <button type="submit" className="button button--primary button--block" disabled={pending}>
        {pending ? "Logging in..." : "Login"}
      </button>
    </form>
  );
}

function RegisterForm({ shareId }: { shareId: string | null }) {
  const [values, setValues] = useState({ username: "", password: "", confirmPassword: "", inviteCode: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [availability, setAvailability] = useState<Availability>("idle");

  const set = (field: keyof typeof values) => (e: { target: { value: string } }) => {
    setValues({ ...values, [field]: e.target.value });
    setErrors(withoutError(field));
    if (field === "username") setAvailability("idle");
  };

  async function checkAvailability() {
    const username = values.username.trim();
    if (validateUsername(username)) return;
    setAvailability("checking");
    try {
      await api(`/api/check-username?username=${encodeURIComponent(username)}`);
      setAvailability("available");
    } catch (error) {
      setAvailability(error instanceof ApiRequestError && error.status === 400 ? "taken" : "idle");
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const verdict = validateRegistration(values);
    setErrors(verdict.success ? {} : verdict.errors);
    if (!verdict.success) return;
    const payload = verdict.data;
    setPending(true);
    try {
      const user = await api<User>("/api/register", { body: { ...payload, shareId: shareId ?? undefined } });
      await finishSignIn(user, "Registration successful", `Account created for ${user.username}!`);
    } catch (error) {
      setPending(false);
      const message = errorMessage(error, "Something went wrong");
      if (error instanceof ApiRequestError && error.status === 400 && message.includes("Username already exists")) {
        setAvailability("taken");
        setErrors({ username: `Username '${payload.username}' already exists. Please choose another.` });
        toast({
          title: "Username already taken",
          description: "This username is already in use. Please choose a different username.",
          variant: "destructive",
        });
      } else {
        toast({ title: "Registration failed", description: message, variant: "destructive" });
      }
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
    <form className="form" noValidate onSubmit={submit} aria-label="Register">
      <Field
        id="register-username"
        label="Username"
        autoComplete="username"
        value={values.username}
        error={errors.username}
        onChange={set("username")}
        onBlur={checkAvailability}
        hint={
          <>
            3-24 characters, letters, numbers, and underscores only.
            {status && <div>{status}</div>}
          </>
        }
      />
      <Field
        id="register-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        error={errors.password}
        onChange={set("password")}
      />
      <Field
        id="register-confirm"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onChange={set("confirmPassword")}
      />
      <Field
        id="register-invite"
        label="Invite Code"
        autoComplete="off"
        value={values.inviteCode}
        error={errors.inviteCode}
        onChange={set("inviteCode")}
      />
      <button type="submit" className="button button--primary button--block" disabled={pending}>
        {pending ? "Registering..." : "Create Account"}
      </button>
    </form>
  );
}
