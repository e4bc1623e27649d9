/**
 * @module
 * A real OpenID Connect provider for tests (oidc-provider, docs/decisions/064-oidc.md): one client,
 * a few people, its development sign-in form, and consent taken as given. It listens on 127.0.0.1
 * behind a small front of our own that can play two attacks: minting tokens for another client
 * (the audience test) and an impostor issuer naming itself over the real one's endpoints.
 */
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export const CLIENT_ID = "listwell";
export const CLIENT_SECRET = "listwell-test-secret";

/** The provider's people: the login typed into its form is the subject. */
export const PEOPLE: Record<string, { preferred_username?: string; name?: string; email?: string }> = {
  "sub-ann": { preferred_username: "ann.sso", name: "Ann", email: "ann@example.test" },
  "sub-bob": { preferred_username: "bob", name: "Bob" },
  "sub-cy": { email: "cy@example.test" },
  "sub-dee": { preferred_username: "dee" },
  "sub-eve": { preferred_username: "eve" },
  "sub-fay": { preferred_username: "fay" },
  "sub-gus": { preferred_username: "gus" },
  "sub-hal": { preferred_username: "hal" },
  "sub-jo": { preferred_username: "jo" },
  "sub-kim": { preferred_username: "kim" },
  "sub-cleo": { preferred_username: "cleo.sso" },
};

export interface TestProvider {
  issuer: string;
  /** A client id the front serves as if it were CLIENT_ID: its tokens are minted for CLIENT_ID. */
  foreignClientId: string;
  close(): Promise<void>;
}

const listen = (server: Server) =>
  new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));

export async function startOidcProvider(redirectUris: string[]): Promise<TestProvider> {
  let handler: RequestListener | undefined;
  const inner = createServer((request, response) => handler!(request, response));
  const innerPort = await listen(inner);
  const foreignClientId = "someone-else";

  // The front: the issuer everyone sees, passing requests on, with a foreign client's turned into ours.
  const front = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      let body: BodyInit | null = request.method === "GET" || request.method === "HEAD" ? null : await request.arrayBuffer();
      if (url.searchParams.get("client_id") === foreignClientId) url.searchParams.set("client_id", CLIENT_ID);
      if (body && request.headers.get("content-type")?.startsWith("application/x-www-form-urlencoded")) {
        const form = new URLSearchParams(new TextDecoder().decode(body as ArrayBuffer));
        if (form.get("client_id") === foreignClientId) {
          form.set("client_id", CLIENT_ID);
          form.set("client_secret", CLIENT_SECRET);
        }
        body = form.toString();
      }
      const headers = new Headers(request.headers);
      headers.delete("content-length");
      return fetch(`http://127.0.0.1:${innerPort}${url.pathname}${url.search}`, {
        method: request.method,
        headers,
        body,
        redirect: "manual",
      });
    },
  });
  const issuer = `http://127.0.0.1:${front.port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: redirectUris,
        token_endpoint_auth_method: "client_secret_post",
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    async findAccount(_ctx, id) {
      const person = PEOPLE[id];
      return person && { accountId: id, claims: async () => ({ sub: id, ...person }) };
    },
    claims: { openid: ["sub"], profile: ["preferred_username", "name"], email: ["email"] },
    features: { devInteractions: { enabled: true } },
    // The profile in the ID token, as Keycloak, Authentik and Google send it.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    cookies: { keys: ["listwell-tests"] },
    // Consent is taken as given: a first-party client.
    async loadExistingGrant(ctx) {
      const { client, session, result, provider: self } = ctx.oidc;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return self.Grant.find(grantId);
      const grant = new self.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope("openid profile email");
      await grant.save();
      return grant;
    },
  });
  handler = provider.callback();
  return {
    issuer,
    foreignClientId,
    close: async () => {
      front.stop(true);
      await new Promise((resolve) => inner.close(resolve));
    },
  };
}

/**
 * An issuer that is not the provider: its metadata is the provider's with its own name as issuer,
 * so the provider's ID tokens name an issuer the relying party was not told to trust. It does not
 * promise the `iss` answer parameter (RFC 9207), so with that stripped only the ID token tells.
 */
export function startImpostorIssuer(real: TestProvider): { issuer: string; close(): void } {
  const server: Bun.Server<undefined> = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request): Promise<Response> {
      const url = new URL(request.url);
      if (url.pathname !== "/.well-known/openid-configuration") return new Response("Not found", { status: 404 });
      const metadata = (await (await fetch(`${real.issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
      return Response.json({
        ...metadata,
        issuer: `http://127.0.0.1:${server.port}`,
        authorization_response_iss_parameter_supported: false,
      });
    },
  });
  return { issuer: `http://127.0.0.1:${server.port}`, close: () => server.stop(true) };
}

/** Cookies as a browser keeps them for one site, enough for these round trips. */
export class CookieJar {
  readonly cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      const [name, value] = [pair!.slice(0, at).trim(), pair!.slice(at + 1)];
      if (value === "" || /max-age=0/i.test(line) || /expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  get header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/**
 * Signs `login` in at the provider from its authorization URL, as a person at its form would (or
 * cancels there), and answers where it sends the browser back: the app's callback with code and
 * state, or with an error.
 */
export async function signInAtProvider(authorizationUrl: string, login: string | "cancel", jar = new CookieJar()): Promise<URL> {
  let url = new URL(authorizationUrl);
  const origin = url.origin;
  for (let step = 0; step < 10; step++) {
    const response = await fetch(url, { headers: { cookie: jar.header }, redirect: "manual" });
    jar.take(response);
    const location = response.headers.get("location");
    if (response.status === 200 && url.pathname.startsWith("/interaction/")) {
      if (login === "cancel") {
        url = new URL(`${url.pathname}/abort`, origin);
        continue;
      }
      // The development form: any login, any password.
      const form = new URLSearchParams({ prompt: "login", login, password: "any" });
      const posted = await fetch(url, {
        method: "POST",
        headers: { cookie: jar.header, "content-type": "application/x-www-form-urlencoded" },
        body: form,
        redirect: "manual",
      });
      jar.take(posted);
      url = new URL(posted.headers.get("location")!, origin);
      continue;
    }
    if (!location) throw new Error(`the provider answered ${response.status} at ${url}: ${await response.text()}`);
    const next = new URL(location, origin);
    if (next.origin !== origin) return next;
    url = next;
  }
  throw new Error("the provider's sign-in went round in circles");
}
