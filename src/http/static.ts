import type { Handler } from "hono";
import { join, normalize } from "node:path";
import { PUBLIC_DIR } from "../assets";
import type { AppEnv } from "./env";

/** Mounted only on the public paths, so page routes never touch the disk. */
export const PUBLIC_PATHS = ["/build/*", "/favicon.svg"];

/** Files under public/: hashed bundles are immutable, the rest revalidate. */
export const servePublicFile: Handler<AppEnv> = async (c, next) => {
  const path = normalize(c.req.path);
  const file = Bun.file(join(PUBLIC_DIR, path));
  if (path.includes("..") || !(await file.exists())) return next();
  const immutable = path.startsWith("/build/");
  c.header("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=300");
  c.header("Content-Type", file.type);
  return c.body(await file.arrayBuffer());
};
