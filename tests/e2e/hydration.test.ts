import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymousContext, gotoHydrated, signedInContext, startBrowserEnv, waitForHydration, type BrowserEnv } from "../helpers/browser";
import { rowTitles, seedList } from "./list-helpers";

const STALL_MS = 1500;
const TOASTER_MARKER = '<div class="island" data-island="Toaster"';

/**
 * Sits in front of the app and sends each page in two parts, pausing before the Toaster island
 * at the end of <body>, as a slow network does with a long list: the island script arrives while
 * the document is still being parsed.
 */
function stallingProxy(target: string) {
  return Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const url = new URL(request.url);
      // Asked uncompressed (fetch would ask for br and decode it, keeping the header), so what is
      // passed on is what its headers say.
      const headers = new Headers(request.headers);
      headers.set("accept-encoding", "identity");
      const upstream = await fetch(new URL(url.pathname + url.search, target), { headers, redirect: "manual" });
      if (!upstream.headers.get("content-type")?.startsWith("text/html")) return upstream;
      const html = await upstream.text();
      const cut = html.indexOf(TOASTER_MARKER);
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode(html.slice(0, cut)));
          await Bun.sleep(STALL_MS);
          controller.enqueue(encoder.encode(html.slice(cut)));
          controller.close();
        },
      });
      return new Response(body, { status: upstream.status, headers: { "content-type": "text/html; charset=utf-8" } });
    },
  });
}

describe("island hydration in Chromium", () => {
  let env: BrowserEnv;
  let proxy: ReturnType<typeof stallingProxy>;
  beforeAll(async () => {
    env = await startBrowserEnv();
    proxy = stallingProxy(env.baseUrl);
  });
  afterAll(async () => {
    await proxy.stop(true);
    await env.close();
  });

  it("hydrates the islands at the end of a page that arrives slowly, so its toasts still show", async () => {
    const { context, page } = await anonymousContext(env);
    await waitForHydration(page, () => page.goto(new URL("/auth?action=relogin", proxy.url).href));
    expect(await page.locator('[data-island="Toaster"]').getAttribute("data-hydrated")).toBe("true");
    await page.getByRole("status").filter({ hasText: "Session Expired" }).waitFor();
    await context.close();
  });

  it("draws the icons of the server's markup and of the browser's later renders from the same sprite", async () => {
    const { context, page } = await signedInContext(env, "icon_owner");
    const { list } = await seedList(context.request, "Icons", ["Kettle"]);
    const sprite = env.testApp.assets.icons;
    const spriteFetches: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === sprite) spriteFetches.push(request.url());
    });
    await gotoHydrated(page, `/list/${list.id}`);
    // A row the browser draws after hydration, beside the one the server drew.
    await page.getByRole("button", { name: "Add Item" }).click();
    await page.getByLabel("Title").fill("Teapot");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => rowTitles(page)).toEqual(["Kettle", "Teapot"]);
    const hrefs = await page.locator("svg use").evaluateAll((uses) => uses.map((use) => use.getAttribute("href")));
    expect(hrefs.length).toBeGreaterThan(8);
    for (const href of hrefs) expect(href).toMatch(new RegExp(`^${sprite}#[a-zA-Z]+$`));
    for (const title of ["Kettle", "Teapot"]) {
      const rowIcons = await page
        .locator(".items .item", { hasText: title })
        .locator("svg use")
        .evaluateAll((uses) => uses.map((use) => use.getAttribute("href")));
      expect(rowIcons).toContain(`${sprite}#trash`);
    }
    // Drawn, not empty boxes: the sprite's symbol has a size where it is used.
    const drawn = await page
      .locator(`svg use[href="${sprite}#trash"]`)
      .first()
      .evaluate((use) => (use as SVGGraphicsElement).getBBox().width);
    expect(drawn).toBeGreaterThan(0);
    expect(spriteFetches).toHaveLength(1);
    await context.close();
  });
});
