import { Hono } from "hono";
import { AuthPage } from "../../../views/AuthPage";
import { LoginTestPage } from "../../../views/LoginTestPage";
import { listOfLiveLink } from "../../domain/access";
import { toPublicUser } from "../../domain/accounts";
import type { AppEnv } from "../env";
import { renderPage } from "./render";
import { withShareId } from "../share-link";

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
    const panel = {
      initialTab: shareId && !relogin ? ("register" as const) : ("login" as const),
      prefillUsername: relogin ? (c.req.query("username") ?? "") : "",
      shareId,
      relogin,
    };
    return renderPage(c, <AuthPage assets={c.get("deps").assets} panel={panel} />);
  })
  .get("/login-test", (c) => {
    const user = c.get("user");
    const test = { environment: c.get("deps").config.environment, user: user && toPublicUser(user) };
    return renderPage(c, <LoginTestPage assets={c.get("deps").assets} test={test} />);
  });
