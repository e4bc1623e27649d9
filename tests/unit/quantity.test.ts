import { describe, expect, it } from "vitest";
import { parseQuantity, UNITS, withQuantity } from "../../src/shared/quantity";
import { isSteppable, stepQuantity } from "../../src/shared/quantity-step";

describe("a quantity in a quick-add title", () => {
  it("reads an amount and unit before or after the title", () => {
    expect(parseQuantity("2 l milk")).toEqual({ title: "Milk", quantity: "2 l" });
    expect(parseQuantity("milk 2 l")).toEqual({ title: "Milk", quantity: "2 l" });
    expect(parseQuantity("500g flour")).toEqual({ title: "Flour", quantity: "500 g" });
    expect(parseQuantity("flour 500g")).toEqual({ title: "Flour", quantity: "500 g" });
    expect(parseQuantity("1.5 kg potatoes")).toEqual({ title: "Potatoes", quantity: "1.5 kg" });
    expect(parseQuantity("1,5 kg potatoes")).toEqual({ title: "Potatoes", quantity: "1,5 kg" });
    expect(parseQuantity("2 dozen eggs")).toEqual({ title: "Eggs", quantity: "2 dozen" });
    expect(parseQuantity("2 bags of rice")).toEqual({ title: "Rice", quantity: "2 bags" });
  });

  it("reads a count before the title, or times after it", () => {
    expect(parseQuantity("3 apples")).toEqual({ title: "Apples", quantity: "3" });
    expect(parseQuantity("Milk x2")).toEqual({ title: "Milk", quantity: "2" });
    expect(parseQuantity("Milk ×2")).toEqual({ title: "Milk", quantity: "2" });
    expect(parseQuantity("Milk 2x")).toEqual({ title: "Milk", quantity: "2" });
    expect(parseQuantity("2x milk")).toEqual({ title: "Milk", quantity: "2" });
    expect(parseQuantity("½ lemon")).toEqual({ title: "Lemon", quantity: "½" });
    expect(parseQuantity("1/2 lemon")).toEqual({ title: "Lemon", quantity: "1/2" });
  });

  it("keeps the unit as typed and spaces it once", () => {
    expect(parseQuantity("  2   L   Milk ")).toEqual({ title: "Milk", quantity: "2 L" });
  });

  it("upper-cases the first letter only of a title typed all in lower case", () => {
    expect(parseQuantity("2 l oat milk")).toEqual({ title: "Oat milk", quantity: "2 l" });
    expect(parseQuantity("2 iPhone cases")).toEqual({ title: "iPhone cases", quantity: "2" });
    expect(parseQuantity("7 Wonders")).toEqual({ title: "Wonders", quantity: "7" });
  });

  it("leaves a title that is only a quantity, or only looks close to one", () => {
    for (const typed of ["2", "2 l", "500g", "Milk", "Eggs 12", "Route 66", "2nd floor", "4x4 tyres", "2026 taxes"]) {
      expect(parseQuantity(typed), typed).toBeNull();
    }
    for (const typed of ["Cards 24 dec", "Call 2 people", "Bins tuesday"]) expect(parseQuantity(typed), typed).toBeNull();
    // A unit's first letters are not its unit.
    expect(parseQuantity("2 lemons")).toEqual({ title: "Lemons", quantity: "2" });
  });

  it("names each unit once, in lower case", () => {
    expect(new Set(UNITS).size).toBe(UNITS.length);
    for (const unit of UNITS) expect(unit).toBe(unit.toLowerCase());
    expect(parseQuantity(`3 ${"x".repeat(30)}`)).toEqual({ title: `X${"x".repeat(29)}`, quantity: "3" });
  });
});

describe("a pasted line's quantity", () => {
  it("comes off its title, and a line without one is left as it was", () => {
    const line = { title: "2 l milk", description: "", completed: false };
    expect(withQuantity(line)).toEqual({ title: "Milk", quantity: "2 l", description: "", completed: false });
    const plain = { title: "bread", description: "", completed: false };
    expect(withQuantity(plain)).toBe(plain);
    const named = { title: "2 l milk", quantity: "1 bottle" };
    expect(withQuantity(named)).toBe(named);
  });
});

describe("a row's quantity stepped by one", () => {
  it("keeps the unit and the decimal mark", () => {
    expect(stepQuantity("2 l", 1)).toBe("3 l");
    expect(stepQuantity("2 l", -1)).toBe("1 l");
    expect(stepQuantity("9", 1)).toBe("10");
    expect(stepQuantity("1.5 kg", 1)).toBe("2.5 kg");
    expect(stepQuantity("1.5 kg", -1)).toBe("0.5 kg");
    expect(stepQuantity("1,05 kg", -1)).toBe("0,05 kg");
    expect(stepQuantity("2 dozen", 1)).toBe("3 dozen");
  });

  it("cannot step below one whole step, nor a quantity that does not start with a number", () => {
    expect(stepQuantity("1", -1)).toBeNull();
    expect(stepQuantity("1 l", -1)).toBeNull();
    expect(stepQuantity("0.5 kg", -1)).toBeNull();
    expect(stepQuantity("½", 1)).toBeNull();
    expect(stepQuantity("1/2", 1)).toBeNull();
    expect(stepQuantity("a few", 1)).toBeNull();
    expect(stepQuantity("9".repeat(24), 1)).toBeNull();
  });

  it("offers +/− only on a quantity that starts with a number", () => {
    expect(isSteppable("2 l")).toBe(true);
    expect(isSteppable("0.5 kg")).toBe(true);
    expect(isSteppable("½")).toBe(false);
    expect(isSteppable("a few")).toBe(false);
    expect(isSteppable(null)).toBe(false);
  });
});
