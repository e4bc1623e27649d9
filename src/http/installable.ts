/**
 * @module The installable app (docs/decisions/019-offline-cache.md): the web app manifest,
 * the service worker at the site's root (so its scope is every page), and the header that tells
 * the worker whose pages an answer holds.
 */
import type { Handler, MiddlewareHandler } from "hono";
import type { Assets } from "../assets";
import { projectPath } from "../project-files";
import { CACHE_PARTITION_HEADER, cachePartition } from "../shared/offline-cache";
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

/** Set before the handler, so every page, redirect and error says whose it is. */
export const cachePartitionHeader: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.header(CACHE_PARTITION_HEADER, cachePartition(c.get("user")?.id));
  return next();
};
