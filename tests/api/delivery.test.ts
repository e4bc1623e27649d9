import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_DIR } from "../../src/assets";
import { CONTENT_SECURITY_POLICY } from "../../src/http/middleware/security-headers";
import type { PollResponse } from "../../src/shared/realtime";
import { type BrowserEnv, CHROMIUM, gotoHydrated, signedInContext, startBrowserEnv, waitForHydration } from "../helpers/browser";
import { describeEachDialect } from "../helpers/databases";
import { createList, insertTask } from "../helpers/lists";
import { startLiveServer, TestSocket } from "../helpers/live";
import { Client, makeTestApp, registerUser, TEST_INVITE_CODE, TEST_PASSWORD, type TestApp } from "../helpers/test-app";
import { untilControlled } from "../e2e/offline-cache-helpers";

/**
 * Delivery: compression by Accept-Encoding, HEAD that tells the real length, ETag and
 * 304 for pages and API reads, and which answers a browser may keep (docs/decisions/012-delivery.md).
 */
const BROWSER = "gzip, deflate, br, zstd";
const ITEMS = 50;
/** A kept answer depends on who asks (the cookie) and on the coding. */
const KEPT_VARY = "Cookie, Accept-Encoding";

type Owner = Awaited<ReturnType<typeof registerUser>>;

/** A call to the app that keeps the raw bytes, as they would travel. */
async function raw(t: TestApp, path: string, headers: Record<string, string> = {}, method = "GET") {
  const response = await t.app.request(path, { method, headers });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** The body as the browser reads it after undoing the coding the server names. */
function decoded(response: Response, bytes: Uint8Array<ArrayBuffer>): string {
  const encoding = response.headers.get("content-encoding");
  const plain = encoding === "br" ? brotliDecompressSync(bytes) : encoding === "gzip" ? Bun.gunzipSync(bytes) : bytes;
  return new TextDecoder().decode(plain);
}

/** A list of 50 items, like the measurement. */
async function fiftyItemList(t: TestApp, owner: Owner) {
  const list = await createList(owner, "Groceries");
  for (let i = 0; i < ITEMS; i++) await insertTask(t, { listId: list.id, userId: owner.user.id, title: `Item number ${i}`, position: i });
  return list;
}

const withCookie = (owner: Owner, headers: Record<string, string> = {}) => ({ cookie: owner.cookie, ...headers });

describeEachDialect("API reads", (dialect) => {
  let t: TestApp;
  let owner: Owner;
  let listPath: string;
  let listId: number;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    owner = await registerUser(t, "owner");
    const list = await fiftyItemList(t, owner);
    listId = list.id;
    listPath = `/api/list/${list.id}`;
  });
  afterAll(() => t.close());

  it("compresses a 50-item read with brotli, else gzip, else not at all, and each decodes to the same JSON", async () => {
    const plain = await raw(t, listPath, withCookie(owner));
    const brotli = await raw(t, listPath, withCookie(owner, { "accept-encoding": BROWSER }));
    const gzip = await raw(t, listPath, withCookie(owner, { "accept-encoding": "gzip, deflate" }));
    const refused = await raw(t, listPath, withCookie(owner, { "accept-encoding": "br;q=0, gzip" }));
    expect([plain, brotli, gzip, refused].map(({ response }) => [response.status, response.headers.get("content-encoding")])).toEqual([
      [200, null],
      [200, "br"],
      [200, "gzip"],
      [200, "gzip"],
    ]);
    const json = decoded(plain.response, plain.bytes);
    expect((JSON.parse(json) as { tasks: unknown[] }).tasks).toHaveLength(ITEMS);
    expect(json.length).toBeGreaterThan(1024);
    for (const { response, bytes } of [brotli, gzip]) {
      expect(decoded(response, bytes)).toBe(json);
      expect(bytes.byteLength).toBeLessThan(json.length / 4);
      expect(response.headers.get("content-length")).toBe(String(bytes.byteLength));
      expect(response.headers.get("vary")).toBe(KEPT_VARY);
    }
  });

  it("leaves an answer under 1 KB uncompressed, while a larger one beside it is compressed", async () => {
    const small = await raw(t, "/api/user", withCookie(owner, { "accept-encoding": BROWSER }));
    const large = await raw(t, listPath, withCookie(owner, { "accept-encoding": BROWSER }));
    expect(small.response.status).toBe(200);
    expect(small.bytes.byteLength).toBeLessThan(1024);
    expect(small.response.headers.get("content-encoding")).toBeNull();
    expect(JSON.parse(decoded(small.response, small.bytes))).toMatchObject({ username: "owner" });
    expect(large.response.headers.get("content-encoding")).toBe("br");
  });

  it("answers HEAD with the headers and length of the GET, without a body", async () => {
    for (const encoding of [undefined, BROWSER]) {
      const headers = withCookie(owner, encoding ? { "accept-encoding": encoding } : {});
      const get = await raw(t, listPath, headers);
      const head = await raw(t, listPath, headers, "HEAD");
      expect(head.response.status).toBe(200);
      expect(head.bytes.byteLength).toBe(0);
      expect(head.response.headers.get("content-length")).toBe(String(get.bytes.byteLength));
      for (const name of ["content-type", "content-encoding", "etag", "cache-control", "vary", "content-security-policy"]) {
        expect(head.response.headers.get(name)).toBe(get.response.headers.get(name));
      }
    }
  });

  it("revalidates a read with a 304 until the list changes, then answers 200 with a new ETag", async () => {
    const first = await raw(t, listPath, withCookie(owner, { "accept-encoding": BROWSER }));
    const etag = first.response.headers.get("etag");
    expect(etag).toMatch(/^W\/"[0-9a-z]+"$/);
    const again = await raw(t, listPath, withCookie(owner, { "accept-encoding": BROWSER, "if-none-match": etag! }));
    expect(again.response.status).toBe(304);
    expect(again.bytes.byteLength).toBe(0);
    expect(again.response.headers.get("etag")).toBe(etag);
    expect(again.response.headers.get("cache-control")).toBe("private, no-cache");
    expect(again.response.headers.get("vary")).toBe(KEPT_VARY);
    expect(again.response.headers.get("content-security-policy")).toBe(CONTENT_SECURITY_POLICY);
    // The other read of the same items revalidates the same way.
    const tasksPath = `/api/tasks?listId=${listId}`;
    const tasksEtag = (await raw(t, tasksPath, withCookie(owner))).response.headers.get("etag")!;
    expect((await raw(t, tasksPath, withCookie(owner, { "if-none-match": tasksEtag }))).response.status).toBe(304);

    expect((await owner.post("/api/tasks", { title: "Added later", listId })).status).toBe(201);
    const changed = await raw(t, listPath, withCookie(owner, { "accept-encoding": BROWSER, "if-none-match": etag! }));
    expect(changed.response.status).toBe(200);
    expect(changed.response.headers.get("etag")).not.toBe(etag);
    expect(decoded(changed.response, changed.bytes)).toContain("Added later");
    expect((await raw(t, tasksPath, withCookie(owner, { "if-none-match": tasksEtag }))).response.status).toBe(200);
  });

  it("lets the browser keep reads but never writes, refusals or errors", async () => {
    const stranger = await registerUser(t, `stranger_${dialect}`);
    const answers = {
      read: await owner.get(listPath),
      ownLists: await owner.get("/api/task-lists"),
      write: await owner.post("/api/task-lists", { name: "Another" }),
      hiddenRead: await stranger.get(listPath),
      user: await owner.get("/api/user"),
      signedOut: await new Client(t).get("/api/task-lists"),
    };
    expect(
      Object.fromEntries(Object.entries(answers).map(([name, res]) => [name, [res.status, res.headers.get("cache-control")]])),
    ).toEqual({
      read: [200, "private, no-cache"],
      ownLists: [200, "private, no-cache"],
      write: [201, "no-store"],
      hiddenRead: [404, "no-store"],
      user: [200, "no-store"],
      signedOut: [401, "no-store"],
    });
  });
});

describe("pages and static files", () => {
  let t: TestApp;
  let owner: Owner;
  let pagePath: string;
  let listId: number;
  beforeAll(async () => {
    t = await makeTestApp("sqlite");
    owner = await registerUser(t, "owner");
    listId = (await fiftyItemList(t, owner)).id;
    pagePath = `/list/${listId}`;
  });
  afterAll(() => t.close());

  it("compresses the 50-item list page by Accept-Encoding, each coding decoding to the same HTML", async () => {
    const plain = await raw(t, pagePath, withCookie(owner));
    const html = decoded(plain.response, plain.bytes);
    expect(html).toContain("Item number 49");
    expect(plain.response.headers.get("content-encoding")).toBeNull();
    for (const [accept, encoding] of [
      [BROWSER, "br"],
      ["gzip", "gzip"],
    ]) {
      const { response, bytes } = await raw(t, pagePath, withCookie(owner, { "accept-encoding": accept! }));
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect(response.headers.get("content-length")).toBe(String(bytes.byteLength));
      expect(response.headers.get("vary")).toBe(KEPT_VARY);
      expect(decoded(response, bytes)).toBe(html);
    }
  });

  it("revalidates a page with a 304 that keeps the protective headers; a change answers 200 with a new ETag", async () => {
    const first = await raw(t, pagePath, withCookie(owner, { "accept-encoding": BROWSER }));
    const etag = first.response.headers.get("etag")!;
    expect(first.response.headers.get("cache-control")).toBe("private, no-cache");
    const again = await raw(t, pagePath, withCookie(owner, { "accept-encoding": BROWSER, "if-none-match": etag }));
    expect(again.response.status).toBe(304);
    expect(again.bytes.byteLength).toBe(0);
    expect(
      Object.fromEntries(
        ["etag", "cache-control", "vary", "content-security-policy", "x-content-type-options"].map((h) => [
          h,
          again.response.headers.get(h),
        ]),
      ),
    ).toEqual({
      etag,
      "cache-control": "private, no-cache",
      vary: KEPT_VARY,
      "content-security-policy": CONTENT_SECURITY_POLICY,
      "x-content-type-options": "nosniff",
    });
    expect((await owner.patch(`/api/task-lists/${listId}`, { name: "Renamed" })).status).toBe(200);
    const changed = await raw(t, pagePath, withCookie(owner, { "accept-encoding": BROWSER, "if-none-match": etag }));
    expect(changed.response.status).toBe(200);
    expect(changed.response.headers.get("etag")).not.toBe(etag);
    expect(decoded(changed.response, changed.bytes)).toContain("Renamed");
  });

  it("never revalidates a signed-out browser's page into the signed-in copy it kept", async () => {
    const user = await registerUser(t, "leaving");
    const list = await createList(user, "Mine");
    const page = await raw(t, `/list/${list.id}`, withCookie(user));
    const etag = page.response.headers.get("etag")!;
    expect((await raw(t, `/list/${list.id}`, withCookie(user, { "if-none-match": etag }))).response.status).toBe(304);
    const cookie = user.cookie;
    expect((await user.post("/api/logout")).status).toBe(200);
    // The browser revalidates its kept copy with the cookie it now has (none), or the ended one.
    const revalidations: Record<string, string>[] = [{ "if-none-match": etag }, { cookie, "if-none-match": etag }];
    for (const headers of revalidations) {
      const after = await raw(t, `/list/${list.id}`, headers);
      expect(after.response.status).toBe(302);
      expect(after.response.headers.get("location")).toBe("/auth");
    }
  });

  it("answers HEAD of a page and of a static file with the GET's length, for each coding", async () => {
    for (const path of [pagePath, t.assets.script, t.assets.style, "/favicon.svg"]) {
      for (const encoding of [undefined, BROWSER, "gzip"]) {
        const headers = withCookie(owner, encoding ? { "accept-encoding": encoding } : {});
        const get = await raw(t, path, headers);
        const head = await raw(t, path, headers, "HEAD");
        expect([path, head.response.status, head.bytes.byteLength]).toEqual([path, 200, 0]);
        expect([path, encoding, head.response.headers.get("content-length")]).toEqual([path, encoding, String(get.bytes.byteLength)]);
        expect(head.response.headers.get("content-encoding")).toBe(get.response.headers.get("content-encoding"));
      }
    }
  });

  it("sends the copies compressed at build for the browser's coding, and the file itself to others", async () => {
    for (const asset of [t.assets.script, t.assets.style]) {
      const file = readFileSync(join(PUBLIC_DIR, asset));
      for (const [accept, encoding, suffix] of [
        [BROWSER, "br", ".br"],
        ["gzip, deflate", "gzip", ".gz"],
        ["", null, ""],
      ] as const) {
        const { response, bytes } = await raw(t, asset, accept ? { "accept-encoding": accept } : {});
        expect([asset, response.headers.get("content-encoding")]).toEqual([asset, encoding]);
        expect(Buffer.from(bytes).equals(readFileSync(join(PUBLIC_DIR, asset + suffix)))).toBe(true);
        expect(decoded(response, bytes)).toBe(file.toString("utf8"));
        expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        expect(response.headers.get("vary")).toBe("Accept-Encoding");
      }
    }
  });

  it("keeps pages for Back and revalidation, but never the page with the invite code nor an answer that signs in", async () => {
    const login = await new Client(t).post("/api/login", { username: "owner", password: "password123" });
    expect(login.status).toBe(200);
    expect(login.headers.get("set-cookie")).toContain("session");
    const answers = {
      authPage: await new Client(t).get("/auth"),
      listPage: await owner.get(pagePath),
      home: await owner.get("/"),
      settings: await owner.get("/settings"),
      // The owner registered first: user 1, the administrator.
      adminPage: await owner.get("/admin"),
      notFoundPage: await owner.get("/no-such-page"),
      login,
      script: await owner.get(t.assets.script),
      favicon: await owner.get("/favicon.svg"),
    };
    expect(
      Object.fromEntries(Object.entries(answers).map(([name, res]) => [name, [res.status, res.headers.get("cache-control")]])),
    ).toEqual({
      authPage: [200, "private, no-cache"],
      listPage: [200, "private, no-cache"],
      home: [200, "private, no-cache"],
      settings: [200, "private, no-cache"],
      adminPage: [200, "no-store"],
      notFoundPage: [404, "private, no-cache"],
      login: [200, "no-store"],
      script: [200, "public, max-age=31536000, immutable"],
      favicon: [200, "public, max-age=300"],
    });
    expect(answers.adminPage.body).toContain("test-invite");
    expect(answers.adminPage.headers.get("etag")).toBeNull();
  });
});

describe("delivery on a real server", () => {
  let t: TestApp;
  let live: ReturnType<typeof startLiveServer>;
  let owner: Owner;
  let listId: number;
  beforeAll(async () => {
    t = await makeTestApp("sqlite");
    live = startLiveServer(t, { pollWaitMs: 2_000 });
    owner = await registerUser(t, "owner");
    listId = (await fiftyItemList(t, owner)).id;
  });
  afterAll(async () => {
    await live.running.stop();
    await t.close();
  });

  /** What crosses the wire, undecoded. */
  async function wire(path: string, headers: Record<string, string>, method = "GET") {
    const response = await fetch(`${live.running.url}${path}`, {
      method,
      headers: { cookie: owner.cookie, ...headers },
      decompress: false,
    });
    return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
  }

  it("tells the real length in HEAD for a page, an API read and a static file, where it used to say 0", async () => {
    for (const path of [`/list/${listId}`, `/api/list/${listId}`, t.assets.script]) {
      for (const headers of [{}, { "accept-encoding": BROWSER }] as Record<string, string>[]) {
        const get = await wire(path, headers);
        const head = await wire(path, headers, "HEAD");
        expect(get.bytes.byteLength).toBeGreaterThan(0);
        expect([path, head.response.status, head.response.headers.get("content-length")]).toEqual([
          path,
          200,
          String(get.bytes.byteLength),
        ]);
        expect(head.response.headers.get("content-encoding")).toBe(get.response.headers.get("content-encoding"));
      }
    }
  });

  it("sends compressed bytes on the wire with the length of what it sends, and 304s with no body", async () => {
    const page = await wire(`/list/${listId}`, { "accept-encoding": BROWSER });
    expect(page.response.headers.get("content-encoding")).toBe("br");
    expect(page.response.headers.get("content-length")).toBe(String(page.bytes.byteLength));
    expect(decoded(page.response, page.bytes)).toContain("Item number 49");
    const revalidated = await wire(`/list/${listId}`, { "accept-encoding": BROWSER, "if-none-match": page.response.headers.get("etag")! });
    expect(revalidated.response.status).toBe(304);
    expect(revalidated.bytes.byteLength).toBe(0);
  });

  it("still answers a waiting long-poll, compresses a large one, and opens websockets when the browser offers compression", async () => {
    const call = (method: string, path: string, body: unknown) =>
      fetch(`${live.running.url}${path}`, {
        method,
        headers: { cookie: owner.cookie, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const addTask = async (title: string) => {
      const description = "A description long enough that a few events add up to more than a kilobyte.".repeat(3);
      expect((await call("POST", "/api/tasks", { title, description, listId })).status).toBe(201);
    };
    const { clientId } = (await (await call("POST", "/api/poll/connect", {})).json()) as { clientId: string };
    expect((await call("POST", "/api/poll/subscribe", { clientId, listId })).status).toBe(200);
    const waiting = wire(`/api/poll/${clientId}`, { "accept-encoding": BROWSER });
    await Bun.sleep(200);
    await addTask("Answers the wait");
    const waited = await waiting;
    const first = JSON.parse(decoded(waited.response, waited.bytes)) as PollResponse;
    expect(first.events.map((event) => event.type)).toEqual(["task_created"]);

    for (let i = 0; i < 5; i++) await addTask(`Queued ${i}`);
    const queued = await wire(`/api/poll/${clientId}?lastEventId=${first.events[0]!.id}`, { "accept-encoding": BROWSER });
    expect(queued.response.headers.get("content-encoding")).toBe("br");
    expect((JSON.parse(decoded(queued.response, queued.bytes)) as PollResponse).events).toHaveLength(5);

    const socket = await TestSocket.open(live.wsUrl, { cookie: owner.cookie, origin: live.running.url, "accept-encoding": BROWSER });
    socket.send({ type: "ping", timestamp: Date.now(), messageId: crypto.randomUUID() });
    expect((await socket.nextOfType("pong")).type).toBe("pong");
    socket.ws.close();
  });
});

/**
 * Chromium shows a `private, no-cache` page again on Back and Forward from its cache without asking
 * the server (measured: no request leaves). These prove what that must not cost a user.
 */
describe("Back and Forward in Chromium", () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    // A person's browser and its history cache, not the headless shell.
    env = await startBrowserEnv("sqlite", "full");
  });
  afterAll(() => env.close());

  it("never shows a signed-in page again after logout: Back asks the server, which sends the visitor to sign in", async () => {
    const { page, context } = await signedInContext(env, "leaving_user");
    await gotoHydrated(page, "/");
    await gotoHydrated(page, "/settings?tab=account");
    // Positive control: while signed in, Back and Forward show the signed-in pages.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/");
    expect(await page.content()).toContain("leaving_user");
    await waitForHydration(page, () => page.goForward());
    expect(await page.content()).toContain("leaving_user");
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL((url) => url.pathname === "/auth");
    const back = await page.goBack();
    // Asked, the server redirected; the kept copy of the signed-in page was not shown.
    expect(back?.request().redirectedFrom()?.url()).toBe(`${env.baseUrl}/settings?tab=account`);
    expect(new URL(back!.url()).pathname).toBe("/auth");
    expect(await page.content()).not.toContain("leaving_user");
    await context.close();
  });

  it("shows a list changed while it sat in history as it is now, once its live connection is up", async () => {
    const { page, context } = await signedInContext(env, "returning_user");
    const list = (await (await context.request.post("/api/task-lists", { data: { name: "Back and forth" } })).json()) as { id: number };
    await context.request.post("/api/tasks", { data: { title: "There before", listId: list.id } });
    await gotoHydrated(page, `/list/${list.id}`);
    await gotoHydrated(page, "/settings");
    await context.request.post("/api/tasks", { data: { title: "Added meanwhile", listId: list.id } });
    await page.goBack();
    await page.waitForURL((url) => url.pathname === `/list/${list.id}`);
    await expect.poll(() => page.getByText("Added meanwhile").count()).toBe(1);
    expect(await page.getByText("There before").count()).toBe(1);
    await context.close();
  });
});

/** Playwright turns the bfcache off (--disable-back-forward-cache); a person's Chromium has it on. */
describe("Back and Forward in Chromium with its back/forward cache on", () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env.close());

  it("restores a signed-in page frozen as it was, but not once its user has logged out", async () => {
    const browser = await chromium.launch({
      executablePath: CHROMIUM.full,
      ignoreDefaultArgs: ["--disable-back-forward-cache"],
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    });
    try {
      const context = await browser.newContext({ baseURL: env.baseUrl });
      context.setDefaultTimeout(10_000);
      const registered = await context.request.post("/api/register", {
        data: { username: "frozen_user", password: TEST_PASSWORD, inviteCode: TEST_INVITE_CODE },
      });
      expect(registered.status()).toBe(201);
      const page = await context.newPage();
      await page.addInitScript(() =>
        window.addEventListener("pageshow", (event: PageTransitionEvent) =>
          document.documentElement.setAttribute("data-restored", String(event.persisted)),
        ),
      );
      const restored = () => page.evaluate(() => document.documentElement.getAttribute("data-restored"));
      await gotoHydrated(page, "/");
      // The offline worker claims the pages open when it first starts, which evicts any page then in
      // the back/forward cache (Chromium: "ServiceWorkerClaim"). That happens once per browser.
      await untilControlled(page);
      await gotoHydrated(page, "/settings?tab=account");
      // Positive control: while signed in, Back restores the frozen page itself.
      await page.goBack({ waitUntil: "commit" });
      await expect.poll(restored).toBe("true");
      expect(await page.content()).toContain("frozen_user");
      await page.goForward({ waitUntil: "commit" });
      await expect.poll(() => page.getByRole("button", { name: "Logout" }).isVisible()).toBe(true);
      await page.getByRole("button", { name: "Logout" }).click();
      await page.waitForURL((url) => url.pathname === "/auth");
      await page.goBack({ waitUntil: "commit" });
      await page.waitForURL((url) => url.pathname === "/auth");
      await expect.poll(() => page.content()).not.toContain("frozen_user");
    } finally {
      await browser.close();
    }
  });
});
