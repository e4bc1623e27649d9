/**
 * @module The installable app (docs/decisions/019-offline-cache.md): the web app manifest,
 * and the service worker at the site's root (so its scope is every page). The header that tells
 * the worker whose pages an answer holds is set by src/http/middleware/admission.ts.
 */
import type { Handler } from "hono";
import type { Assets } from "../assets";
import { projectPath } from "../project-files";
import { THEMES } from "../shared/themes";
import type { AppEnv } from "./env";

export const MANIFEST_PATH = "/manifest.webmanifest";
export const SERVICE_WORKER_PATH = "/sw.js";

/** The same for everyone (a browser fetches it without cookies): Vibrant's colours, the default theme's. */
export const webManifest =
  (assets: Assets): Handler<AppEnv> =>
  (c) => {
    const manifest = {
      name: "Listwell",
      short_name: "Listwell",
      description: "Shared task lists that work offline.",
      id: "/",
      start_url: "/",
      scope: "/",
      display: "standalone",
      background_color: "#f6f6f9",
      theme_color: THEMES.vibrant.headerColor,
      icons: assets.appIcons,
    };
    c.header("Cache-Control", "public, max-age=300");
    return c.body(JSON.stringify(manifest), 200, { "Content-Type": "application/manifest+json" });
  };

/**
 * The build's worker (src/assets.ts), under a name that never changes, revalidated each time:
 * a new build is a new script there, which is how browsers learn of it.
 */
export const serviceWorker =
  (assets: Assets): Handler<AppEnv> =>
  async (c) => {
    const file = Bun.file(projectPath(`public${assets.serviceWorker}`));
    c.header("Cache-Control", "no-cache");
    return c.body(await file.text(), 200, { "Content-Type": "text/javascript; charset=utf-8" });
  };
