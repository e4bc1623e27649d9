import type { Assets } from "../src/assets";
import type { ThemeId } from "../src/shared/themes";
import type { User } from "../src/shared/types";
import type { WebhookAdminSettings } from "../src/shared/webhooks";
import { Icon } from "../islands/ui/Icon";
import { Header } from "./Header";
import { Island } from "./Island";
import { Layout } from "./Layout";

export interface AdminPageProps {
  assets: Assets;
  theme: ThemeId;
  user: User;
  inviteCode: string | null;
  webhooks: WebhookAdminSettings;
}

/** Admin panel: the invite code, the What's New notification and webhooks' private addresses, for user 1 only (docs/product-rules.md#screens). */
export function AdminPage({ assets, theme, user, inviteCode, webhooks }: AdminPageProps) {
  return (
    <Layout title="Admin Panel" theme={theme} assets={assets}>
      <Header username={user.username} backHref="/settings?tab=account" />
      <main id="main" tabIndex={-1} className="page page--narrow stack admin-page">
        <div>
          <h1>Admin Panel</h1>
          <p className="muted">Settings that apply to everyone using this Listwell.</p>
        </div>
        <section className="card stack" aria-labelledby="invite-code-title">
          <CardTitle id="invite-code-title" icon="key" title="Invite Code Management" />
          <Island name="InviteCodeForm" props={{ currentCode: inviteCode }} />
        </section>
        <section className="card stack" aria-labelledby="deployment-title">
          <CardTitle id="deployment-title" icon="bell" title="Deployment Notifications" />
          <p className="muted">
            Sending an update notification shows all users a 'What's New' dialog with the latest changes: at once for everyone online, and
            the next time they open the app for everyone else.
          </p>
          <div>
            <Island name="DeploymentNotice" props={{}} />
          </div>
        </section>
        <section className="card stack" aria-labelledby="webhooks-title">
          <CardTitle id="webhooks-title" icon="link" title="Webhooks" />
          <Island name="WebhookAddresses" props={webhooks} />
        </section>
      </main>
    </Layout>
  );
}

function CardTitle({ id, icon, title }: { id: string; icon: "key" | "bell" | "link"; title: string }) {
  return (
    <div className="admin-card__title">
      <span className="admin-card__icon" aria-hidden="true">
        <Icon name={icon} />
      </span>
      <h2 id={id}>{title}</h2>
    </div>
  );
}
