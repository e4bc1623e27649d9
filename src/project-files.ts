/**
 * @module
 * The project's own files the server reads while it runs: built assets, static files, migrations,
 * the changelog. From the source tree they are on disk; the compiled binary carries them inside
 * (scripts/build-binary.ts registers them before anything reads one), under paths of its own.
 * Paths here are relative to the project's root, with `/` between folders.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const embedded = new Map<string, string>();

/** Called once by the binary's entry, before the server starts: relative path → path inside the binary. */
export function registerEmbeddedFiles(files: Record<string, string>) {
  for (const [relative, inside] of Object.entries(files)) embedded.set(relative, inside);
}

/** Whether this process is the compiled binary, reading its files from inside itself. */
export const isCompiled = () => embedded.size > 0;

/** Where to read a project file: inside the binary, or in the source tree. */
export function projectPath(relative: string): string {
  return embedded.get(relative) ?? join(ROOT, relative);
}

/** The names of the files directly in a project folder. */
export function projectFolder(relative: string): string[] {
  if (!isCompiled()) return readdirSync(join(ROOT, relative));
  const prefix = `${relative}/`;
  return [...embedded.keys()]
    .filter((path) => path.startsWith(prefix) && !path.slice(prefix.length).includes("/"))
    .map((path) => path.slice(prefix.length));
}
