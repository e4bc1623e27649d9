/**
 * Listwell installs as an app — a web app manifest with its icons, a service worker that
 * controls the page, and a theme-color following the user's theme — in Chromium.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gotoHydrated, signedInContext, startBrowserEnv, type BrowserEnv } from "../helpers/browser";
import { THEMES } from "../../src/shared/themes";
import { untilControlled } from "./offline-cache-helpers";

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

describe("installable app", () => {
  let env: BrowserEnv;
  beforeAll(async () => {
    env = await startBrowserEnv();
  });
  afterAll(() => env.close());

  it("links a manifest with the fields and icons an install needs, each icon a PNG of its stated size", async () => {
    const { context, page } = await signedInContext(env, "installer");
    await gotoHydrated(page, "/");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/manifest.webmanifest");
    const response = await context.request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/manifest+json");
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      name: "Listwell",
      short_name: "Listwell",
      start_url: "/",
      scope: "/",
      display: "standalone",
      background_color: "#f6f6f9",
      theme_color: THEMES.vibrant.headerColor,
    });
    const icons = manifest.icons as ManifestIcon[];
    expect(icons.map(({ sizes, type, purpose }) => `${sizes} ${type} ${purpose}`)).toEqual([
      "192x192 image/png any",
      "512x512 image/png any",
      "512x512 image/png maskable",
    ]);
    for (const icon of icons) {
      // Chromium decodes it: a real PNG of the size the manifest states.
      const decoded = await page.evaluate(async (src) => {
        const blob = await (await fetch(src)).blob();
        const bitmap = await createImageBitmap(blob);
        return { type: blob.type, size: `${bitmap.width}x${bitmap.height}` };
      }, icon.src);
      expect(decoded).toEqual({ type: "image/png", size: icon.sizes });
    }
    await context.close();
  });

  it("has a service worker controlling the page after a reload", async () => {
    const { context, page } = await signedInContext(env, "controlled");
    await gotoHydrated(page, "/");
    await untilControlled(page);
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${env.baseUrl}/sw.js`);
    const worker = await context.request.get("/sw.js");
    expect(worker.headers()["content-type"]).toContain("javascript");
    expect(worker.headers()["cache-control"]).toBe("no-cache");
    await context.close();
  });

  it("colours the browser's bar like the header: the theme's colour, by mode, and at once when Settings switches it", async () => {
    const { context, page } = await signedInContext(env, "painter");
    const themeColors = () =>
      page
        .locator('meta[name="theme-color"]')
        .evaluateAll((metas) => metas.map((meta) => `${meta.getAttribute("content")} ${meta.getAttribute("media") ?? ""}`.trim()));
    await gotoHydrated(page, "/");
    // System mode: the light and the dark header colour, each for its device preference.
    expect(await themeColors()).toEqual([
      `${THEMES.vibrant.headerColor} (prefers-color-scheme: light)`,
      `${THEMES.vibrant.dark.header} (prefers-color-scheme: dark)`,
    ]);
    expect((await context.request.post("/api/user/theme", { data: { theme: "ocean" } })).status()).toBe(200);
    await context.addCookies([{ name: "listwell_mode", value: "dark", url: env.baseUrl }]);
    await gotoHydrated(page, "/");
    expect(await themeColors()).toEqual([THEMES.ocean.dark.header]);

    // Switched in place on Settings: the bar follows without a reload.
    await gotoHydrated(page, "/settings?tab=theme");
    await page.getByRole("radio", { name: "Nature" }).click();
    await expect.poll(themeColors).toEqual([hexToRgb(THEMES.nature.dark.header)]);
    await page.getByRole("radio", { name: "Light" }).check();
    await expect.poll(themeColors).toEqual([hexToRgb(THEMES.nature.headerColor)]);
    await gotoHydrated(page, "/");
    expect(await themeColors()).toEqual([THEMES.nature.headerColor]);
    await context.close();
  });
});

/** How getComputedStyle writes a colour. */
function hexToRgb(hex: string) {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
