import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymousContext, startBrowserEnv, waitForHydration, type BrowserEnv } from "../helpers/browser";

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
      const upstream = await fetch(new URL(url.pathname + url.search, target), { headers: request.headers, redirect: "manual" });
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
});
