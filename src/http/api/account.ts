import { Hono } from "hono";
import * as accounts from "../../domain/accounts";
import { badRequest, unauthorized } from "../../domain/errors";
import { assertPasswordsOn } from "../../domain/single-sign-on";
import { changePasswordSchema, loginSchema, registerSchema, themeSchema, updateUsernameSchema } from "../../shared/account";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { clearSessionCookie, clientIp, deviceCookieOf, requireUser, signedIn } from "../middleware/session";
import { signIn } from "../sign-in";
import { jsonBody } from "../validate";

/** What a browser deletes on logout: its HTTP cache, and the worker's caches with the outbox's IndexedDB. */
const CLEAR_SITE_DATA = '"cache", "storage"';

/** OIDC_ONLY closes the password paths before their bodies are read (docs/decisions/064-oidc.md). */
const passwordsOn: MiddlewareHandler<AppEnv> = async (c, next) => {
  assertPasswordsOn(c.get("deps").config);
  await next();
};

export const accountApi = new Hono<AppEnv>()
  .post("/register", passwordsOn, jsonBody(registerSchema), async (c) => {
    const input = c.req.valid("json");
    const { store, limiter } = c.get("deps");
    const user = await accounts.register(store, limiter, clientIp(c), input);
    return c.json(await signIn(c, user, input.shareId), 201);
  })
  .post("/login", passwordsOn, jsonBody(loginSchema), async (c) => {
    const input = c.req.valid("json");
    const { store, limiter } = c.get("deps");
    const user = await accounts.login(store, limiter, { ip: clientIp(c), deviceCookie: deviceCookieOf(c) }, input);
    return c.json(await signIn(c, user, input.shareId));
  })
  .post("/logout", async (c) => {
    const session = c.get("session");
    if (session) await accounts.endSession(c.get("deps").store, c.get("deps").bus, session);
    clearSessionCookie(c);
    // The account's kept pages and queued changes leave the device with it
    // (docs/decisions/019-offline-cache.md); the Logout button warns first when changes wait.
    c.header("Clear-Site-Data", CLEAR_SITE_DATA);
    return c.json({ message: "Logged out" });
  })
  .get("/user", (c) => {
    const user = c.get("user");
    if (!user) throw unauthorized("Not logged in");
    return c.json(accounts.toPublicUser(user));
  })
  .get("/user/theme", signedIn, (c) => c.json({ theme: accounts.themeOf(requireUser(c)) }))
  .post("/user/theme", signedIn, jsonBody(themeSchema), async (c) => {
    const { theme } = c.req.valid("json");
    await accounts.setTheme(c.get("deps").store, requireUser(c), theme);
    return c.json({ theme });
  })
  .get("/user/last-list", signedIn, async (c) => {
    const user = requireUser(c);
    return c.json({ listId: await accounts.lastVisibleList(c.get("deps").store, user) });
  })
  .get("/check-username", async (c) => {
    const username = c.req.query("username")?.trim();
    if (!username) throw badRequest("Username is required");
    if (await accounts.isUsernameTaken(c.get("deps").store, username)) {
      return c.json({ available: false, message: "Username already exists" }, 400);
    }
    return c.json({ available: true, message: "Username is available" });
  })
  .get("/check-username/:username", async (c) => {
    const exists = await accounts.isUsernameTaken(c.get("deps").store, c.req.param("username"));
    return c.json({ exists });
  })
  .patch("/update-username", signedIn, jsonBody(updateUsernameSchema), async (c) => {
    const { username } = c.req.valid("json");
    return c.json(await accounts.renameUser(c.get("deps").store, requireUser(c), username));
  })
  .patch("/change-password", signedIn, passwordsOn, jsonBody(changePasswordSchema), async (c) => {
    const user = requireUser(c);
    const { store, bus, limiter } = c.get("deps");
    await accounts.changePassword(store, bus, limiter, user, c.get("session")!.id, c.req.valid("json"));
    return c.json({ message: "Password changed" });
  });
