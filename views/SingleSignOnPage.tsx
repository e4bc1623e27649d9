import type { Assets } from "../src/assets";
import type { ThemeId } from "../src/shared/themes";
import { Field } from "../islands/ui/Field";
import { Layout } from "./Layout";
import { Logo } from "./Logo";

export interface FirstSignInProps {
  /** The provider's name as the sign-in button gives it. */
  label: string;
  username: string;
  inviteCode: string;
  /** Why the last answer was refused: beside the field it concerns, or above the form. */
  errors: { username?: string; inviteCode?: string; form?: string };
}

/**
 * A first single sign-on without an account (docs/decisions/064-oidc.md): the invite code and a
 * username, prefilled from the provider's. A plain form, so it works before any script loads.
 */
export function FirstSignInPage({ assets, form }: { assets: Assets; form: FirstSignInProps }) {
  return (
    <Layout title="Create your account" theme="vibrant" assets={assets}>
      <main id="main" tabIndex={-1} className="auth-page">
        <section className="auth-page__forms">
          <Logo large />
          <h1>Create your account</h1>
          <p className="muted">{`You signed in with ${form.label}. Enter the invite code you were given and choose a username to finish.`}</p>
          <div className="auth-card">
            {form.errors.form && (
              <p className="field__error" role="alert">
                {form.errors.form}
              </p>
            )}
            <form className="form" method="post" action="/auth/oidc/register" aria-label="Create your account">
              <Field
                id="username"
                label="Username"
                autoComplete="username"
                defaultValue={form.username}
                error={form.errors.username}
                hint="3-24 characters, letters, numbers, and underscores only."
              />
              <Field id="inviteCode" label="Invite Code" autoComplete="off" defaultValue={form.inviteCode} error={form.errors.inviteCode} />
              <button type="submit" className="button button--primary button--block">
                Create Account
              </button>
            </form>
          </div>
        </section>
      </main>
    </Layout>
  );
}

/** Settings' "Link <label>" that did not link, and why; the way back to Settings. */
export function LinkRefusedPage({ assets, theme, label, message }: { assets: Assets; theme: ThemeId; label: string; message: string }) {
  const heading = `Your account was not linked to ${label}`;
  return (
    <Layout title={heading} theme={theme} assets={assets}>
      <main id="main" tabIndex={-1} className="centered-page">
        <div className="card stack">
          <h1>{heading}</h1>
          <p className="muted" role="alert">
            {message}
          </p>
          <a className="button button--primary" href="/settings?tab=account">
            Back to Settings
          </a>
        </div>
      </main>
    </Layout>
  );
}
