import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { OidcConfig } from "../../src/config";
import { SSO_EXPIRED, SSO_REFUSED, SSO_UNAVAILABLE } from "../../src/http/pages/single-sign-on";
import { describeEachDialect } from "../helpers/databases";
import { createList } from "../helpers/lists";
import {
  CLIENT_ID,
  CLIENT_SECRET,
  CookieJar,
  signInAtProvider,
  startImpostorIssuer,
  startOidcProvider,
  type TestProvider,
} from "../helpers/oidc-provider";
import { makeTestApp, registerUser, TEST_INVITE_CODE, TEST_PASSWORD, type TestApp } from "../helpers/test-app";

const CALLBACK = "http://localhost/auth/oidc/callback";
const PASSWORDS_OFF = { error: "PASSWORDS_OFF", message: "This server signs in through single sign-on only" };

/** A page's text as a person reads it: React escapes quotes and apostrophes. */
const unescaped = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

/** Single sign-on against a real provider started here (docs/decisions/064-oidc.md). */
describeEachDialect("single sign-on", (dialect) => {
  let t: TestApp;
  let provider: TestProvider;
  let oidc: OidcConfig;
  beforeAll(async () => {
    provider = await startOidcProvider([CALLBACK]);
    t = await makeTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });
  beforeEach(() => {
    oidc = {
      issuer: provider.issuer,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      label: "Test SSO",
      autoRegister: false,
      only: false,
    };
    t.config.oidc = oidc;
  });

  /** A request to the app as a browser with `jar` sends it. */
  const visit = async (jar: CookieJar, path: string, init: RequestInit = {}) => {
    const response = await t.app.request(path, { ...init, headers: { ...(init.headers as Record<string, string>), cookie: jar.header } });
    jar.take(response);
    return response;
  };
  /** The button's round trip: start, the provider's form as `login`, back to the callback. */
  const signInAs = async (login: string, jar = new CookieJar()) => {
    const start = await visit(jar, "/auth/oidc");
    expect(start.status).toBe(302);
    const back = await signInAtProvider(start.headers.get("location")!, login);
    const callback = await visit(jar, back.pathname + back.search);
    return { jar, callback, back };
  };
  const currentUser = async (jar: CookieJar) => {
    const response = await visit(jar, "/api/user");
    return { status: response.status, body: (await response.json()) as { id?: number; username?: string; message?: string } };
  };
  const identities = async (subject: string) =>
    t.store.db.all<{ issuer: string; user_id: number | string }>("SELECT issuer, user_id FROM user_identities WHERE subject = ?", [
      subject,
    ]);
  const userCount = () => t.store.users.count();

  it("sends the browser to the provider with PKCE S256, state and nonce, kept in a short-lived httpOnly cookie", async () => {
    const jar = new CookieJar();
    const start = await visit(jar, "/auth/oidc");
    expect(start.status).toBe(302);
    const to = new URL(start.headers.get("location")!);
    expect(to.origin).toBe(provider.issuer);
    const query = Object.fromEntries(to.searchParams);
    expect(query).toMatchObject({ response_type: "code", client_id: CLIENT_ID, redirect_uri: CALLBACK, code_challenge_method: "S256" });
    expect(query.scope!.split(" ")).toEqual(["openid", "profile", "email"]);
    expect(query.code_challenge).toMatch(/^[\w-]{43}$/);
    expect(query.state).toMatch(/^[\w-]{20,}$/);
    expect(query.nonce).toMatch(/^[\w-]{20,}$/);
    expect(query.state).not.toBe(query.nonce);
    const cookie = start.headers.getSetCookie().find((line) => line.startsWith("listwell_oidc="))!;
    expect(cookie).toMatch(/; Max-Age=600; Path=\/auth\/oidc; HttpOnly; SameSite=Lax$/);
    // The verifier stays in the sealed cookie, never in the URL.
    expect(start.headers.get("location")).not.toContain("code_verifier");
  });

  it("signs a linked subject in with the session cookie password sign-in makes, the same account every time", async () => {
    t.config.oidc = { ...oidc, autoRegister: true };
    const before = await userCount();
    const first = await signInAs("sub-ann");
    expect(first.callback.status).toBe(302);
    expect(first.callback.headers.get("location")).toBe("/");
    expect(first.jar.cookies.get("listwell_session")).toMatch(/^[a-z2-7]{32}$/);
    expect(first.jar.cookies.has("listwell_oidc")).toBe(false);
    const ann = await currentUser(first.jar);
    // preferred_username "ann.sso" made valid by the username rules.
    expect(ann).toMatchObject({ status: 200, body: { username: "annsso" } });
    expect(await userCount()).toBe(before + 1);
    expect(await identities("sub-ann")).toEqual([{ issuer: provider.issuer, user_id: expect.anything() }]);
    expect(Number((await identities("sub-ann"))[0]!.user_id)).toBe(ann.body.id);

    const again = await signInAs("sub-ann");
    expect(again.callback.headers.get("location")).toBe("/");
    expect((await currentUser(again.jar)).body.id).toBe(ann.body.id);
    expect(await userCount()).toBe(before + 1);
    // The code is spent: the same answer a second time signs nobody in.
    const replay = await visit(new CookieJar(), again.back.pathname + again.back.search);
    expect(replay.status).toBe(400);
  });

  it("makes an auto-registered name unique, and starts from the e-mail when there is no preferred_username (too short names are lengthened)", async () => {
    t.config.oidc = { ...oidc, autoRegister: true };
    await registerUser(t, "dee");
    const dee = await signInAs("sub-dee");
    expect((await currentUser(dee.jar)).body.username).toBe("dee_2");
    const cy = await signInAs("sub-cy");
    expect((await currentUser(cy.jar)).body.username).toBe("usercy");
  });

  it("asks a first sign-in for the invite code and a username, refusing a missing or wrong code with nothing made", async () => {
    const before = await userCount();
    const { jar, callback } = await signInAs("sub-bob");
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/auth/oidc/register");
    expect(jar.cookies.has("listwell_session")).toBe(false);
    expect((await currentUser(jar)).status).toBe(401);

    const page = await visit(jar, "/auth/oidc/register");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = unescaped(await page.text());
    expect(html).toContain("You signed in with Test SSO. Enter the invite code you were given and choose a username to finish.");
    expect(html).toMatch(/<input id="username"[^>]* name="username" value="bob"/);

    const post = (form: Record<string, string>) =>
      visit(jar, "/auth/oidc/register", { method: "POST", body: new URLSearchParams(form), headers: { origin: "http://localhost" } });
    const missing = await post({ username: "bob", inviteCode: "" });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('<div id="inviteCode-error" class="field__error" role="alert">Invite code is required</div>');
    const wrong = await post({ username: "bob", inviteCode: "not-the-code" });
    expect(wrong.status).toBe(403);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain('<div id="inviteCode-error" class="field__error" role="alert">Invalid invite code</div>');
    // What was typed stays in the form.
    expect(wrongHtml).toMatch(/name="inviteCode"[^>]* value="not-the-code"/);
    const badName = await post({ username: "b", inviteCode: TEST_INVITE_CODE });
    expect(badName.status).toBe(400);
    expect(await badName.text()).toContain(
      '<div id="username-error" class="field__error" role="alert">Username must be at least 3 characters</div>',
    );
    await registerUser(t, "bob_taken");
    const taken = await post({ username: "bob_taken", inviteCode: TEST_INVITE_CODE });
    expect(taken.status).toBe(400);
    expect(await taken.text()).toContain('<div id="username-error" class="field__error" role="alert">Username already exists</div>');
    expect(await userCount()).toBe(before + 1);
    expect(await identities("sub-bob")).toEqual([]);
    expect((await currentUser(jar)).status).toBe(401);

    const made = await post({ username: "bob_sso", inviteCode: TEST_INVITE_CODE });
    expect(made.status).toBe(302);
    expect(made.headers.get("location")).toBe("/");
    expect(jar.cookies.has("listwell_oidc_pending")).toBe(false);
    const bob = await currentUser(jar);
    expect(bob).toMatchObject({ status: 200, body: { username: "bob_sso" } });
    expect(Number((await identities("sub-bob"))[0]!.user_id)).toBe(bob.body.id);
    // The account has no password anyone knows.
    expect((await t.app.request("/api/login", json({ username: "bob_sso", password: TEST_PASSWORD }))).status).toBe(401);

    const next = await signInAs("sub-bob");
    expect(next.callback.headers.get("location")).toBe("/");
    expect((await currentUser(next.jar)).body.id).toBe(bob.body.id);
  });

  it("keeps the share link a guest was joining through the provider and the invite page, and joins its list", async () => {
    const owner = await registerUser(t, `${dialect}_share_owner`);
    const list = await createList(owner, "Picnic");
    const jar = new CookieJar();
    const start = await visit(jar, `/auth/oidc?shareId=${list.shareId}`);
    expect(start.status).toBe(302);
    const back = await signInAtProvider(start.headers.get("location")!, "sub-jo");
    expect((await visit(jar, back.pathname + back.search)).headers.get("location")).toBe("/auth/oidc/register");
    const made = await visit(jar, "/auth/oidc/register", {
      method: "POST",
      body: new URLSearchParams({ username: `${dialect}_jo`, inviteCode: TEST_INVITE_CODE }),
    });
    expect(made.status).toBe(302);
    expect(made.headers.get("location")).toBe(`/?shareId=${list.shareId}`);
    const shared = await visit(jar, "/api/shared-with-me");
    expect(((await shared.json()) as Array<{ list: { id: number } }>).map((entry) => entry.list.id)).toEqual([list.id]);
    // The auth page's button carries the link too.
    expect(await (await t.app.request(`/auth?shareId=${list.shareId}`)).text()).toContain(`href="/auth/oidc?shareId=${list.shareId}"`);
  });

  it("links a signed-in account from Settings, and refuses a link another site began or a subject linked elsewhere", async () => {
    const kim = await registerUser(t, `${dialect}_kim`);
    const jar = new CookieJar();
    jar.cookies.set("listwell_session", kim.cookie.split("=")[1]!);
    const settings = async () => unescaped(await (await visit(jar, "/settings?tab=account")).text());
    const before = await settings();
    expect(before).toContain("Link your account to sign in with Test SSO.");
    const href = before.match(/href="(\/auth\/oidc\?link=[\w-]+)">Link Test SSO<\/a>/)![1]!;

    // A link begun elsewhere: no session, or not this session's tag.
    const LINK_OUT_OF_DATE = "This link to single sign-on is out of date. Open Settings and try again.";
    const forged = await visit(jar, "/auth/oidc?link=forged-tag");
    expect(forged.status).toBe(403);
    expect(unescaped(await forged.text())).toContain(LINK_OUT_OF_DATE);
    const anonymous = await visit(new CookieJar(), href);
    expect(anonymous.status).toBe(403);
    expect(anonymous.headers.get("set-cookie")).toBeNull();

    const start = await visit(jar, href);
    expect(start.status).toBe(302);
    const back = await signInAtProvider(start.headers.get("location")!, "sub-kim");
    const linked = await visit(jar, back.pathname + back.search);
    expect(linked.status).toBe(302);
    expect(linked.headers.get("location")).toBe("/settings?tab=account");
    expect((await identities("sub-kim")).map((row) => Number(row.user_id))).toEqual([kim.user.id]);
    const after = await settings();
    expect(after).toContain("Linked: you can sign in with Test SSO.");
    expect(after).not.toContain("Link Test SSO");
    const viaProvider = await signInAs("sub-kim");
    expect((await currentUser(viaProvider.jar)).body.id).toBe(kim.user.id);

    // The same subject for another account: refused, nothing changed.
    const lee = await registerUser(t, `${dialect}_lee`);
    const leeJar = new CookieJar();
    leeJar.cookies.set("listwell_session", lee.cookie.split("=")[1]!);
    const leeHref = unescaped(await (await visit(leeJar, "/settings?tab=account")).text()).match(/href="(\/auth\/oidc\?link=[\w-]+)"/)![1]!;
    const leeStart = await visit(leeJar, leeHref);
    const leeBack = await signInAtProvider(leeStart.headers.get("location")!, "sub-kim");
    const refused = await visit(leeJar, leeBack.pathname + leeBack.search);
    expect(refused.status).toBe(400);
    const refusedHtml = unescaped(await refused.text());
    expect(refusedHtml).toContain("Your account was not linked to Test SSO");
    expect(refusedHtml).toContain("This sign-in is already linked to another account");
    expect((await identities("sub-kim")).map((row) => Number(row.user_id))).toEqual([kim.user.id]);
    // Lee is still signed in as Lee.
    expect((await currentUser(leeJar)).body.id).toBe(lee.user.id);
  });

  it("refuses the invite page without a first sign-in behind it, and a cross-site post", async () => {
    const page = await visit(new CookieJar(), "/auth/oidc/register");
    expect(page.status).toBe(400);
    expect(unescaped(await page.text())).toContain(SSO_EXPIRED);
    const { jar } = await signInAs("sub-eve");
    const before = await userCount();
    const crossSite = await visit(jar, "/auth/oidc/register", {
      method: "POST",
      body: new URLSearchParams({ username: "eve", inviteCode: TEST_INVITE_CODE }),
      headers: { origin: "https://elsewhere.example" },
    });
    expect(crossSite.status).toBe(403);
    expect(await userCount()).toBe(before);
  });

  it("trusts a first sign-in's identity only as sealed by this server, and only for 30 minutes", async () => {
    const { jar } = await signInAs("sub-eve");
    const sealed = jar.cookies.get("listwell_oidc_pending")!;
    const [payload, signature] = sealed.split(".");
    const kept = JSON.parse(Buffer.from(payload!, "base64url").toString()) as { value: { subject: string } };
    expect(kept.value.subject).toBe("sub-eve");
    // Another subject under the same signature: someone else's account must not be made this way.
    kept.value.subject = "sub-ann";
    const forged = new CookieJar();
    forged.cookies.set("listwell_oidc_pending", `${Buffer.from(JSON.stringify(kept)).toString("base64url")}.${signature}`);
    const before = await userCount();
    const refused = await visit(forged, "/auth/oidc/register", {
      method: "POST",
      body: new URLSearchParams({ username: "not_ann", inviteCode: TEST_INVITE_CODE }),
    });
    expect(refused.status).toBe(400);
    expect(unescaped(await refused.text())).toContain(SSO_EXPIRED);
    expect(await userCount()).toBe(before);

    // Positive control: the cookie as sealed opens the page, until 30 minutes have passed.
    expect((await visit(jar, "/auth/oidc/register")).status).toBe(200);
    t.clock.advance(30 * 60_000);
    const late = await visit(jar, "/auth/oidc/register");
    expect(late.status).toBe(400);
    expect(unescaped(await late.text())).toContain(SSO_EXPIRED);
  });

  it("refuses ID tokens from an issuer it was not told to trust, with no session", async () => {
    const impostor = startImpostorIssuer(provider);
    try {
      t.config.oidc = { ...oidc, issuer: impostor.issuer, autoRegister: true };
      const before = await userCount();
      const { jar, callback } = await signInAs("sub-fay");
      // The provider's answer names its issuer (RFC 9207): refused on that already.
      expect(callback.status).toBe(400);
      expect(unescaped(await callback.text())).toContain(SSO_REFUSED);
      expect(jar.cookies.has("listwell_session")).toBe(false);
      expect((await currentUser(jar)).status).toBe(401);
      // Without it, the ID token's own `iss` is refused.
      const stripped = new CookieJar();
      const start = await visit(stripped, "/auth/oidc");
      const back = await signInAtProvider(start.headers.get("location")!, "sub-fay");
      back.searchParams.delete("iss");
      const answer = await visit(stripped, back.pathname + back.search);
      expect(answer.status).toBe(400);
      expect(unescaped(await answer.text())).toContain(SSO_REFUSED);
      expect(stripped.cookies.has("listwell_session")).toBe(false);
      expect(await userCount()).toBe(before);
      // Positive control: the same person through the real issuer gets in.
      t.config.oidc = { ...oidc, autoRegister: true };
      expect((await signInAs("sub-fay")).callback.status).toBe(302);
    } finally {
      impostor.close();
    }
  });

  it("refuses ID tokens minted for another client, with no session", async () => {
    t.config.oidc = { ...oidc, clientId: provider.foreignClientId, clientSecret: "whatever", autoRegister: true };
    const before = await userCount();
    const { jar, callback } = await signInAs("sub-gus");
    expect(callback.status).toBe(400);
    expect(unescaped(await callback.text())).toContain(SSO_REFUSED);
    expect(jar.cookies.has("listwell_session")).toBe(false);
    expect(await userCount()).toBe(before);
    expect(await identities("sub-gus")).toEqual([]);
  });

  it("refuses an answer whose state is not the one it sent, and one without the cookie that began it", async () => {
    t.config.oidc = { ...oidc, autoRegister: true };
    const jar = new CookieJar();
    const start = await visit(jar, "/auth/oidc");
    const back = await signInAtProvider(start.headers.get("location")!, "sub-hal");
    back.searchParams.set("state", "forged-state-forged-state");
    const forged = await visit(jar, back.pathname + back.search);
    expect(forged.status).toBe(400);
    expect(unescaped(await forged.text())).toContain(SSO_REFUSED);
    expect(jar.cookies.has("listwell_session")).toBe(false);

    const stranger = new CookieJar();
    const started = await visit(new CookieJar(), "/auth/oidc");
    const answer = await signInAtProvider(started.headers.get("location")!, "sub-hal");
    const noCookie = await visit(stranger, answer.pathname + answer.search);
    expect(noCookie.status).toBe(400);
    expect(unescaped(await noCookie.text())).toContain(SSO_EXPIRED);
    expect(stranger.cookies.has("listwell_session")).toBe(false);
    expect(await identities("sub-hal")).toEqual([]);
  });

  it("says so when the person cancels at the provider, with no session", async () => {
    const jar = new CookieJar();
    const start = await visit(jar, "/auth/oidc");
    const back = await signInAtProvider(start.headers.get("location")!, "cancel");
    expect(back.searchParams.get("error")).toBe("access_denied");
    const answer = await visit(jar, back.pathname + back.search);
    expect(answer.status).toBe(400);
    expect(unescaped(await answer.text())).toContain("Sign-in with Test SSO was cancelled.");
    expect(jar.cookies.has("listwell_session")).toBe(false);
  });

  it("says single sign-on is unavailable when the provider cannot be reached", async () => {
    t.config.oidc = { ...oidc, issuer: "http://127.0.0.1:9/" };
    const start = await visit(new CookieJar(), "/auth/oidc");
    expect(start.status).toBe(503);
    const html = unescaped(await start.text());
    expect(html).toContain(SSO_UNAVAILABLE);
    expect(html).toContain("Sign in with Test SSO");
  });

  it("shows the button beside the password forms, and alone with OIDC_ONLY, when password calls answer 403", async () => {
    const shown = unescaped(await (await t.app.request("/auth")).text());
    expect(shown).toContain("Sign in with Test SSO");
    expect(shown).toContain('aria-label="Login"');
    const ivy = await registerUser(t, `${dialect}_ivy`);
    expect((await t.app.request("/api/login", json({ username: `${dialect}_ivy`, password: TEST_PASSWORD }))).status).toBe(200);

    const ivyJar = new CookieJar();
    ivyJar.cookies.set("listwell_session", ivy.cookie.split("=")[1]!);
    expect(await (await visit(ivyJar, "/settings?tab=account")).text()).toContain("Change Password");

    t.config.oidc = { ...oidc, only: true };
    const only = unescaped(await (await t.app.request("/auth")).text());
    expect(only).toContain("Sign in with Test SSO");
    expect(only).not.toContain('aria-label="Login"');
    expect(only).not.toContain('aria-label="Register"');
    const before = await userCount();
    for (const [path, body] of [
      ["/api/login", { username: `${dialect}_ivy`, password: TEST_PASSWORD }],
      ["/api/register", { username: `${dialect}_ivy2`, password: TEST_PASSWORD, inviteCode: TEST_INVITE_CODE }],
    ] as const) {
      const refused = await t.app.request(path, json(body));
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual(PASSWORDS_OFF);
    }
    expect(await (await visit(ivyJar, "/settings?tab=account")).text()).not.toContain("Change Password");
    const change = await ivy.patch("/api/change-password", {
      currentPassword: TEST_PASSWORD,
      newPassword: "another1",
      confirmPassword: "another1",
    });
    expect(change).toMatchObject({ status: 403, body: PASSWORDS_OFF });
    expect(await userCount()).toBe(before);
    // The old password still holds: nothing changed.
    t.config.oidc = oidc;
    expect((await t.app.request("/api/login", json({ username: `${dialect}_ivy`, password: TEST_PASSWORD }))).status).toBe(200);
  });
});

const json = (body: unknown): RequestInit => ({
  method: "POST",
  body: JSON.stringify(body),
  headers: { "content-type": "application/json", origin: "http://localhost" },
});
