import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exchangeArchiveSchema, exchangeDocumentSchema, importListSchema } from "../../src/shared/exchange";
import { readGuestName } from "../../src/shared/rules/guest-names";
import { parseListLines, parseMarkdownDocument, parsePastedList } from "../../src/shared/markdown-list";
import { idSchema } from "../../src/shared/params";
import { NEW_USERNAME, REGISTERED_USERNAME } from "../../src/shared/rules/account";
import { LIST_NAME } from "../../src/shared/rules/lists";
import { DESCRIPTION, TITLE } from "../../src/shared/rules/tasks";
import { checkText } from "../../src/shared/rules/text";
import { confusableSkeleton } from "../../src/shared/skeleton";
import { createTaskSchema } from "../../src/shared/tasks";
import { describeEachDialect } from "../helpers/databases";
import { Client, makeTestApp, registerUser, type TestApp } from "../helpers/test-app";

/** No input of 64 KB may hold the event loop for more than this (docs/product-rules.md#limits). */
const EVENT_LOOP_BUDGET_MS = 50;
const SIZE = 64 * 1024;

/** `unit` repeated to exactly `size` characters (cut mid-unit if need be), between `head` and `tail`. */
const fill = (head: string, unit: string, tail = "", size = SIZE) =>
  head + unit.repeat(Math.ceil((size - head.length - tail.length) / unit.length)).slice(0, size - head.length - tail.length) + tail;

/** Text that is nearly each construct the parsers know, at a size where a backtracking pattern shows. */
const ADVERSARIAL_TEXT: Record<string, string> = {
  "a heading whose name is a run of spaces before one more letter": fill("# a", " ", "b"),
  "a heading whose name is a run of tabs before one more letter": fill("# a", "\t", "b"),
  "a heading of alternating blanks and hashes": fill("# a", " #", "b"),
  "a heading of blanks, then hashes, then a letter": fill("# ", " ", `${"#".repeat(SIZE / 4)}x`),
  "hashes only": fill("", "#"),
  "hashes and spaces, no letter": fill("#", "# "),
  "spaces only": fill("", " "),
  "deep indentation before a bullet": fill("", " ", "- x"),
  "deep tab indentation before a box": fill("", "\t", "- [ ] x"),
  "a single huge item line": fill("- [ ] ", "a"),
  "dashes only": fill("", "-"),
  "bullets without text": fill("", "- "),
  "opening brackets": fill("- ", "["),
  "unclosed task boxes": fill("", "- [ "),
  "quotes only": fill("- a\n  ", ">"),
  "a quote of spaces and quotes": fill("- a\n  ", "> "),
  "numbers without a dot": fill("", "1"),
  "a number before a long run of spaces": fill("12.", " ", "x"),
  "almost-matching lines": fill("", "- [y] item\n  -[x]\n    > \n#  \n"),
  "items nested ever deeper": Array.from({ length: 2000 }, (_, depth) => `${" ".repeat(depth % 64)}- [x] item ${depth}`)
    .join("\n")
    .slice(0, SIZE),
  "blank lines of every ending": fill("", "\r\n\n\r \t\r"),
  "unicode bullets and spaces": fill("", "• \u00a0\u2003"),
  "bidi and control characters": fill("- ", "\u202e\u0000\u2066a\u0007"),
  "combining marks": fill("- ", "a\u0301\u0308"),
  "emoji and lone surrogates": fill("- ", "🛒\ud800👨‍👩‍👧"),
  "line and paragraph separators": fill("# a", "\u2028 \u2029", "b"),
};

/** The JSON import: a document or an archive, read as the import reads it. */
const readJsonImport = (content: string) => {
  let document: unknown;
  try {
    document = JSON.parse(content);
  } catch {
    return;
  }
  const isArchive = document !== null && typeof document === "object" && "lists" in document;
  (isArchive ? exchangeArchiveSchema : exchangeDocumentSchema).safeParse(document);
};

const ADVERSARIAL_JSON: Record<string, string> = {
  "deep array nesting": `${"[".repeat(SIZE / 2)}${"]".repeat(SIZE / 2)}`,
  "deep object nesting": `${'{"a":'.repeat(SIZE / 8)}1${"}".repeat(SIZE / 8)}`,
  "thousands of tiny items": JSON.stringify({ format: "listwell/1", name: "L", items: Array(4000).fill({ title: "a" }) }).slice(0, SIZE),
  "thousands of items with children": JSON.stringify({
    format: "listwell/1",
    name: "L",
    items: Array(700).fill({ title: "a", children: [{ title: "b" }, { title: "c" }] }),
  }),
  "a title of spaces": JSON.stringify({ format: "listwell/1", name: "L", items: [{ title: fill("a", " ", "b", SIZE - 60) }] }),
  "an archive of many lists": JSON.stringify({ format: "listwell/1", lists: Array(1500).fill({ name: "L", items: [] }) }),
  "unicode escapes": `{"format":"listwell/1","name":"${fill("", "\\u202e\\u0000", "", SIZE - 64)}","items":[]}`,
};

/**
 * How long `run` holds the event loop: the CPU time of this thread while it runs, which is what the
 * wall clock shows on an idle machine but without the waits other processes cause on a busy one.
 * The fastest of a few runs, so a garbage collection that happened to fall inside is not counted.
 */
function eventLoopMs(run: () => unknown): number {
  let fastest = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < 3 && fastest >= EVENT_LOOP_BUDGET_MS; attempt++) {
    const start = process.threadCpuUsage();
    run();
    const used = process.threadCpuUsage(start);
    fastest = Math.min(fastest, (used.user + used.system) / 1000);
  }
  return fastest;
}

/** Every parser and text rule that reads what a person typed or pasted, synchronously. */
const TEXT_PARSERS: Record<string, (text: string) => unknown> = {
  "Markdown import": (text) => parseMarkdownDocument(text),
  "paste into a list": (text) => parsePastedList(text),
  "paste into a parent": (text) => parsePastedList(text, { flat: true }),
  "list lines": (text) => parseListLines(text),
  "item title and description rules": (text) => [checkText(TITLE, text), checkText(DESCRIPTION, text)],
  "list name and username rules": (text) => [
    checkText(LIST_NAME, text),
    checkText(REGISTERED_USERNAME, text),
    checkText(NEW_USERNAME, text),
  ],
  "item create payload": (text) => createTaskSchema.safeParse({ title: text, description: text, listId: text, parentId: text }),
  "import payload": (content) => importListSchema.safeParse({ format: "md", content, name: content }),
  "guest name": (text) => [readGuestName(text), confusableSkeleton(text)],
  id: (text) => idSchema.safeParse(text),
};

describe("parsers hold the event loop for under 50 ms on any 64 KB input", () => {
  beforeAll(() => {
    // Compile every path once, so a test measures the parse and not the first call's compilation.
    for (const parse of Object.values(TEXT_PARSERS)) parse("# w\n- [x] w\n  > w\n  - w");
    readJsonImport('{"format":"listwell/1","name":"w","items":[{"title":"w","children":[{"title":"w"}]}]}');
  });

  for (const [parser, parse] of Object.entries(TEXT_PARSERS)) {
    it.each(Object.entries(ADVERSARIAL_TEXT))(`${parser}: %s`, (_, text) => {
      expect(text.length).toBeGreaterThanOrEqual(SIZE - 64);
      expect(eventLoopMs(() => parse(text))).toBeLessThan(EVENT_LOOP_BUDGET_MS);
    });
  }

  it.each(Object.entries(ADVERSARIAL_JSON))("JSON import: %s", (_, content) => {
    expect(content.length).toBeGreaterThan(SIZE / 2);
    expect(content.length).toBeLessThanOrEqual(SIZE);
    expect(eventLoopMs(() => readJsonImport(content))).toBeLessThan(EVENT_LOOP_BUDGET_MS);
  });
});

/** Under the 64 KiB body limit with the JSON around it, as large as an import gets. */
const IMPORT_SIZE = 63 * 1024;

describeEachDialect("an adversarial import keeps the server answering", (dialect) => {
  let t: TestApp;
  let ann: Client;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    ann = await registerUser(t, "ann");
  });
  afterAll(() => t.close());

  it("answers a 63 KB Markdown import and a health check sent beside it within a quarter second each", async () => {
    const started = performance.now();
    const timed = <T>(promise: Promise<T>) => promise.then((value) => ({ value, ms: performance.now() - started }));
    const content = fill("# a", " ", "b", IMPORT_SIZE);
    const [imported, health] = await Promise.all([
      timed(ann.post("/api/task-lists/import", { format: "md", content })),
      timed(new Client(t).get("/healthz")),
    ]);
    expect(imported.value).toMatchObject({ status: 400, body: { message: "Line 1: List name cannot exceed 48 characters" } });
    expect(health.value.status).toBe(200);
    expect(imported.ms).toBeLessThan(250);
    expect(health.ms).toBeLessThan(250);
    // Nothing was stored, and a well-formed import of the same size is taken (it would notice a refusal of everything).
    expect((await ann.get<unknown[]>("/api/task-lists")).body).toEqual([]);
    const items = fill("# Big\n", "- [ ] item\n", "", IMPORT_SIZE).split("\n").slice(0, 101).join("\n");
    expect((await ann.post("/api/task-lists/import", { format: "md", content: items })).status).toBe(201);
  });
});
