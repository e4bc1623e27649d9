import type { Assets } from "../src/assets";
import type { AuthPanelProps } from "../islands/AuthPanel";
import { Island } from "./Island";
import { Layout } from "./Layout";
import { Logo } from "./Logo";

const MARKETING_POINTS = [
  { title: "Organize Tasks", text: "Keep named lists and nest sub-items under parent items." },
  { title: "Drag & Drop", text: "Put items and lists in the order that suits you." },
  { title: "Share Lists", text: "Work together by username or with a link, and see changes live." },
  { title: "Responsive Design", text: "Just as easy on your phone as on your desktop." },
];

/** Auth page: the forms island beside the marketing panel (docs/product-rules.md#screens). */
export function AuthPage({ assets, panel }: { assets: Assets; panel: AuthPanelProps }) {
  return (
    <Layout title={panel.initialTab === "login" ? "Login" : "Register"} theme="vibrant" assets={assets}>
      <main id="main" tabIndex={-1} className="auth-page">
        <section className="auth-page__forms">
          <Logo large />
          <p className="muted">Sign in to your lists, or create an account with your invite code.</p>
          <Island name="AuthPanel" props={panel} />
        </section>
        <section className="auth-page__marketing" aria-label="About Listwell">
          <h1>Your lists, together.</h1>
          <ul className="marketing-points">
            {MARKETING_POINTS.map((point) => (
              <li key={point.title}>
                <h2>{point.title}</h2>
                <p>{point.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>
    </Layout>
  );
}
