import type { Assets } from "../src/assets";
import type { ThemeId } from "../src/shared/themes";
import { Island } from "./Island";
import { Layout } from "./Layout";

/** /shared-access: a spinner while the island stores the share and moves on (docs/http-contract.md#pages). */
export function SharedAccessPage({ assets, theme, shareId }: { assets: Assets; theme: ThemeId; shareId: string }) {
  return (
    <Layout title="Opening shared list" theme={theme} assets={assets}>
      <main id="main" tabIndex={-1} className="centered-page">
        <div className="card">
          <Island name="SharedAccess" props={{ shareId }} />
          <noscript>
            <p>
              <a href="/">Continue to your lists</a>
            </p>
          </noscript>
        </div>
      </main>
    </Layout>
  );
}
