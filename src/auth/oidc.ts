/**
 * @module
 * The OpenID Connect relying party (docs/decisions/064-oidc.md), through openid-client: the
 * provider's metadata found at first use and kept, the code flow begun with PKCE (S256), state and
 * nonce, and finished by checking the ID token (issuer, audience, nonce, expiry, signature).
 */
import * as client from "openid-client";
import type { OidcConfig } from "../config";

/** Who the provider vouched for, from an ID token it signed. */
export interface ProviderIdentity {
  issuer: string;
  subject: string;
  /** A username to start from: preferred_username, else the e-mail's local part, else the name. */
  suggestedUsername: string;
}

/** What the browser keeps between the two legs, sealed (src/auth/sealed-cookie.ts). */
export interface FlowChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The provider could not be reached, or answered nothing usable. */
export class ProviderUnavailable extends Error {}

/** The provider refused, or its answer failed a check; `message` says which for the log. */
export class SignInRefused extends Error {
  constructor(
    message: string,
    /** The provider's own `error` (the person cancelled, for one), when it sent one. */
    readonly providerError?: string,
  ) {
    super(message);
  }
}

/** Metadata per provider and client, kept once found; a failed discovery is tried again next time. */
const configurations = new Map<string, Promise<client.Configuration>>();

function configurationOf(oidc: OidcConfig): Promise<client.Configuration> {
  const key = JSON.stringify([oidc.issuer, oidc.clientId, oidc.clientSecret]);
  let found = configurations.get(key);
  if (!found) {
    const issuer = new URL(oidc.issuer);
    found = client.discovery(issuer, oidc.clientId, oidc.clientSecret, oidc.clientSecret ? undefined : client.None(), {
      // An http issuer is the operator's explicit choice (a provider on the same host or network).
      execute: issuer.protocol === "http:" ? [client.allowInsecureRequests] : [],
      timeout: 10,
    });
    configurations.set(key, found);
    found.catch(() => configurations.delete(key));
  }
  return found;
}

async function providerConfiguration(oidc: OidcConfig): Promise<client.Configuration> {
  try {
    return await configurationOf(oidc);
  } catch (error) {
    throw new ProviderUnavailable(`discovery of ${oidc.issuer} failed: ${(error as Error).message}`);
  }
}

/** The provider's authorization URL for a new sign-in, and the checks its answer must pass. */
export async function beginSignIn(oidc: OidcConfig, redirectUri: string): Promise<{ url: URL; checks: FlowChecks }> {
  const configuration = await providerConfiguration(oidc);
  const checks = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: "openid profile email",
    code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
    code_challenge_method: "S256",
    state: checks.state,
    nonce: checks.nonce,
  });
  return { url, checks };
}

/** The code exchanged and the ID token checked: who the provider says signed in. */
export async function finishSignIn(oidc: OidcConfig, callbackUrl: URL, checks: FlowChecks): Promise<ProviderIdentity> {
  const configuration = await providerConfiguration(oidc);
  let claims: client.IDToken | undefined;
  try {
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
    // Some providers keep the profile out of the ID token: ask for it, for the name alone.
    if (claims && !suggestedName(claims)) claims = { ...claims, ...(await profileOf(configuration, tokens.access_token, claims.sub)) };
  } catch (error) {
    if (error instanceof client.AuthorizationResponseError) throw new SignInRefused(error.message, error.error);
    if (error instanceof client.ResponseBodyError || error instanceof client.ClientError) throw new SignInRefused(describe(error));
    throw new ProviderUnavailable(`token request to ${oidc.issuer} failed: ${(error as Error).message}`);
  }
  if (!claims) throw new SignInRefused("the provider sent no ID token");
  return { issuer: claims.iss, subject: claims.sub, suggestedUsername: suggestedName(claims) };
}

async function profileOf(configuration: client.Configuration, accessToken: string, subject: string) {
  try {
    return await client.fetchUserInfo(configuration, accessToken, subject);
  } catch {
    // Without a profile the invite page starts from an empty name.
    return {};
  }
}

const describe = (error: Error & { code?: string }) => [error.code, error.message].filter(Boolean).join(": ");

/** preferred_username, else the e-mail's local part, else the name: what a username starts from. */
function suggestedName(claims: client.IDToken): string {
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return text(claims.preferred_username) || text(claims.email).split("@")[0] || text(claims.name);
}
