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
