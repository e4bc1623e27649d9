import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymousContext, gotoHydrated, keepScreenshot, signedInContext, startBrowserEnv, type BrowserEnv } from "../helpers/browser";
import { CLIENT_ID, CLIENT_SECRET, startOidcProvider, type TestProvider } from "../helpers/oidc-provider";
import { TEST_INVITE_CODE } from "../helpers/test-app";
import type { Page } from "playwright-core";

/** Single sign-on in Chromium against a real provider (docs/decisions/064-oidc.md). */
describe("single sign-on in Chromium", () => {
  let env: BrowserEnv;
  let provider: TestProvider;
  beforeAll(async () => {
    env = await startBrowserEnv();
    provider = await startOidcProvider([`${env.baseUrl}/auth/oidc/callback`]);
  });
  afterAll(async () => {
    await env.close();
    await provider.close();
  });

  const configureProvider = (autoRegister: boolean) => {
    env.testApp.config.oidc = {
      issuer: provider.issuer,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      label: "Test SSO",
      autoRegister,
      only: false,
    };
  };

  /** The provider's own sign-in form, as a person fills it in. */
  async function signInAtProvider(page: Page, login: string) {
    await page.waitForURL(`${provider.issuer}/interaction/**`);
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill("any password");
    await page.getByRole("button", { name: "Sign-in" }).click();
  }

  it("signs in with the button, at the provider, and lands home signed in", async () => {
    configureProvider(true);
    const { page, context } = await anonymousContext(env);
    await gotoHydrated(page, "/auth");
    await keepScreenshot(page, "oidc-auth-button");
    await page.getByRole("link", { name: "Sign in with Test SSO" }).click();
    await signInAtProvider(page, "sub-ann");
    await page.waitForURL(`${env.baseUrl}/`);
    await expect.poll(() => page.getByText("Hi, annsso").isVisible()).toBe(true);
    const user = await context.request.get("/api/user");
    expect(user.status()).toBe(200);
    expect(await user.json()).toMatchObject({ username: "annsso" });
    await context.close();
  });

  it("asks a first sign-in for the invite code on its own page, with the username prefilled", async () => {
    configureProvider(false);
    const { page, context } = await anonymousContext(env);
    await gotoHydrated(page, "/auth");
    await page.getByRole("link", { name: "Sign in with Test SSO" }).click();
    await signInAtProvider(page, "sub-bob");
    await page.waitForURL(`${env.baseUrl}/auth/oidc/register`);
    await expect.poll(() => page.getByRole("heading", { name: "Create your account" }).isVisible()).toBe(true);
    expect(await page.getByLabel("Username").inputValue()).toBe("bob");
    await page.getByLabel("Invite Code").fill("wrong-code");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Invalid invite code");
    expect((await context.request.get("/api/user")).status()).toBe(401);
    await keepScreenshot(page, "oidc-first-sign-in-refused");

    await page.getByLabel("Invite Code").fill(TEST_INVITE_CODE);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL(`${env.baseUrl}/`);
    await expect.poll(() => page.getByText("Hi, bob").isVisible()).toBe(true);
    await context.close();
  });

  it("links a password account from Settings, after which the button signs in to it", async () => {
    configureProvider(false);
    const { page, context, user } = await signedInContext(env, "cleo");
    await gotoHydrated(page, "/settings?tab=account");
    await expect.poll(() => page.getByText("Link your account to sign in with Test SSO.").isVisible()).toBe(true);
    await page.getByRole("link", { name: "Link Test SSO" }).click();
    await signInAtProvider(page, "sub-cleo");
    await page.waitForURL(`${env.baseUrl}/settings?tab=account`);
    await expect.poll(() => page.getByText("Linked: you can sign in with Test SSO.").isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Link Test SSO" }).count()).toBe(0);
    await keepScreenshot(page, "oidc-settings-linked");
    await context.close();

    const fresh = await anonymousContext(env);
    await gotoHydrated(fresh.page, "/auth");
    await fresh.page.getByRole("link", { name: "Sign in with Test SSO" }).click();
    await signInAtProvider(fresh.page, "sub-cleo");
    await fresh.page.waitForURL(`${env.baseUrl}/`);
    expect(await (await fresh.context.request.get("/api/user")).json()).toMatchObject({ id: user.id, username: "cleo" });
    await fresh.context.close();
  });

  it("shows the button alone with OIDC_ONLY", async () => {
    env.testApp.config.oidc = { ...env.testApp.config.oidc!, only: true };
    const { page, context } = await anonymousContext(env);
    await gotoHydrated(page, "/auth");
    await expect.poll(() => page.getByRole("link", { name: "Sign in with Test SSO" }).isVisible()).toBe(true);
    expect(await page.getByRole("tab").count()).toBe(0);
    expect(await page.getByLabel("Password").count()).toBe(0);
    await keepScreenshot(page, "oidc-only");
    await context.close();
  });
});
