import { Hono } from "hono";
import { AuthPage } from "../../../views/AuthPage";
import { LoginTestPage } from "../../../views/LoginTestPage";
import { listOfLiveLink } from "../../domain/access";
import { toPublicUser } from "../../domain/accounts";
import type { AppContext, AppEnv } from "../env";
import { renderPage, renderSecretPage } from "./render";
import { withShareId } from "../share-link";

/** Where the single sign-on button goes: src/http/pages/single-sign-on.tsx. */
export const SSO_START = "/auth/oidc";

/**
 * The auth page: the password forms, the single sign-on button when the server has a provider
 * (docs/decisions/064-oidc.md), or that button alone with OIDC_ONLY. A failed single sign-on
 * comes back here with `ssoError` and the status that says why, never kept by a cache.
 */
export function renderAuthPage(
  c: AppContext,
  { shareId, relogin = false, ssoError = null }: { shareId: string | null; relogin?: boolean; ssoError?: string | null },
  status?: 400 | 403 | 503,
) {
  const oidc = c.get("deps").config.oidc;
  const panel = {
    initialTab: shareId && !relogin ? ("register" as const) : ("login" as const),
    prefillUsername: relogin ? (c.req.query("username") ?? "") : "",
    shareId,
    relogin,
    sso: oidc ? { label: oidc.label, href: withShareId(SSO_START, shareId ?? undefined), only: oidc.only, error: ssoError } : null,
  };
  const page = <AuthPage assets={c.get("deps").assets} panel={panel} />;
  return status ? renderSecretPage(c, page, status) : renderPage(c, page);
}

export const authPages = new Hono<AppEnv>()
  .get("/auth", async (c) => {
    const shareId = c.req.query("shareId")?.trim() || null;
    const relogin = c.req.query("action") === "relogin";
    const user = c.get("user");
    if (user && shareId) {
      // A signed-in visitor with a share link goes straight to the shared list (docs/product-rules.md#screens).
      const list = await listOfLiveLink(c.get("deps").store, shareId);
      return c.redirect(withShareId(list ? `/list/${list.id}` : "/", shareId));
    }
    if (user && !relogin) return c.redirect("/");
    return renderAuthPage(c, { shareId, relogin });
  })
  .get("/login-test", (c) => {
    const user = c.get("user");
    const test = { environment: c.get("deps").config.environment, user: user && toPublicUser(user) };
    return renderPage(c, <LoginTestPage assets={c.get("deps").assets} test={test} />);
  });
