import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { iconSprite } from "./shared/icon-sprite";
import { APP_ICONS, drawIcon } from "./build/app-icons";
import { precompressBuild } from "./build/precompress";
import { projectPath } from "./project-files";
import { THEMES, type Theme } from "./shared/themes";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** The source tree's public/ (the binary serves its own copy, src/project-files.ts). */
export const PUBLIC_DIR = join(ROOT, "public");
const BUILD_DIR = join(PUBLIC_DIR, "build");
const MANIFEST_NAME = "manifest.json";
/** Relative to the project's root, so the binary finds the one it carries (src/project-files.ts). */
export const MANIFEST_PATH = `public/build/${MANIFEST_NAME}`;
const STYLES_DIR = join(ROOT, "views", "styles");
const URL_PREFIX = "/build/";

/** URLs of the browser's files, with content hashes so they can be cached forever. */
export interface Assets {
  /** The entry (islands/client.ts): the one script a page with islands names. */
  script: string;
  /** The stylesheet with every theme's colours, for the page that switches themes (Settings). */
  style: string;
  /** Per theme: the same stylesheet with that theme's colours only, for every other page. */
  themeStyles: Record<string, string>;
  /** The icon sprite every `<Icon>` points into. */
  icons: string;
  /** The island loader and what it and the entry import, to preload beside the entry. */
  scriptImports: string[];
  /** What the entry imports once the islands have hydrated (the service worker's registration), with its imports. */
  afterIslands: string[];
  /** Per island name: the chunk that brings it (its own or its page bundle's) first, then every chunk that one imports, loader excluded. */
  islands: Record<string, string[]>;
  /** Every file of this build, for whatever serves or compresses them. */
  files: string[];
  /** The web app manifest's icons (PNG), docs/decisions/019-offline-cache.md. */
  appIcons: Array<{ src: string; sizes: string; type: "image/png"; purpose: string }>;
  /** The service worker's built script, served at /sw.js so its scope is the whole site. */
  serviceWorker: string;
}

const shortHash = (content: string | Uint8Array) => Bun.hash(content).toString(36);

/** The day surfaces and text every theme shares; each theme's night palette has its own. */
const DAY = { background: "#f6f6f9", surface: "#ffffff", text: "#1d1d27", muted: "#5d5d6e", border: "#e2e2ea" };

const dayOrNight = (day: string, night: string) => `light-dark(${day},${night})`;

/** One theme's colours, each the day value or the night one as the page's color-scheme says. */
function themeRule(theme: Theme): string {
  const { dark } = theme;
  const variables = [
    ["bg", dayOrNight(DAY.background, dark.background)],
    ["surface", dayOrNight(DAY.surface, dark.surface)],
    ["text", dayOrNight(DAY.text, dark.text)],
    ["muted", dayOrNight(DAY.muted, dark.muted)],
    ["border", dayOrNight(DAY.border, dark.border)],
    ["header", dayOrNight(theme.headerColor, dark.header)],
    ["button", dayOrNight(theme.buttonColor, dark.button)],
    ...theme.taskColors.map((color, i) => [`task-${i}`, dayOrNight(color, dark.taskColors[i]!)]),
  ];
  return `[data-theme="${theme.id}"]{${variables.map(([name, value]) => `--${name}:${value}`).join(";")}}`;
}

/**
 * Every theme's colours as CSS variables keyed by <html data-theme>, so switching needs no reload.
 * They live in the stylesheet, not in a <style> element, so the CSP can refuse inline styles.
 * `light-dark()` resolves by the page's color-scheme, which <html data-mode> sets (00-base.css):
 * one rule per theme serves day, night and the device's choice, instead of the night palette
 * written twice (for "dark" and inside a prefers-color-scheme query for "system").
 */
const themeVariables = () => Object.values(THEMES).map(themeRule).join("");

/** views/styles/*.css, one file per screen, joined in name order into one stylesheet. */
function joinStyles(): string {
  const files = readdirSync(STYLES_DIR)
    .filter((name) => name.endsWith(".css"))
    .sort()
    .map((name) => compact(readFileSync(join(STYLES_DIR, name), "utf8")));
  return files.join("\n");
}

/**
 * The stylesheet with all seven palettes, and one per theme with its own only: a page shows one
 * theme, and six palettes it never uses cost about 1 KB of its 8 KB (gzip). Only Settings, which
 * previews and switches themes in place, takes them all.
 */
function writeStyles(staging: string) {
  const styles = joinStyles();
  const themeStyles: Record<string, string> = {};
  for (const theme of Object.values(THEMES)) {
    themeStyles[theme.id] = URL_PREFIX + writeHashed(staging, `styles.${theme.id}`, "css", `${styles}\n${themeRule(theme)}`);
  }
  return { style: URL_PREFIX + writeHashed(staging, "styles", "css", `${styles}\n${themeVariables()}`), themeStyles };
}

/**
 * The comments and layout are for whoever edits views/styles; a phone need not download them (a
 * fifth of the stylesheet, gzipped, against its 8 KB budget). Only what cannot change a rule goes:
 * comments, and white space next to `{ } ; ,` or after a declaration's colon. No stylesheet here
 * puts those characters in a string. Bun's CSS minifier is not used: it rewrites `light-dark()`
 * into variables of its own.
 */
const compact = (css: string) =>
  css
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\s*([{};,])\s*/g, "$1")
    .replace(/:\s+/g, ":");

/** Writes `content` into the staging folder under a name carrying its hash; answers the name. */
function writeHashed(staging: string, stem: string, extension: string, content: string | Uint8Array): string {
  const name = `${stem}-${shortHash(content)}.${extension}`;
  writeFileSync(join(staging, name), content);
  return name;
}

const writeAppIcons = (staging: string) =>
  APP_ICONS.map(({ stem, size, purpose }) => ({
    src: URL_PREFIX + writeHashed(staging, stem, "png", drawIcon(size, purpose === "maskable")),
    sizes: `${size}x${size}`,
    type: "image/png" as const,
    purpose,
  }));

/**
 * The service worker, built last with the list of every other file of this build written into it
 * (`PRECACHE`): a new build is a new worker script, so browsers install it, fetch the new files
 * and drop the old ones. `offlineStyle` dresses the page it shows for what was never saved.
 */
async function buildServiceWorker(staging: string, files: string[], offlineStyle: string) {
  const precache = { version: shortHash(files.join()), files, offlineStyle };
  const result = await Bun.build({
    entrypoints: [join(ROOT, "islands", "offline-cache", "service-worker.ts")],
    target: "browser",
    format: "esm",
    minify: true,
    define: { PRECACHE: JSON.stringify(precache) },
  });
  if (!result.success) throw new AggregateError(result.logs, "Building the service worker failed");
  return URL_PREFIX + writeHashed(staging, "sw", "js", await result.outputs[0]!.text());
}

type Metafile = NonNullable<Bun.BuildOutput["metafile"]>;

/** A chunk's static imports, transitively: what must arrive before it can run. */
function staticImports(metafile: Metafile, output: string, seen = new Set<string>()): Set<string> {
  for (const imported of metafile.outputs[output]?.imports ?? []) {
    if (imported.kind !== "import-statement" || seen.has(imported.path)) continue;
    seen.add(imported.path);
    staticImports(metafile, imported.path, seen);
  }
  return seen;
}

/**
 * The entry, the island loader it imports (islands/hydrate.tsx) and a chunk for each of the
 * loader's dynamic imports: an island's own file or a page's bundle of islands
 * (docs/decisions/065-page-bundles.md), with shared code such as React in shared chunks. The
 * metafile says which chunks each island needs, so a page can preload exactly those.
 */
async function buildIslands(staging: string) {
  const result = await Bun.build({
    entrypoints: [join(ROOT, "islands", "client.ts")],
    outdir: staging,
    target: "browser",
    format: "esm",
    minify: true,
    splitting: true,
    // Shared chunks under 16 KB fold into bigger ones: on HTTP/1.1's six connections a request
    // costs more than the few bytes a page would save (Bun's suggestion for browsers).
    minChunkSize: 16384,
    // The page names every chunk in <link rel="modulepreload">; no script needs to add more.
    modulePreload: false,
    metafile: true,
    naming: { entry: "[name]-[hash].[ext]", chunk: "[name]-[hash].[ext]" },
    define: { "process.env.NODE_ENV": '"production"' },
  });
  if (!result.success || !result.metafile) throw new AggregateError(result.logs, "Building the islands failed");
  const metafile = result.metafile;
  const url = (output: string) => URL_PREFIX + basename(output);
  const outputs = Object.entries(metafile.outputs);
  const outputOf = (source: string) => outputs.find(([, output]) => output.entryPoint?.endsWith(source))?.[0];
  const entry = outputOf("islands/client.ts");
  const loader = outputOf("islands/hydrate.tsx");
  if (!entry || !loader) throw new Error("Building the islands failed: no entry or loader in the output");
  const loaderChunks = new Set([...staticImports(metafile, entry), loader, ...staticImports(metafile, loader)]);
  loaderChunks.delete(entry);
  // A dialog an island loads on first use, or sortablejs, is an entry of its own too, but only the
  // loader's own dynamic imports bring islands, and no page preloads the others.
  const islandChunks = metafile.outputs[loader]!.imports.filter((imported) => imported.kind === "dynamic-import").map((i) => i.path);
  const islands: Record<string, string[]> = {};
  for (const path of islandChunks) {
    const output = metafile.outputs[path]!;
    // An island's own file exports it as its default and is named for it; a bundle exports its islands by name.
    const names = output.exports.includes("default") ? [basename(output.entryPoint ?? "").replace(/\.tsx?$/, "")] : output.exports;
    const chunks = [path, ...staticImports(metafile, path)].filter((chunk) => chunk !== entry).map(url);
    for (const name of names) islands[name] = chunks;
  }
  const afterIslands = new Set(
    metafile.outputs[entry]!.imports.filter((imported) => imported.kind === "dynamic-import" && imported.path !== loader).flatMap(
      (imported) => [imported.path, ...staticImports(metafile, imported.path)],
    ),
  );
  afterIslands.delete(entry);
  return {
    script: url(entry),
    scriptImports: [...loaderChunks].map(url),
    afterIslands: [...afterIslands].map(url),
    islands,
  };
}

/**
 * Bundles the islands, the stylesheet and the icon sprite into public/build with hashed names.
 * Another process (a second instance starting, a parallel test run) may be serving the same names
 * from this folder, so every file is written privately first and renamed into place, the
 * manifest last: a reader sees the old file or the new one, never half of one, and a manifest
 * only ever names files that are already there.
 */
export async function buildAssets(): Promise<Assets> {
  mkdirSync(BUILD_DIR, { recursive: true });
  const staging = mkdtempSync(join(BUILD_DIR, ".staging-"));
  try {
    const scripts = await buildIslands(staging);
    const styles = writeStyles(staging);
    const icons = writeHashed(staging, "icons", "svg", iconSprite());
    const appIcons = writeAppIcons(staging);
    const precached = readdirSync(staging).map((name) => URL_PREFIX + name);
    const serviceWorker = await buildServiceWorker(staging, precached, styles.themeStyles.vibrant ?? styles.style);
    const files = readdirSync(staging);
    const assets: Assets = {
      ...scripts,
      ...styles,
      icons: URL_PREFIX + icons,
      files: files.map((name) => URL_PREFIX + name),
      appIcons,
      serviceWorker,
    };
    writeFileSync(join(staging, MANIFEST_NAME), JSON.stringify(assets));
    await precompressBuild(staging, BUILD_DIR, files);
    for (const name of [...files, MANIFEST_NAME]) renameSync(join(staging, name), join(BUILD_DIR, name));
    sweepStaleBuilds(new Set(files));
    return assets;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

const STALE_BUILD_MS = 60 * 60 * 1000;

function sweepStaleBuilds(current: Set<string>) {
  for (const name of readdirSync(BUILD_DIR)) {
    const path = join(BUILD_DIR, name);
    if (current.has(name) || name === MANIFEST_NAME) continue;
    // Another process building at the same time may rename or remove its staging folder meanwhile.
    const modifiedAt = statSync(path, { throwIfNoEntry: false })?.mtimeMs;
    if (modifiedAt !== undefined && Date.now() - modifiedAt > STALE_BUILD_MS) {
      // Also a staging folder a crashed build left behind.
      rmSync(path, { recursive: true, force: true });
    }
  }
}

/** The assets of the last build (the binary's own), building them when there is none yet. */
export async function loadAssets(): Promise<Assets> {
  const manifest = projectPath(MANIFEST_PATH);
  if (existsSync(manifest)) return JSON.parse(readFileSync(manifest, "utf8")) as Assets;
  return buildAssets();
}
