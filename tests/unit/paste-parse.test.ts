import { describe, expect, it } from "vitest";
import { countPasted, parsePastedList } from "../../islands/list/paste-parse";

const item = (title: string, fields: { completed?: boolean; description?: string; children?: unknown[] } = {}) => ({
  title,
  description: fields.description ?? "",
  completed: fields.completed ?? false,
  children: fields.children ?? [],
});
const child = (title: string, completed = false) => ({ title, description: "", completed });

describe("parsePastedList", () => {
  it("reads plain lines, skipping blank ones", () => {
    expect(parsePastedList("Milk\n\n  \nBread\r\nEggs\r")).toEqual([item("Milk"), item("Bread"), item("Eggs")]);
  });

  it("strips bullets and numbers of every kind", () => {
    const text = ["- Milk", "* Bread", "+ Eggs", "• Butter", "•Jam", "1. Flour", "12) Sugar", "◦ Salt"].join("\n");
    expect(parsePastedList(text).map((i) => i.title)).toEqual(["Milk", "Bread", "Eggs", "Butter", "Jam", "Flour", "Sugar", "Salt"]);
  });

  it("keeps a leading dash or number that is part of the title", () => {
    expect(parsePastedList("-5 degrees\n2024 taxes\n3.5 kg flour").map((i) => i.title)).toEqual([
      "-5 degrees",
      "2024 taxes",
      "3.5 kg flour",
    ]);
  });

  it("reads Markdown task boxes, ticked ones as completed", () => {
    expect(parsePastedList("- [ ] Milk\n- [x] Bread\n* [X] Eggs\n[ ] Jam\n1. [x] Tea")).toEqual([
      item("Milk"),
      item("Bread", { completed: true }),
      item("Eggs", { completed: true }),
      item("Jam"),
      item("Tea", { completed: true }),
    ]);
  });

  it("makes indented lines sub-items of the line above, one level deep", () => {
    const text = "- Party\n  - [x] Balloons\n    - Red ones\n\t- Cake\n- Tidy up\n  Hoover";
    expect(parsePastedList(text)).toEqual([
      item("Party", { children: [child("Balloons", true), child("Red ones"), child("Cake")] }),
      item("Tidy up", { children: [child("Hoover")] }),
    ]);
  });

  it("measures indentation from the top-level line, even when the whole paste is indented", () => {
    expect(parsePastedList("    A\n      a1\n    B")).toEqual([item("A", { children: [child("a1")] }), item("B")]);
    // A line less indented than the first is top-level too, not lost.
    expect(parsePastedList("  A\nB\n  b1")).toEqual([item("A"), item("B", { children: [child("b1")] })]);
  });

  it("keeps everything at one level inside a parent's view", () => {
    expect(parsePastedList("- A\n  - a1\n- [x] B", { flat: true })).toEqual([item("A"), item("a1"), item("B", { completed: true })]);
  });

  it("drops lines that hold only a bullet or a box, and characters the server refuses", () => {
    expect(parsePastedList("-\n- [ ]\n*  \nTea\u0007 \u202epot\nMilk\tand honey")).toEqual([item("Tea pot"), item("Milk and honey")]);
  });

  it("cuts a title past 80 characters and keeps the whole line as its description", () => {
    const long = "x".repeat(90);
    expect(parsePastedList(`- ${long}\nShort`)).toEqual([item("x".repeat(80), { description: long }), item("Short")]);
  });
});

describe("countPasted", () => {
  it("counts sub-items with their parents", () => {
    expect(countPasted(parsePastedList("A\n  a1\n  a2\nB"))).toBe(4);
    expect(countPasted([])).toBe(0);
  });

  it("tells a one-line paste, which the field takes as typed, from a list", () => {
    expect(countPasted(parsePastedList("Milk\n"))).toBe(1);
    expect(countPasted(parsePastedList("- Milk\n\n-\n"))).toBe(1);
    expect(countPasted(parsePastedList("Milk\n\nBread"))).toBe(2);
  });
});
