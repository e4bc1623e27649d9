import { describe, expect, it } from "vitest";
import { excerpt, fold, matchesAll, matchesIn, searchWords } from "../../src/shared/search-words";

/** The words of a search and where they match (docs/decisions/058-search.md). */
describe("search words", () => {
  it("splits a query at anything but letters and digits, once each, and folds accents, case and the letters the databases fold", () => {
    expect(searchWords(' Crè "OR" -fraî *x  CRÈ ')).toEqual(["Crè", "OR", "fraî", "x"]);
    expect(searchWords('"-*:() \u0301')).toEqual([]);
    expect(["Crème", "ÆBLE", "Søren", "Straße", "Łódź"].map(fold)).toEqual(["creme", "aeble", "soren", "strasse", "lodz"]);
  });

  it("matches only the start of a word, and marks where in the original text", () => {
    const words = searchWords("cre fra").map(fold);
    expect(matchesIn("Crème fraîche", words)).toEqual([
      { start: 0, end: 3 },
      { start: 6, end: 9 },
    ]);
    expect(matchesIn("Sucre", ["cre"])).toEqual([]);
    expect(matchesIn("Straße 5", ["stras"])).toEqual([{ start: 0, end: 5 }]);
    expect(matchesAll("Crème fraîche", ["creme", "fr"])).toBe(true);
    expect(matchesAll("Crème fraîche", ["creme", "bio"])).toBe(false);
  });

  it("excerpts about 80 characters around the first match, cut at spaces, with an ellipsis where cut", () => {
    expect(excerpt("short crème", ["creme"])).toBe("short crème");
    const long = `${"word ".repeat(30)}the crème fraîche ${"more ".repeat(30)}`;
    const cut = excerpt(long, ["creme"]);
    expect(cut.startsWith("…")).toBe(true);
    expect(cut.endsWith("…")).toBe(true);
    expect(cut).toContain("the crème fraîche");
    expect(cut.length).toBeLessThanOrEqual(82);
    // Cut at the start of a word, never inside one.
    expect(excerpt(`${"x".repeat(200)} crème`, ["creme"])).toBe("…crème");
  });
});
