/**
 * @module
 * `npm run build:binary`: one executable, dist/listwell, that serves Listwell with nothing beside it
 * (docs/architecture.md#operations). It carries the built islands, stylesheet and icons with their compressed copies,
 * the static files, the migrations and CHANGELOG.md. Bun embeds a file a module imports
 * `with { type: "file" }`, so this writes an entry that imports each one and hands their paths
 * inside the binary to src/project-files.ts before the CLI starts (docs/decisions/022).
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { buildAssets, MANIFEST_PATH } from "../src/assets";
import { PRECOMPRESSED_SUFFIX } from "../src/build/precompress";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const DIST = join(ROOT, "dist");
/** One per build, so two builds at once (a test's and yours) never share it. */
const ENTRY = join(DIST, `listwell-entry-${process.pid}.ts`);
const BINARY = join(DIST, "listwell");

/** What the binary carries, relative to the project's root. */
async function embeddedFiles(): Promise<string[]> {
  const assets = await buildAssets();
  const built = assets.files.flatMap((url) =>
    [url, ...Object.values(PRECOMPRESSED_SUFFIX).map((suffix) => url + suffix)]
      .map((path) => `public${path}`)
      .filter((path) => existsSync(join(ROOT, path))),
  );
  const staticFiles = readdirSync(join(ROOT, "public"), { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `public/${entry.name}`);
  const migrations = ["sqlite", "postgres"].flatMap((dialect) =>
    readdirSync(join(ROOT, "migrations", dialect))
      .filter((name) => name.endsWith(".sql"))
      .map((name) => `migrations/${dialect}/${name}`),
  );
  return [MANIFEST_PATH, ...built, ...staticFiles, ...migrations, "CHANGELOG.md"];
}

function entrySource(files: string[]): string {
  const from = (path: string) => JSON.stringify(relative(DIST, join(ROOT, path)));
  return [
    "// Written by scripts/build-binary.ts for `bun build --compile`; not part of the source.",
    `import { registerEmbeddedFiles } from ${from("src/project-files.ts")};`,
    ...files.map((path, i) => `import file${i} from ${from(path)} with { type: "file" };`),
    "registerEmbeddedFiles({",
    ...files.map((path, i) => `  ${JSON.stringify(path)}: file${i},`),
    "});",
    `const { runCli } = await import(${from("src/cli.ts")});`,
    "const code = await runCli(process.argv.slice(2));",
    "if (code !== 0) process.exit(code);",
    "",
  ].join("\n");
}

/** Builds the binary at `outfile` (dist/listwell unless told) and answers its path. */
export async function buildBinary(outfile = BINARY): Promise<string> {
  mkdirSync(DIST, { recursive: true });
  const files = await embeddedFiles();
  writeFileSync(ENTRY, entrySource(files));
  try {
    const build = Bun.spawn([process.execPath, "build", "--compile", ENTRY, "--outfile", outfile], {
      cwd: ROOT,
      stdout: "pipe",
      stderr: "pipe",
    });
    const [code, output, errors] = await Promise.all([build.exited, new Response(build.stdout).text(), new Response(build.stderr).text()]);
    if (code !== 0) throw new Error(`bun build --compile failed (${code}):\n${output}${errors}`);
  } finally {
    rmSync(ENTRY, { force: true });
  }
  return outfile;
}

if (import.meta.main) {
  const binary = await buildBinary();
  console.log(`Built ${relative(process.cwd(), binary)}: run it with no files beside it; data goes to ./data`);
}
