import type { Handler } from "hono";
import { normalize } from "node:path";
import { PRECOMPRESSED_SUFFIX } from "../build/precompress";
import { projectPath } from "../project-files";
import type { AppEnv } from "./env";
import { isCompressible, preferredEncoding, varyOnEncoding } from "./middleware/compression";

/** Mounted only on the public paths, so page routes never touch the disk. */
export const PUBLIC_PATHS = ["/build/*", "/favicon.svg"];

/**
 * Files under public/: hashed bundles are immutable, the rest revalidate. A built file goes out as
 * the copy the build compressed for the browser's coding (src/build/precompress.ts); anything
 * without one is left to the compression middleware. Content-Length is set here so HEAD tells it.
 */
export const servePublicFile: Handler<AppEnv> = async (c, next) => {
  const path = normalize(c.req.path);
  if (path.includes("..")) return next();
  const file = Bun.file(projectPath(`public${path}`));
  if (!(await file.exists())) return next();
  const built = path.startsWith("/build/");
  c.header("Cache-Control", built ? "public, max-age=31536000, immutable" : "public, max-age=300");
  c.header("Content-Type", file.type);
  let sent = file;
  const encoding = built && isCompressible(file.type) ? preferredEncoding(c.req.header("accept-encoding")) : null;
  if (encoding) {
    const copy = Bun.file(projectPath(`public${path}${PRECOMPRESSED_SUFFIX[encoding]}`));
    if (await copy.exists()) {
      sent = copy;
      c.header("Content-Encoding", encoding);
    }
  }
  c.header("Content-Length", String(sent.size));
  const response = c.body(sent);
  if (isCompressible(file.type)) varyOnEncoding(response.headers);
  return response;
};
