import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The repository explains itself: a comment points to a file a clone contains (docs/*.md, a
 * decision in docs/decisions/), never to a product document kept elsewhere or to an issue tracker
 * the reader may not have. Every hit is named by file and line.
 */
const ROOT = join(import.meta.dirname, "..", "..");
const SCANNED = ["src", "islands", "views", "tests", "bench", "scripts", "migrations"];
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|css|sql|sh|html|md)$/;
/** This file names the patterns it looks for, so it is the one file not scanned for them. */
const SELF = relative(ROOT, import.meta.filename);

interface Line {
  file: string;
  line: number;
  text: string;
}

/** What a line may not cite. Each pattern is written so that ordinary prose does not match it. */
const FORBIDDEN: ReadonlyArray<{ what: string; pattern: RegExp }> = [
  // "SPEC §4", "DESIGN §12.0", "DESIGN.md §3", and also "SPEC's 25" or "(SPEC: …)": the documents
  // themselves are not in the repository. Upper case only, so "spec" in prose and test names stays.
  { what: "the product documents kept outside the repository", pattern: /\b(?:SPEC|DESIGN)(?:\.md)?\b/ },
  // "issue 14", "issues 11 and 13", "Issue #12"; not "the issue" or "an issue with 2 items".
  { what: "an issue number", pattern: /\bissues? ?#?\d+\b/i },
  // "(#12)", " #7": a tracker's number (the project's are below 100). "UTS #39" is a Unicode
  // standard; a colour (#111) has at least three digits.
  { what: "an issue number", pattern: /(?:^|[\s(])(?<!UTS )#\d{1,2}\b(?![\w-])/ },
];

/** Links to the repository's own documents: `docs/architecture.md#front-door`, `docs/decisions/006`, "decision 024". */
const DOC_LINK = /\bdocs\/[\w./-]*[\w-](?:#[\w-]+)?/g;
const DECISION_NUMBER = /\bdecisions? (\d{3})\b/gi;
/** A Markdown link's target: `[text](target)`. */
const MARKDOWN_LINK = /\]\(([^)\s]+)\)/g;

function filesUnder(folder: string): string[] {
  const root = join(ROOT, folder);
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((name) => TEXT_FILE.test(name) && !name.includes("node_modules"))
    .map((name) => relative(ROOT, join(root, name)));
}

const scannedFiles = () => SCANNED.flatMap(filesUnder).filter((file) => file !== SELF);

function eachLine(visit: (line: Line) => void) {
  for (const file of scannedFiles()) {
    const lines = readFileSync(join(ROOT, file), "utf8").split("\n");
    for (const [index, text] of lines.entries()) visit({ file, line: index + 1, text });
  }
}

/** What `text` cites that the repository does not hold, one entry per pattern it matches. */
function forbiddenCitations(text: string): string[] {
  return FORBIDDEN.filter(({ pattern }) => pattern.test(text)).map(({ what }) => what);
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");

const anchorsCache = new Map<string, Set<string>>();
function anchorsOf(file: string): Set<string> {
  let anchors = anchorsCache.get(file);
  if (!anchors) {
    const headings = readFileSync(join(ROOT, file), "utf8").match(/^#{1,6} .+$/gm) ?? [];
    anchors = new Set(headings.map((heading) => slug(heading.replace(/^#+ /, ""))));
    anchorsCache.set(file, anchors);
  }
  return anchors;
}

const decisionFiles = () => readdirSync(join(ROOT, "docs", "decisions"));

/** Why a link in the code leads nowhere, or undefined when its file (and heading) exist. */
function brokenLink(link: string): string | undefined {
  const [path = "", anchor] = link.split("#");
  if (/^docs\/decisions\/\d{3}$/.test(path)) {
    const number = path.slice(-3);
    return decisionFiles().some((name) => name.startsWith(`${number}-`)) ? undefined : `no decision ${number}`;
  }
  if (path === "docs" || path === "docs/decisions" || path === "docs/decisions/") return undefined;
  if (!existsSync(join(ROOT, path))) return `no file ${path}`;
  if (anchor !== undefined && path.endsWith(".md") && !anchorsOf(path).has(anchor)) return `no heading #${anchor} in ${path}`;
  return undefined;
}

describe("the repository explains itself", () => {
  it("tells a citation from ordinary words (positive and negative controls)", () => {
    const cited = [
      "// SPEC §4: optimistic",
      "(DESIGN §12.0)",
      "DESIGN.md §3",
      "as SPEC's 25",
      "(issue 14)",
      "Issue #12:",
      "see #7",
      "issues 11",
    ];
    for (const line of cited) expect(forbiddenCitations(line), line).not.toEqual([]);
    const plain = ["the issue is", "UTS #39 data", "color: #111;", "a spec of the wire", "issues[0]?.message", "&#39;", "issue.message"];
    for (const line of plain) expect(forbiddenCitations(line), line).toEqual([]);
    expect(brokenLink("docs/product-rules.md#sharing")).toBeUndefined();
    expect(brokenLink("docs/decisions/006")).toBeUndefined();
    expect(brokenLink("docs/product-rules.md#no-such-heading")).toBe("no heading #no-such-heading in docs/product-rules.md");
    expect(brokenLink("docs/nowhere.md")).toBe("no file docs/nowhere.md");
    expect(brokenLink("docs/decisions/999")).toBe("no decision 999");
  });

  it("cites no product document kept elsewhere and no issue number", () => {
    const found: string[] = [];
    eachLine(({ file, line, text }) => {
      for (const what of forbiddenCitations(text)) found.push(`${file}:${line} cites ${what}: ${text.trim()}`);
    });
    expect(found, "point to docs/*.md or docs/decisions/ instead, or say the rule itself").toEqual([]);
  });

  it("points only to documents and headings that exist", () => {
    const found: string[] = [];
    eachLine(({ file, line, text }) => {
      for (const [link] of text.matchAll(DOC_LINK)) {
        const why = brokenLink(link);
        if (why) found.push(`${file}:${line} links ${link}: ${why}`);
      }
      for (const [, number] of text.matchAll(DECISION_NUMBER)) {
        if (!decisionFiles().some((name) => name.startsWith(`${number}-`)))
          found.push(`${file}:${line} names decision ${number}: no such file`);
      }
    });
    expect(found).toEqual([]);
  });

  it("writes docs/*.md whose own links lead to files and headings that exist", () => {
    const found: string[] = [];
    for (const doc of readdirSync(join(ROOT, "docs")).filter((name) => name.endsWith(".md"))) {
      for (const [, target = ""] of readFileSync(join(ROOT, "docs", doc), "utf8").matchAll(MARKDOWN_LINK)) {
        if (/^[a-z]+:/.test(target)) continue;
        const [path = "", anchor] = target.split("#");
        const file = path === "" ? `docs/${doc}` : relative(ROOT, join(ROOT, "docs", path));
        if (!existsSync(join(ROOT, file))) found.push(`docs/${doc} links ${target}: no file ${file}`);
        else if (anchor !== undefined && file.endsWith(".md") && !anchorsOf(file).has(anchor))
          found.push(`docs/${doc} links ${target}: no heading`);
      }
    }
    expect(found).toEqual([]);
  });
});
