import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { CONTENT_SECURITY_POLICY } from "../../src/http/middleware/security-headers";
import { createLogger } from "../../src/logger";
import { THEMES } from "../../src/shared/themes";
import { Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

const PROTECTIVE = {
  "content-security-policy": CONTENT_SECURITY_POLICY,
  "x-content-type-options": "nosniff",
  "referrer-policy": "same-origin",
  "x-frame-options": "DENY",
};

const protectiveHeaders = (headers: Headers) => Object.fromEntries(Object.keys(PROTECTIVE).map((name) => [name, headers.get(name)]));

describe("protective headers", () => {
  let t: TestApp;
  let owner: Client;
  beforeAll(async () => {
    t = await makeTestApp();
    owner = await registerUser(t, "owner");
  });
  afterAll(() => t.close());

  it("states a policy without inline script, framing or foreign bases", () => {
    const directives = CONTENT_SECURITY_POLICY.split("; ");
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "object-src 'none'",
    ]) {
      expect(directives).toContain(directive);
    }
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*unsafe/);
  });

  it("puts them on pages, API answers, static files, redirects, refusals and 404s alike", async () => {
    const anonymous = new Client(t);
    const responses = {
      authPage: await anonymous.get("/auth"),
      homePage: await owner.get("/"),
      redirect: await anonymous.get("/"),
      notFoundPage: await anonymous.get("/no-such-page"),
      apiAnswer: await owner.get("/api/task-lists"),
      apiUnauthorized: await anonymous.get("/api/user"),
      apiNotFound: await anonymous.get("/api/no-such-call"),
      apiCrossOrigin: await anonymous.post("/api/login", { username: "x", password: "y" }, { origin: "https://evil.example" }),
      apiTooLarge: await owner.post("/api/task-lists", { name: "x".repeat(70_000) }),
      stylesheet: await anonymous.get(t.assets.style),
      script: await anonymous.get(t.assets.script),
      favicon: await anonymous.get("/favicon.svg"),
    };
    expect(Object.fromEntries(Object.entries(responses).map(([name, res]) => [name, res.status]))).toEqual({
      authPage: 200,
      homePage: 200,
      redirect: 302,
      notFoundPage: 404,
      apiAnswer: 200,
      apiUnauthorized: 401,
      apiNotFound: 404,
      apiCrossOrigin: 403,
      apiTooLarge: 413,
      stylesheet: 200,
      script: 200,
      favicon: 200,
    });
    for (const [name, res] of Object.entries(responses)) expect([name, protectiveHeaders(res.headers)]).toEqual([name, PROTECTIVE]);
  });

  it("puts them on a server error too", async () => {
    const failing = { ...t.store, users: { ...t.store.users, findByUsername: () => Promise.reject(new Error("disk on fire")) } };
    const app = createApp({ store: failing, config: t.config, bus: t.bus, assets: t.assets, logger: createLogger("silent") });
    const res = await new Client({ ...t, app }).get("/api/check-username?username=someone");
    expect(res.status).toBe(500);
    expect(protectiveHeaders(res.headers)).toEqual(PROTECTIVE);
  });

  it("asks for HTTPS only over HTTPS: directly or behind a proxy that says so", async () => {
    expect((await new Client(t).get("/auth")).headers.get("strict-transport-security")).toBeNull();
    const proxied = await new Client(t).get("/auth", { "x-forwarded-proto": "https" });
    expect(proxied.headers.get("strict-transport-security")).toBe("max-age=31536000");
    const direct = await t.app.request("https://listwell.example/api/user");
    expect(direct.headers.get("strict-transport-security")).toBe("max-age=31536000");
  });

  it("renders pages without inline script or style: the theme colours come from the stylesheet", async () => {
    const page = (await owner.get<string>("/")).body;
    expect(page).not.toMatch(/<style/);
    const scripts = [...page.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toContain(`src="${t.assets.script}"`);
      expect(body).toBe("");
    }
    expect(page).toContain('<html lang="en" data-theme="vibrant">');
    const stylesheet = (await new Client(t).get<string>(t.assets.style)).body;
    for (const theme of Object.values(THEMES)) {
      const rule = stylesheet.slice(stylesheet.indexOf(`[data-theme="${theme.id}"]{`)).split("}")[0]!;
      expect(rule).toContain(`--header:light-dark(${theme.headerColor},${theme.dark.header})`);
      expect(rule).toContain(`--button:light-dark(${theme.buttonColor},${theme.dark.button})`);
      expect(rule).toContain(`--task-0:light-dark(${theme.taskColors[0]},${theme.dark.taskColors[0]})`);
    }
  });
});
