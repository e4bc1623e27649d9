import type { PlainToast } from "../src/shared/toast";
import type { Assets } from "../src/assets";
import type { ThemeId } from "../src/shared/themes";
import { Layout } from "./Layout";

export function NotFoundPage({ assets, theme, toast }: { assets: Assets; theme: ThemeId; toast?: PlainToast }) {
  return (
    <Layout title="Page not found" theme={theme} assets={assets} toast={toast}>
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
