import { Hono } from "hono";
import { SharedAccessPage } from "../../../views/SharedAccessPage";
import { listOfLiveLink } from "../../domain/access";
import type { AppEnv } from "../env";
import { pageTheme, renderPage } from "./render";
import { withShareId } from "../share-link";

/** Share-link routes: the legacy /shared/{shareId} and /shared-access (docs/http-contract.md#pages). */
export const shareRoutes = new Hono<AppEnv>()
  .get("/shared", (c) => c.redirect("/"))
  .get("/shared/", (c) => c.redirect("/"))
  .get("/shared/:shareId", async (c) => {
    const shareId = c.req.param("shareId").trim();
    if (!shareId) return c.redirect("/");
    const list = await listOfLiveLink(c.get("deps").store, shareId);
    return c.redirect(withShareId(list ? `/list/${list.id}` : "/", shareId));
  })
  .get("/shared-access", (c) => {
    const shareId = c.req.query("shareId")?.trim();
    // Protected: a signed-out visitor signs in first, and the auth page keeps the share pending.
    if (!c.get("user")) return c.redirect(withShareId("/auth", shareId));
    if (!shareId) return c.redirect("/");
    return renderPage(c, <SharedAccessPage assets={c.get("deps").assets} theme={pageTheme(c)} shareId={shareId} />);
  });
