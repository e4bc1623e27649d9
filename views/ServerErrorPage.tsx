import type { Assets } from "../src/assets";
import type { ThemeId } from "../src/shared/themes";
import { Layout } from "./Layout";

/** A page that could not be served because of the server, said plainly; never a stack trace. */
export function ServerErrorPage({ assets, theme, heading, message }: { assets: Assets; theme: ThemeId; heading: string; message: string }) {
  return (
    <Layout title={heading} theme={theme} assets={assets}>
      <main className="centered-page">
        <div className="card stack">
          <h1>{heading}</h1>
          <p className="muted">{message}</p>
          <a className="button button--primary" href="">
            Try again
          </a>
        </div>
      </main>
    </Layout>
  );
}
