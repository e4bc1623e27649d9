import { Hono } from "hono";
import { SETTINGS_TABS, SettingsPage, type SettingsTab } from "../../../views/SettingsPage";
import { toPublicUser } from "../../domain/accounts";
import { isAdmin } from "../../domain/access";
import type { AppEnv } from "../env";
import { protectedPage } from "../middleware/protected-page";
import { requireUser } from "../middleware/session";
import { pageTheme, renderPage } from "./render";

/** Tab is theme (the default), account or info (docs/http-contract.md#pages). */
const toTab = (value: string | undefined): SettingsTab =>
  (SETTINGS_TABS as readonly string[]).includes(value ?? "") ? (value as SettingsTab) : "theme";

export const settingsPages = new Hono<AppEnv>().get("/settings", protectedPage, (c) => {
  const user = requireUser(c);
  return renderPage(
    c,
    <SettingsPage
      assets={c.get("deps").assets}
      theme={pageTheme(c)}
      user={toPublicUser(user)}
      tab={toTab(c.req.query("tab"))}
      isAdmin={isAdmin(user)}
    />,
  );
});
