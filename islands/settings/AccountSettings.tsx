import { useState, type ReactNode } from "react";
import type { AccountSingleSignOn } from "../../src/shared/single-sign-on";
import { client } from "../api";
import { type PushState, usePush } from "../notifications/usePush";
import { waitingCount } from "../offline/db";
import { flashToast, toast } from "../toast";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { Icon, Spinner, type IconName } from "../ui/Icon";
import { ApiTokens, type ApiTokensProps } from "./ApiTokens";
import { PasswordDialog } from "./PasswordDialog";
import { UsernameDialog } from "./UsernameDialog";
import { useFocusKept } from "../ui/useFocusKept";

/** One line of the Account tab: an icon, what it is, and the button that changes it. */
function SettingsRow({
  id,
  icon,
  title,
  children,
  action,
}: {
  id: string;
  icon: IconName;
  title: string;
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <section className="settings-row" aria-labelledby={id}>
      <span className="settings-row__icon" aria-hidden="true">
        <Icon name={icon} />
      </span>
      <div className="settings-row__text">
        <h3 id={id}>{title}</h3>
        {children}
      </div>
      {action}
    </section>
  );
}

export interface AccountSettingsProps {
  username: string;
  /** Single sign-on, when the server has a provider (docs/decisions/064-oidc.md). */
  sso?: AccountSingleSignOn;
  /** The API tokens and the lists one may be limited to (docs/decisions/061-api-tokens.md). */
  apiTokens?: ApiTokensProps;
}

const PUSH_WORDS: Record<PushState, string> = {
  checking: "Checking this browser…",
  unsupported: "This browser cannot show notifications.",
  blocked: "Blocked in this browser's site settings: allow notifications for Listwell there first.",
  on: "On for this browser.",
  off: "Off for this browser.",
};

/** Push for this browser: its state in words, and one button that turns it on (asking permission then) or off. */
function NotificationsRow() {
  const { state, busy, flip } = usePush();
  const holdFocus = useFocusKept(busy);
  const tap = () => {
    holdFocus();
    return flip?.().catch((error: Error) =>
      toast({ title: "Notifications were not changed", description: error.message, variant: "destructive" }),
    );
  };
  return (
    <SettingsRow
      id="account-notifications-label"
      icon="bell"
      title="Notifications"
      action={
        flip && (
          <button
            type="button"
            className="button button--outline button--small"
            aria-label={`${state === "on" ? "Turn off" : "Turn on"} notifications`}
            onClick={tap}
            disabled={busy}
          >
            {busy && <Spinner />}
            {state === "on" ? "Turn off" : "Turn on"}
          </button>
        )
      }
    >
      <p className="muted" role="status">
        {PUSH_WORDS[state]}
      </p>
    </SettingsRow>
  );
}

/** Whether the account signs in with the provider, and the link to make it so. */
function SingleSignOnRow({ sso }: { sso: AccountSingleSignOn }) {
  return (
    <SettingsRow
      id="account-sso-label"
      icon="link"
      title="Single sign-on"
      action={
        !sso.linked && (
          <a className="button button--outline button--small" href={sso.linkHref}>
            {`Link ${sso.label}`}
          </a>
        )
      }
    >
      <p className="muted">
        {sso.linked ? `Linked: you can sign in with ${sso.label}.` : `Link your account to sign in with ${sso.label}.`}
      </p>
    </SettingsRow>
  );
}

/** Settings' Account tab: username with its Edit dialog, Change Password, notifications, Logout, API tokens. */
export default function AccountSettings({ username, sso, apiTokens }: AccountSettingsProps) {
  const [dialog, setDialog] = useState<"username" | "password" | null>(null);
  const [loggingOut, setLoggingOut] = useState(false);
  /** Changes still waiting on this browser, while the warning about them is open. */
  const [unsaved, setUnsaved] = useState(0);
  const close = () => setDialog(null);

  /** Logging out clears the site's storage, the outbox's queue with it: waiting changes are named first. */
  async function askLogout() {
    const waiting = await waitingCount().catch(() => 0);
    if (waiting > 0) setUnsaved(waiting);
    else await logout();
  }

  async function logout() {
    setLoggingOut(true);
    try {
      await client.logout.$post();
      flashToast({ title: "Logged out", description: "You have been logged out successfully." });
      window.location.assign("/auth");
    } catch {
      setLoggingOut(false);
      setUnsaved(0);
      toast({ title: "Logout failed", description: "Please try again.", variant: "destructive" });
    }
  }

  return (
    <div className="account-settings">
      <SettingsRow
        id="account-username-label"
        icon="user"
        title="Username"
        action={
          <button
            type="button"
            className="button button--outline button--small"
            aria-label="Edit username"
            onClick={() => setDialog("username")}
          >
            <Icon name="edit" size={16} />
            Edit
          </button>
        }
      >
        <p className="settings-row__value" data-testid="current-username">
          {username}
        </p>
      </SettingsRow>
      {!sso?.passwordsOff && (
        <SettingsRow
          id="account-password-label"
          icon="key"
          title="Password"
          action={
            <button type="button" className="button button--outline button--small" onClick={() => setDialog("password")}>
              Change Password
            </button>
          }
        >
          <p className="muted">Change the password you sign in with.</p>
        </SettingsRow>
      )}
      {sso && <SingleSignOnRow sso={sso} />}
      <NotificationsRow />
      <SettingsRow
        id="account-session-label"
        icon="logout"
        title="Session"
        action={
          <button type="button" className="button button--danger button--small" onClick={askLogout} disabled={loggingOut}>
            {loggingOut && <Spinner label="Logging out" />}
            Logout
          </button>
        }
      >
        <p className="muted">Sign out of Listwell on this device.</p>
      </SettingsRow>
      {apiTokens && <ApiTokens {...apiTokens} />}
      <UsernameDialog open={dialog === "username"} current={username} onClose={close} />
      <PasswordDialog open={dialog === "password"} onClose={close} />
      <ConfirmDialog
        open={unsaved > 0}
        title="Log out anyway?"
        description={`You have ${unsaved === 1 ? "1 change" : `${unsaved} changes`} not yet saved. Logging out deletes ${unsaved === 1 ? "it" : "them"} from this device.`}
        confirmLabel="Logout"
        destructive
        pending={loggingOut}
        onConfirm={logout}
        onCancel={() => setUnsaved(0)}
      />
    </div>
  );
}
