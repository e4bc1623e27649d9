import { Hono } from "hono";
import { messageSchema, userSchema } from "../../shared/answers";
import {
  signedInSchema,
  themeAnswerSchema,
  lastListSchema,
  usernameAvailableSchema,
  usernameExistsSchema,
} from "../../shared/more-answers";
import { describe } from "../openapi/describe";
import * as accounts from "../../domain/accounts";
import { inTokenScope } from "../../domain/access";
import { badRequest, unauthorized } from "../../domain/errors";
import { assertPasswordsOn } from "../../domain/single-sign-on";
import {
  changePasswordSchema,
  loginSchema,
  registerSchema,
  themeSchema,
  updateUsernameSchema,
  usernameQuerySchema,
} from "../../shared/account";
import type { MiddlewareHandler } from "hono";
import { callerOf } from "../caller";
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
  .post(
    "/register",
    describe({
      tag: "Account",
      summary: "Register with the invite code, and sign in",
      access: "public",
      answers: { 201: signedInSchema },
      refusals: [403, 409, 429],
    }),
    passwordsOn,
    jsonBody(registerSchema),
    async (c) => {
      const input = c.req.valid("json");
      const { store, limiter } = c.get("deps");
      const user = await accounts.register(store, limiter, clientIp(c), input);
      return c.json(await signIn(c, user, input.shareId), 201);
    },
  )
  .post(
    "/login",
    describe({
      tag: "Account",
      summary: "Sign in with username and password",
      access: "public",
      answers: { 200: signedInSchema },
      refusals: [401, 403, 429],
    }),
    passwordsOn,
    jsonBody(loginSchema),
    async (c) => {
      const input = c.req.valid("json");
      const { store, limiter } = c.get("deps");
      const user = await accounts.login(store, limiter, { ip: clientIp(c), deviceCookie: deviceCookieOf(c) }, input);
      return c.json(await signIn(c, user, input.shareId));
    },
  )
  .post(
    "/logout",
    describe({ tag: "Account", summary: "Sign out and end this session", access: "session", answers: { 200: messageSchema } }),
    async (c) => {
      const session = c.get("session");
      if (session) await accounts.endSession(c.get("deps").store, c.get("deps").bus, session);
      clearSessionCookie(c);
      // The account's kept pages and queued changes leave the device with it
      // (docs/decisions/019-offline-cache.md); the Logout button warns first when changes wait.
      c.header("Clear-Site-Data", CLEAR_SITE_DATA);
      return c.json({ message: "Logged out" });
    },
  )
  .get("/user", describe({ tag: "Account", summary: "The signed-in user", access: "signed-in", answers: { 200: userSchema } }), (c) => {
    const user = c.get("user");
    if (!user) throw unauthorized("Not logged in");
    return c.json(accounts.toPublicUser(user));
  })
  .get(
    "/user/theme",
    describe({ tag: "Account", summary: "The signed-in user's theme", access: "signed-in", answers: { 200: themeAnswerSchema } }),
    signedIn,
    (c) => c.json({ theme: accounts.themeOf(requireUser(c)) }),
  )
  .post(
    "/user/theme",
    describe({ tag: "Account", summary: "Choose a theme", access: "signed-in", answers: { 200: themeAnswerSchema } }),
    signedIn,
    jsonBody(themeSchema),
    async (c) => {
      const { theme } = c.req.valid("json");
      await accounts.setTheme(c.get("deps").store, requireUser(c), theme);
      return c.json({ theme });
    },
  )
  .get(
    "/user/last-list",
    describe({
      tag: "Account",
      summary: "The list the user last opened, if they can still open it",
      access: "signed-in",
      answers: { 200: lastListSchema },
    }),
    signedIn,
    async (c) => {
      const listId = await accounts.lastVisibleList(c.get("deps").store, requireUser(c));
      // A token limited to some lists is not told of another (docs/decisions/061-api-tokens.md).
      return c.json({ listId: listId !== null && inTokenScope(callerOf(c), listId) ? listId : null });
    },
  )
  .get(
    "/check-username",
    describe({
      tag: "Account",
      summary: "Whether a username is free to register",
      description: "Answers 400 with `available: false` when the name is taken.",
      access: "public",
      query: usernameQuerySchema,
      answers: { 200: usernameAvailableSchema },
      refusals: [400],
    }),
    async (c) => {
      const username = c.req.query("username")?.trim();
      if (!username) throw badRequest("Username is required");
      if (await accounts.isUsernameTaken(c.get("deps").store, username)) {
        return c.json({ available: false, message: "Username already exists" }, 400);
      }
      return c.json({ available: true, message: "Username is available" });
    },
  )
  .get(
    "/check-username/:username",
    describe({ tag: "Account", summary: "Whether an account has this username", access: "public", answers: { 200: usernameExistsSchema } }),
    async (c) => {
      const exists = await accounts.isUsernameTaken(c.get("deps").store, c.req.param("username"));
      return c.json({ exists });
    },
  )
  .patch(
    "/update-username",
    describe({
      tag: "Account",
      summary: "Change the signed-in user's username",
      access: "session",
      answers: { 200: userSchema },
      refusals: [409],
    }),
    signedIn,
    jsonBody(updateUsernameSchema),
    async (c) => {
      const { username } = c.req.valid("json");
      return c.json(await accounts.renameUser(c.get("deps").store, requireUser(c), username));
    },
  )
  .patch(
    "/change-password",
    describe({
      tag: "Account",
      summary: "Change the password, ending the account's other sessions",
      access: "session",
      answers: { 200: messageSchema },
      refusals: [429],
    }),
    signedIn,
    passwordsOn,
    jsonBody(changePasswordSchema),
    async (c) => {
      const user = requireUser(c);
      const { store, bus, limiter } = c.get("deps");
      await accounts.changePassword(store, bus, limiter, user, c.get("session")!.id, c.req.valid("json"));
      return c.json({ message: "Password changed" });
    },
  );
