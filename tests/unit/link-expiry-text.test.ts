import { describe, expect, it } from "vitest";
import { DAY_MS, expiryText } from "../../src/shared/rules/links";

/** What the share dialog shows for a link's expiry, counted in calendar days where the viewer is. */
describe("expiryText", () => {
  const now = new Date(2026, 10, 23, 10, 0).getTime();
  const at = (ms: number) => new Date(ms).toISOString();

  it("says how many days are left, as a person counts them", () => {
    expect(expiryText(at(now + 7 * DAY_MS), now)).toBe("Expires in 7 days");
    expect(expiryText(at(now + 30 * DAY_MS), now)).toBe("Expires in 30 days");
    expect(expiryText(at(now + 2 * DAY_MS - 60_000), now)).toBe("Expires in 2 days");
    expect(expiryText(at(now + DAY_MS), now)).toBe("Expires tomorrow");
    expect(expiryText(at(new Date(2026, 10, 23, 23, 59).getTime()), now)).toBe("Expires today");
  });

  it("says Expired at and after the expiry", () => {
    expect(expiryText(at(now), now)).toBe("Expired");
    expect(expiryText(at(now - DAY_MS), now)).toBe("Expired");
  });
});
