import { Hono } from "hono";
import { AdminPage } from "../../../views/AdminPage";
import { toPublicUser } from "../../domain/accounts";
import { getInviteCode } from "../../domain/invites";
import { isAdmin } from "../../domain/access";
import { webhookAdminSettings } from "../../domain/webhooks";
import type { AppEnv } from "../env";
import { protectedPage } from "../middleware/protected-page";
import { requireUser } from "../middleware/session";
import { pageTheme, renderSecretPage } from "./render";

/** /admin: signed-out visitors go to /auth, everyone but the administrator to / (docs/http-contract.md#pages). */
export const adminPages = new Hono<AppEnv>().get("/admin", protectedPage, async (c) => {
  const user = requireUser(c);
  if (!isAdmin(user)) return c.redirect("/");
  const { store, assets, config } = c.get("deps");
  const [inviteCode, webhooks] = await Promise.all([getInviteCode(store), webhookAdminSettings(store, config)]);
  return renderSecretPage(
    c,
    <AdminPage assets={assets} theme={pageTheme(c)} user={toPublicUser(user)} inviteCode={inviteCode} webhooks={webhooks} />,
  );
});
