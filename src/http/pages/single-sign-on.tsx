/**
 * @module
 * Single sign-on's pages (docs/decisions/064-oidc.md, docs/http-contract.md#single-sign-on): the
 * start, which sends the browser to the provider; the callback, which checks its answer and signs
 * in as password sign-in does (src/http/sign-in.ts); and the first sign-in's invite page. What the
 * browser must carry between them is sealed in short-lived httpOnly SameSite=Lax cookies.
 */
import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import * as z from "zod";
import { FirstSignInPage, type FirstSignInProps, LinkRefusedPage } from "../../../views/SingleSignOnPage";
import { beginSignIn, finishSignIn, type ProviderIdentity, ProviderUnavailable, SignInRefused } from "../../auth/oidc";
import { isTagOf, seal, tagOf, unseal } from "../../auth/sealed-cookie";
import type { OidcConfig } from "../../config";
import { AppError, notFound } from "../../domain/errors";
import { autoRegister, linkAccount, linkedUser, registerWithInvite, suggestUsername } from "../../domain/single-sign-on";
import { isSameOrigin } from "../../shared/origin";
import type { AccountSingleSignOn } from "../../shared/single-sign-on";
import type { UserRecord } from "../../store/users";
import type { AppContext, AppEnv } from "../env";
import { isHttps } from "../middleware/security-headers";
import { clientIp } from "../middleware/session";
import { withShareId } from "../share-link";
import { signIn } from "../sign-in";
import { renderAuthPage, SSO_START } from "./auth";
import { pageTheme, renderSecretPage } from "./render";

const SSO_CALLBACK = `${SSO_START}/callback`;
const SSO_REGISTER = `${SSO_START}/register`;

export const SSO_UNAVAILABLE = "Single sign-on is unavailable right now. Try again later.";
export const SSO_EXPIRED = "Your single sign-on took too long or was started in another browser. Please try again.";
export const SSO_REFUSED = "Single sign-on could not be completed: the provider's answer did not pass its checks. Please try again.";
const cancelled = (label: string) => `Sign-in with ${label} was cancelled.`;
const LINK_OUT_OF_DATE = "This link to single sign-on is out of date. Open Settings and try again.";
const SETTINGS_ACCOUNT = "/settings?tab=account";

/** The round trip's checks, and the share link being joined. */
const FLOW_COOKIE = "listwell_oidc";
const FLOW_LIFETIME_MS = 10 * 60_000;
const flowSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  shareId: z.string().optional(),
  /** Settings' "Link": the account the subject is to be linked to, instead of a sign-in. */
  linkUserId: z.number().optional(),
});

/** A first sign-in's identity while the invite page waits for its code. */
const PENDING_COOKIE = "listwell_oidc_pending";
const PENDING_LIFETIME_MS = 30 * 60_000;
const pendingSchema = z.object({ issuer: z.string(), subject: z.string(), suggestedUsername: z.string(), shareId: z.string().optional() });

const formSchema = z.object({ username: z.string().default(""), inviteCode: z.string().default("") });

function providerOf(c: AppContext): OidcConfig {
  const oidc = c.get("deps").config.oidc;
  if (!oidc) throw notFound();
  return oidc;
}

const isHttpsRequest = (c: AppContext) => isHttps(c.req.url, c.req.header("x-forwarded-proto"));

/** The redirect URI the provider must have registered: this request's own origin. */
function callbackUri(c: AppContext): string {
  const host = c.req.header("host") ?? new URL(c.req.url).host;
  return `${isHttpsRequest(c) ? "https" : "http"}://${host}${SSO_CALLBACK}`;
}

function keep(c: AppContext, name: string, value: string, lifetimeMs: number) {
  const setting = c.get("deps").config.sessionSecure;
  const secure = setting === "auto" ? isHttpsRequest(c) : setting;
  setCookie(c, name, value, { httpOnly: true, sameSite: "Lax", secure, path: SSO_START, maxAge: lifetimeMs / 1000 });
}

const forget = (c: AppContext, name: string) => deleteCookie(c, name, { path: SSO_START });

/** Signed in as password sign-in signs in, then home, or to the shared list just joined. */
async function landSignedIn(c: AppContext, user: UserRecord, shareId: string | undefined) {
  const signed = await signIn(c, user, shareId);
  return c.redirect(signed.sharedList ? withShareId("/", shareId) : "/");
}

/** What a person is told when the round trip failed, and the status; the log has the detail. */
function refusalOf(c: AppContext, oidc: OidcConfig, error: unknown): { message: string; status: 400 | 503 } {
  const logger = c.get("deps").logger;
  if (error instanceof ProviderUnavailable) {
    logger.warn(`single sign-on unavailable: ${error.message}`);
    return { message: SSO_UNAVAILABLE, status: 503 };
  }
  if (!(error instanceof SignInRefused)) throw error;
  logger.warn(`single sign-on refused: ${error.message}`);
  return { message: error.providerError === "access_denied" ? cancelled(oidc.label) : SSO_REFUSED, status: 400 };
}

/** Back to the auth page with what went wrong. */
function refuse(c: AppContext, oidc: OidcConfig, shareId: string | undefined, error: unknown) {
  const { message, status } = refusalOf(c, oidc, error);
  return renderAuthPage(c, { shareId: shareId ?? null, ssoError: message }, status);
}

const linkRefused = (c: AppContext, oidc: OidcConfig, message: string, status: 400 | 403 | 503) =>
  renderSecretPage(c, <LinkRefusedPage assets={c.get("deps").assets} theme={pageTheme(c)} label={oidc.label} message={message} />, status);

/**
 * Settings' single sign-on row, when the server has a provider. "Link <label>" goes to the start
 * with a tag bound to this session, so no other site can begin a link for it.
 */
export async function accountSingleSignOn(c: AppContext): Promise<AccountSingleSignOn | undefined> {
  const { store, config } = c.get("deps");
  const [user, session] = [c.get("user"), c.get("session")];
  if (!config.oidc || !user || !session) return undefined;
  return {
    label: config.oidc.label,
    linked: await store.identities.hasAny(user.id),
    linkHref: `${SSO_START}?link=${await tagOf(store, `link:${session.id}`)}`,
    passwordsOff: config.oidc.only,
  };
}

/** The signed-in account behind a link's tag, or undefined when the tag is not this session's. */
async function linkingUser(c: AppContext, tag: string): Promise<UserRecord | undefined> {
  const [user, session] = [c.get("user"), c.get("session")];
  return user && session && (await isTagOf(c.get("deps").store, `link:${session.id}`, tag)) ? user : undefined;
}

/** The link made (back to Settings, which now says so), or why not. */
async function finishLink(c: AppContext, oidc: OidcConfig, userId: number, identity: ProviderIdentity) {
  const user = c.get("user");
  if (user?.id !== userId) return linkRefused(c, oidc, SSO_EXPIRED, 400);
  try {
    await linkAccount(c.get("deps").store, user, identity);
  } catch (error) {
    if (error instanceof AppError && error.status === 400) return linkRefused(c, oidc, error.message, 400);
    throw error;
  }
  return c.redirect(SETTINGS_ACCOUNT);
}

function firstSignInPage(c: AppContext, oidc: OidcConfig, form: Omit<FirstSignInProps, "label">, status?: 400 | 403 | 429) {
  return renderSecretPage(c, <FirstSignInPage assets={c.get("deps").assets} form={{ ...form, label: oidc.label }} />, status);
}

/** The invite page's field a refusal concerns, by its code; the form as a whole otherwise. */
function fieldOf(code: string | undefined): keyof FirstSignInProps["errors"] {
  if (code === "INVITE_CODE_REQUIRED" || code === "INVALID_INVITE_CODE") return "inviteCode";
  if (code === "INVALID_USERNAME" || code === "USERNAME_TAKEN") return "username";
  return "form";
}

export const singleSignOnPages = new Hono<AppEnv>()
  .get(SSO_START, async (c) => {
    const oidc = providerOf(c);
    const shareId = c.req.query("shareId")?.trim() || undefined;
    const linkTag = c.req.query("link");
    const linking = linkTag === undefined ? undefined : await linkingUser(c, linkTag);
    if (linkTag !== undefined && !linking) return linkRefused(c, oidc, LINK_OUT_OF_DATE, 403);
    let begun: Awaited<ReturnType<typeof beginSignIn>>;
    try {
      begun = await beginSignIn(oidc, callbackUri(c));
    } catch (error) {
      if (!linking) return refuse(c, oidc, shareId, error);
      const { message, status } = refusalOf(c, oidc, error);
      return linkRefused(c, oidc, message, status);
    }
    const flow = { ...begun.checks, shareId, linkUserId: linking?.id };
    keep(c, FLOW_COOKIE, await seal(c.get("deps").store, flow, FLOW_LIFETIME_MS), FLOW_LIFETIME_MS);
    return c.redirect(begun.url.href);
  })
  .get(SSO_CALLBACK, async (c) => {
    const oidc = providerOf(c);
    const { store } = c.get("deps");
    // One use: whatever happens next, a second visit to this address starts nothing.
    const flow = await unseal(store, getCookie(c, FLOW_COOKIE), flowSchema);
    forget(c, FLOW_COOKIE);
    if (!flow) return renderAuthPage(c, { shareId: null, ssoError: SSO_EXPIRED }, 400);
    const answered = new URL(callbackUri(c));
    answered.search = new URL(c.req.url).search;
    let identity: ProviderIdentity;
    try {
      identity = await finishSignIn(oidc, answered, flow);
    } catch (error) {
      if (flow.linkUserId === undefined) return refuse(c, oidc, flow.shareId, error);
      const { message, status } = refusalOf(c, oidc, error);
      return linkRefused(c, oidc, message, status);
    }
    if (flow.linkUserId !== undefined) return finishLink(c, oidc, flow.linkUserId, identity);
    const user = (await linkedUser(store, identity)) ?? (oidc.autoRegister ? await autoRegister(store, identity) : undefined);
    if (user) return landSignedIn(c, user, flow.shareId);
    keep(c, PENDING_COOKIE, await seal(store, { ...identity, shareId: flow.shareId }, PENDING_LIFETIME_MS), PENDING_LIFETIME_MS);
    return c.redirect(SSO_REGISTER);
  })
  .get(SSO_REGISTER, async (c) => {
    const oidc = providerOf(c);
    const { store } = c.get("deps");
    const pending = await unseal(store, getCookie(c, PENDING_COOKIE), pendingSchema);
    if (!pending) return renderAuthPage(c, { shareId: null, ssoError: SSO_EXPIRED }, 400);
    return firstSignInPage(c, oidc, { username: await suggestUsername(store, pending), inviteCode: "", errors: {} });
  })
  .post(SSO_REGISTER, async (c) => {
    const oidc = providerOf(c);
    const { store, limiter } = c.get("deps");
    const origin = c.req.header("origin");
    if (origin && !isSameOrigin(origin, c.req.url, c.req.header("host")))
      throw new AppError(403, "Cross-site request refused", "CROSS_SITE");
    const pending = await unseal(store, getCookie(c, PENDING_COOKIE), pendingSchema);
    if (!pending) return renderAuthPage(c, { shareId: null, ssoError: SSO_EXPIRED }, 400);
    const form = formSchema.parse(await c.req.parseBody());
    try {
      const user = await registerWithInvite(store, limiter, clientIp(c), pending, form);
      forget(c, PENDING_COOKIE);
      return await landSignedIn(c, user, pending.shareId);
    } catch (error) {
      if (!(error instanceof AppError) || (error.status !== 400 && error.status !== 403 && error.status !== 429)) throw error;
      return firstSignInPage(c, oidc, { ...form, errors: { [fieldOf(error.code)]: error.message } }, error.status);
    }
  });
