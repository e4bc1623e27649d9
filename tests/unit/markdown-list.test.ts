import { describe, expect, it } from "vitest";
import { parseMarkdownDocument, parsePastedList } from "../../src/shared/markdown-list";

describe("descriptions in pasted and imported Markdown", () => {
  it("reads an indented '> text' line as the description of the item above, a line each", () => {
    const text = "- [ ] Milk\n  > 2 litres\n  >\n  >   skimmed\n- Party\n  - Cake\n    > chocolate\n> a quote is an item";
    expect(parsePastedList(text)).toEqual([
      { title: "Milk", description: "2 litres\n\n  skimmed", completed: false, children: [] },
      { title: "Party", description: "", completed: false, children: [{ title: "Cake", description: "chocolate", completed: false }] },
      { title: "> a quote is an item", description: "", completed: false, children: [] },
    ]);
  });

  it("takes a first '# heading' as the list's name and keeps every line's number", () => {
    const { name, items } = parseMarkdownDocument("\n# Groceries #\n\n- [x] Milk\n  > fresh\n  - [ ] Oat");
    expect(name).toBe("Groceries");
    expect(items).toEqual([
      {
        title: "Milk",
        description: "fresh",
        completed: true,
        line: 4,
        descriptionLines: [5],
        children: [{ title: "Oat", description: "", completed: false, line: 6, descriptionLines: [] }],
      },
    ]);
    expect(parseMarkdownDocument("- a\n# Later heading").name).toBeUndefined();
  });
});

describe("a third level in imported Markdown", () => {
  const deeper = (text: string) =>
    parseMarkdownDocument(text).items.flatMap((item) => item.children.filter((child) => child.deeper).map((child) => child.title));

  it("marks a line under a sub-item, and only that one: the first sub-item sets the level", () => {
    expect(deeper("- a\n  - b\n    - c\n  - d")).toEqual(["c"]);
    // Sloppy but two levels: 3, then 2, then 3 spaces are all sub-items of a.
    expect(deeper("- a\n   - b\n  - c\n   - d")).toEqual([]);
  });

  it("leaves a paste to flatten it into sub-items", () => {
    expect(parsePastedList("- a\n  - b\n    - c")[0]!.children.map((child) => child.title)).toEqual(["b", "c"]);
  });
});
