import type { Assets } from "../src/assets";
import type { ThemeId } from "../src/shared/themes";
import { Layout } from "./Layout";

/** A page that could not be served because of the server, said plainly; never a stack trace. */
export function ServerErrorPage({ assets, theme, heading, message }: { assets: Assets; theme: ThemeId; heading: string; message: string }) {
  return (
    <Layout title={heading} theme={theme} assets={assets}>
      <main id="main" tabIndex={-1} className="centered-page">
        <div className="card stack">
          <h1>{heading}</h1>
          <p className="muted">{message}</p>
          {/* biome-ignore lint/a11y/useValidAnchor: an empty href is this very address, so following it is the retry */}
          <a className="button button--primary" href="">
            Try again
          </a>
        </div>
      </main>
    </Layout>
  );
}
