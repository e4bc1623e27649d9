import { useContext } from "react";
import type { Assets } from "../src/assets";
import type { ApiTokensProps } from "../islands/settings/ApiTokens";
import type { WebhooksProps } from "../islands/settings/Webhooks";
import type { ThemeId } from "../src/shared/themes";
import type { User } from "../src/shared/types";
import type { AccountSingleSignOn } from "../src/shared/single-sign-on";
import { Icon, type IconName } from "../islands/ui/Icon";
import { Header } from "./Header";
import { Island } from "./Island";
import { ColorModeContext } from "./color-mode";
import { Layout } from "./Layout";
import { InfoGuide } from "./settings/InfoGuide";
import { ListsExchange } from "./settings/ListsExchange";

export const SETTINGS_TABS = ["theme", "account", "info"] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

const TAB_LABELS: Record<SettingsTab, { label: string; icon: IconName }> = {
  theme: { label: "Theme", icon: "palette" },
  account: { label: "Account", icon: "user" },
  info: { label: "Info", icon: "info" },
};

export interface SettingsPageProps {
  assets: Assets;
  theme: ThemeId;
  user: User;
  tab: SettingsTab;
  isAdmin: boolean;
  /** The Account tab's API tokens and the lists one may be limited to (docs/decisions/061-api-tokens.md). */
  apiTokens?: ApiTokensProps;
  /** The Account tab's webhooks, on the user's own lists (docs/decisions/063-webhooks.md). */
  webhooks?: WebhooksProps;
  /** The Account tab's single sign-on row, when the server has a provider (docs/decisions/064-oidc.md). */
  sso?: AccountSingleSignOn | undefined;
}

/** Settings: the Theme, Account and Info tabs, each a link so the tab is in the URL (docs/http-contract.md#pages). */
export function SettingsPage({ assets, theme, user, tab, isAdmin, apiTokens, webhooks, sso }: SettingsPageProps) {
  const mode = useContext(ColorModeContext);
  return (
    <Layout title="Settings" theme={theme} assets={assets}>
      <Header username={user.username} backHref="/" settingsDisabled />
      <main id="main" tabIndex={-1} className="page stack settings-page">
        <div className="settings-page__intro">
          <h1>Settings</h1>
          <p className="muted">Make Listwell yours: colours, account and a short guide.</p>
        </div>
        {/* Tabs, as on the sign-in and Shared Lists screens, each a page of its own (it needs no script). */}
        <div className="tabs settings-tabs" aria-label="Settings sections" role="tablist">
          {SETTINGS_TABS.map((name) => (
            <a
              key={name}
              href={`/settings?tab=${name}`}
              role="tab"
              className="tabs__tab"
              aria-selected={name === tab}
              aria-current={name === tab ? "page" : undefined}
            >
              <Icon name={TAB_LABELS[name].icon} size={18} />
              {TAB_LABELS[name].label}
            </a>
          ))}
        </div>
        <section className="card stack" aria-labelledby="settings-section-title">
          <SectionHeading tab={tab} />
          {tab === "theme" && <Island name="ThemePicker" props={{ current: theme, mode }} />}
          {tab === "account" && (
            <>
              <Island
                name="AccountSettings"
                props={{ username: user.username, ...(sso ? { sso } : {}), ...(apiTokens ? { apiTokens } : {}) }}
              />
              <ListsExchange />
              {webhooks && <Island name="Webhooks" props={webhooks} />}
              {isAdmin && <AdminAccess />}
            </>
          )}
          {tab === "info" && <InfoGuide />}
        </section>
      </main>
    </Layout>
  );
}

function SectionHeading({ tab }: { tab: SettingsTab }) {
  const text: Record<SettingsTab, [string, string]> = {
    theme: [
      "Theme",
      "Choose light or dark, and the colours of your lists. Your choice is applied at once; the theme is saved to your account.",
    ],
    account: ["Account", "Your username, password, session, API tokens and webhooks."],
    info: ["How to use Listwell", "Everything you can do, in three short sections."],
  };
  const [title, description] = text[tab];
  return (
    <div>
      <h2 id="settings-section-title">{title}</h2>
      <p className="muted">{description}</p>
    </div>
  );
}

/** Only the administrator (user id 1) sees the way to the admin panel (docs/product-rules.md#screens). */
function AdminAccess() {
  return (
    <aside className="admin-access" aria-labelledby="admin-access-title">
      <span className="admin-access__icon" aria-hidden="true">
        <Icon name="shield" />
      </span>
      <div className="admin-access__text">
        <h3 id="admin-access-title">Administrator Access</h3>
        <p className="muted">Manage the invite code new users register with, and announce app updates.</p>
      </div>
      <a className="button button--primary button--small" href="/admin">
        Manage Invite Codes
      </a>
    </aside>
  );
}
