import type { Assets } from "../src/assets";
import type { ThemeId } from "../src/shared/themes";
import { Layout } from "./Layout";

/** The product's not-found page, for any path that names nothing (a list that no longer opens has views/LostAccessPage.tsx). */
export function NotFoundPage({ assets, theme }: { assets: Assets; theme: ThemeId }) {
  return (
    <Layout title="Page not found" theme={theme} assets={assets}>
      <main id="main" tabIndex={-1} className="centered-page">
        <div className="card stack">
          <h1>404 Page Not Found</h1>
          <p className="muted">Did you forget to add the page to the router?</p>
          <a className="button button--primary" href="/">
            Go home
          </a>
        </div>
      </main>
    </Layout>
  );
}
