import { Hono } from "hono";
import { SETTINGS_TABS, SettingsPage, type SettingsTab } from "../../../views/SettingsPage";
import { toPublicUser } from "../../domain/accounts";
import { isAdmin } from "../../domain/access";
import { tokenSettings } from "../../domain/tokens";
import { webhookSettings } from "../../domain/webhooks";
import type { AppEnv } from "../env";
import { protectedPage } from "../middleware/protected-page";
import { requireUser } from "../middleware/session";
import { pageTheme, renderPage } from "./render";
import { accountSingleSignOn } from "./single-sign-on";

/** Tab is theme (the default), account or info (docs/http-contract.md#pages). */
const toTab = (value: string | undefined): SettingsTab =>
  (SETTINGS_TABS as readonly string[]).includes(value ?? "") ? (value as SettingsTab) : "theme";

export const settingsPages = new Hono<AppEnv>().get("/settings", protectedPage, async (c) => {
  const user = requireUser(c);
  const tab = toTab(c.req.query("tab"));
  const { store } = c.get("deps");
  return renderPage(
    c,
    <SettingsPage
      assets={c.get("deps").assets}
      theme={pageTheme(c)}
      user={toPublicUser(user)}
      tab={tab}
      isAdmin={isAdmin(user)}
      {...(tab === "account"
        ? {
            apiTokens: await tokenSettings(store, user),
            webhooks: await webhookSettings(store, user.id),
            sso: await accountSingleSignOn(c),
          }
        : {})}
    />,
  );
});
