import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { THEMES } from "./shared/themes";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const PUBLIC_DIR = join(ROOT, "public");
const BUILD_DIR = join(PUBLIC_DIR, "build");
const MANIFEST = join(BUILD_DIR, "manifest.json");
const STYLES_DIR = join(ROOT, "views", "styles");

/** URLs of the browser's files, with content hashes so they can be cached forever. */
export interface Assets {
  script: string;
  style: string;
}

const shortHash = (text: string) => Bun.hash(text).toString(36);

/**
 * Every theme's colours as CSS variables keyed by <html data-theme>, so switching needs no reload.
 * They live in the stylesheet, not in a <style> element, so the CSP can refuse inline styles.
 */
const themeVariables = () =>
  Object.values(THEMES)
    .map(
      (theme) =>
        `[data-theme="${theme.id}"]{--header:${theme.headerColor};--button:${theme.buttonColor};` +
        theme.taskColors.map((color, i) => `--task-${i}:${color}`).join(";") +
        "}",
    )
    .join("");

/** views/styles/*.css, one file per screen, joined in name order into one stylesheet. */
function joinStyles(): string {
  const files = readdirSync(STYLES_DIR)
    .filter((name) => name.endsWith(".css"))
    .sort()
    .map((name) => readFileSync(join(STYLES_DIR, name), "utf8"));
  return [...files, themeVariables()].join("\n");
}

/**
 * Bundles islands/client.tsx (every island) and the stylesheet into public/build with hashed names.
 * Another process (a second instance starting, a parallel test run) may be serving the same names
 * from this folder, so every file is written privately first and renamed into place: a reader
 * sees the old file or the new one, never half of one.
 */
export async function buildAssets(): Promise<Assets> {
  mkdirSync(BUILD_DIR, { recursive: true });
  const staging = mkdtempSync(join(BUILD_DIR, ".staging-"));
  try {
    const result = await Bun.build({
      entrypoints: [join(ROOT, "islands", "client.tsx")],
      outdir: staging,
      target: "browser",
      format: "esm",
      minify: true,
      naming: "[name]-[hash].[ext]",
      define: { "process.env.NODE_ENV": '"production"' },
    });
    if (!result.success) throw new AggregateError(result.logs, "Building the islands failed");
    const script = basename(result.outputs.find((output) => output.kind === "entry-point")!.path);
    const css = joinStyles();
    const style = `styles-${shortHash(css)}.css`;
    writeFileSync(join(staging, style), css);
    const assets: Assets = { script: `/build/${script}`, style: `/build/${style}` };
    writeFileSync(join(staging, "manifest.json"), JSON.stringify(assets));
    for (const name of readdirSync(staging)) renameSync(join(staging, name), join(BUILD_DIR, name));
    sweepStaleBuilds(new Set([script, style]));
    return assets;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

const STALE_BUILD_MS = 60 * 60 * 1000;

function sweepStaleBuilds(current: Set<string>) {
  for (const name of readdirSync(BUILD_DIR)) {
    const path = join(BUILD_DIR, name);
    if (!current.has(name) && name !== "manifest.json" && Date.now() - statSync(path).mtimeMs > STALE_BUILD_MS) {
      // Also a staging folder a crashed build left behind.
      rmSync(path, { recursive: true, force: true });
    }
  }
}

/** The assets of the last build, building them when there is none yet. */
export async function loadAssets(): Promise<Assets> {
  if (existsSync(MANIFEST)) return JSON.parse(readFileSync(MANIFEST, "utf8")) as Assets;
  return buildAssets();
}
