import { describe, expect, it } from "vitest";
import { THEMES } from "../../src/shared/themes";

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe("theme colours", () => {
  // Buttons and the header carry white text of normal size: WCAG AA asks 4.5:1.
  it.each(Object.values(THEMES))("$name keeps white text readable on its buttons and header", (theme) => {
    expect(contrast(theme.buttonColor, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrast(theme.headerColor, "#ffffff")).toBeGreaterThanOrEqual(4.5);
  });
});
