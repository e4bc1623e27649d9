import type { SharedListsProps } from "../islands/SharedLists";
import type { Assets } from "../src/assets";
import type { ThemeId } from "../src/shared/themes";
import type { User } from "../src/shared/types";
import { Header } from "./Header";
import { Island } from "./Island";
import { Layout } from "./Layout";

export interface SharedListsPageProps {
  assets: Assets;
  theme: ThemeId;
  user: User;
  shares: SharedListsProps;
}

/** Shared Lists screen: the card with its description around the two tabs (docs/product-rules.md#screens). */
export function SharedListsPage({ assets, theme, user, shares }: SharedListsPageProps) {
  return (
    <Layout title="Shared Lists" theme={theme} assets={assets}>
      <Header username={user.username} backHref="/" />
      <main id="main" tabIndex={-1} className="page stack">
        <section className="card stack shared-lists-card" aria-labelledby="shared-lists-title">
          <div>
            <h1 id="shared-lists-title">Shared Lists</h1>
            <p className="muted">View and manage lists that have been shared with you or that you've shared with others.</p>
          </div>
          <Island name="SharedLists" props={shares} />
        </section>
      </main>
    </Layout>
  );
}
