import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The layer rules of docs/decisions/033-one-access-policy-and-layers.md, checked on every import
 * in src/, islands/ and views/: static, re-exports, side-effect and dynamic `import()`, and type
 * imports too, since a type import still ties a lower layer to an upper one's shapes (the one
 * allowance is named in its rule). Paths are repository-relative, without extension.
 */
interface Rule {
  /** The files the rule is about: a folder, with its sub-folders. */
  from: string;
  /** Folders they may not import from. */
  never?: string[];
  /** Or: the only folders they may import from (within src/, islands/ and views/). */
  only?: string[];
  /** Files they may import types from all the same. */
  typesFrom?: string[];
  why: string;
}

const RULES: Rule[] = [
  { from: "src", never: ["islands"], why: "the server renders islands through views; what both need is in src/shared" },
  { from: "src/store", never: ["src/domain", "src/http", "src/realtime"], why: "the store holds the SQL and knows no rule" },
  { from: "src/domain", never: ["src/http", "src/realtime"], why: "the domain publishes through its own bus interface" },
  { from: "src/realtime", never: ["src/http"], why: "live updates apply the domain's rules, beside http, not through it" },
  { from: "views", never: ["src/store", "src/domain", "src/http", "src/realtime"], why: "views render what they are given" },
  { from: "src/shared", only: ["src/shared"], why: "shared modules are the floor every side stands on" },
  {
    from: "islands",
    only: ["islands", "src/shared"],
    // The typed API client reads the server's route types; types are erased from the bundle.
    typesFrom: ["src/http/api/routes"],
    why: "islands run in the browser: no server code in their bundles",
  },
];

/** Two folders that may depend one way, never both (the outbox serves the list page, not the reverse). */
const NO_CIRCLE: [string, string][] = [["islands/list", "islands/offline"]];

interface Import {
  file: string;
  /** As written in the file. */
  specifier: string;
  /** Repository-relative, without extension; undefined for a package. */
  target: string | undefined;
  typeOnly: boolean;
}

const within = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);

const transpilers = { ts: new Bun.Transpiler({ loader: "ts" }), tsx: new Bun.Transpiler({ loader: "tsx" }) };

/** Every form that names a module: `from "x"`, `import "x"`, `import("x")`. */
const SPECIFIERS = /\bfrom\s*["']([^"']+)["']|\bimport\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;
const COMMENTS = /\/\*[\s\S]*?\*\/|(^|[^:])\/\/.*$/gm;

/**
 * Every import of one file. Bun's own parser lists the imports that reach the bundle (static,
 * re-exports, side-effect, dynamic); it drops type-only ones, so a module named in the source
 * that it did not list is imported for its types only.
 */
function importsOf(file: string, text: string): Import[] {
  const values = new Set(transpilers[file.endsWith(".tsx") ? "tsx" : "ts"].scanImports(text).map((found) => found.path));
  const named = new Set([...values, ...[...text.replace(COMMENTS, "$1").matchAll(SPECIFIERS)].map((m) => m[1] ?? m[2] ?? m[3]!)]);
  return [...named].map((specifier) => ({
    file,
    specifier,
    target: specifier.startsWith(".") ? normalize(join(dirname(file), specifier)).replace(/\.(tsx?|jsx?)$/, "") : undefined,
    typeOnly: !values.has(specifier),
  }));
}

/** Each import that breaks a rule, as "file imports specifier: rule". */
function breaksOf(imports: Import[]): string[] {
  const breaks: string[] = [];
  for (const { file, specifier, target, typeOnly } of imports) {
    if (target === undefined) continue;
    for (const rule of RULES) {
      if (!within(file, rule.from)) continue;
      if (typeOnly && rule.typesFrom?.some((allowed) => within(target, allowed))) continue;
      const inTree = ["src", "islands", "views"].some((root) => within(target, root));
      const refused =
        rule.never?.some((folder) => within(target, folder)) || (inTree && rule.only && !rule.only.some((f) => within(target, f)));
      if (refused) breaks.push(`${file} imports ${specifier}: ${rule.from} may not (${rule.why})`);
    }
  }
  for (const [a, b] of NO_CIRCLE) {
    const across = (from: string, to: string) =>
      imports.filter((i) => within(i.file, from) && i.target !== undefined && within(i.target, to));
    const there = across(a, b);
    const back = across(b, a);
    if (there.length > 0 && back.length > 0) {
      for (const i of back) breaks.push(`${i.file} imports ${i.specifier}: a circle between ${a} and ${b} (${a} imports ${b} too)`);
    }
  }
  return breaks;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("the layers", () => {
  it("holds every rule on every import of src/, islands/ and views/", () => {
    const imports = ["src", "islands", "views"].flatMap(sourceFiles).flatMap((file) => importsOf(file, readFileSync(file, "utf8")));
    // Positive control: the scan sees the imports it judges, the domain's bus among them.
    expect(imports.length).toBeGreaterThan(500);
    expect(imports).toContainEqual({ file: "src/domain/lists.ts", specifier: "./bus", target: "src/domain/bus", typeOnly: false });
    expect(breaksOf(imports)).toEqual([]);
  });

  it("names the file and the import of each kind of break", () => {
    const sample = (file: string, text: string) => breaksOf(importsOf(file, text));
    expect(sample("src/assets.ts", `import { iconSprite } from "../islands/ui/icon-sprite";`)).toHaveLength(1);
    expect(sample("src/domain/x.ts", `import type { EventBus } from "../realtime/bus";`)).toEqual([
      "src/domain/x.ts imports ../realtime/bus: src/domain may not (the domain publishes through its own bus interface)",
    ]);
    expect(sample("src/realtime/x.ts", `export { isSameOrigin } from "../http/middleware/same-origin";`)).toHaveLength(1);
    expect(sample("src/http/pages/x.tsx", `const t = await import("../../../islands/toast");`)).toEqual([
      "src/http/pages/x.tsx imports ../../../islands/toast: src may not (the server renders islands through views; what both need is in src/shared)",
    ]);
    expect(sample("src/shared/x.ts", `import "../store";`)).toHaveLength(1);
    expect(sample("src/store/x.ts", `let bus: import("../domain/bus").EventBus;`)).toHaveLength(1);
    expect(sample("islands/x.ts", `import { listTopic } from "../src/domain/bus";`)).toHaveLength(1);
    expect(sample("islands/x.ts", `import type { AppType } from "../src/http/api/routes";`)).toEqual([]);
    expect(sample("islands/x.ts", `import { routes } from "../src/http/api/routes";`)).toHaveLength(1);
    expect(sample("islands/x.ts", `import { z } from "zod"; import type { Task } from "../src/shared/types";`)).toEqual([]);
    const circle = [
      ...importsOf("islands/list/a.ts", `import { b } from "../offline/b";`),
      ...importsOf("islands/offline/b.ts", `import { a } from "../list/a";`),
    ];
    expect(breaksOf(circle)).toEqual([
      "islands/offline/b.ts imports ../list/a: a circle between islands/list and islands/offline (islands/list imports islands/offline too)",
    ]);
    expect(breaksOf(circle.slice(0, 1))).toEqual([]);
  });
});
