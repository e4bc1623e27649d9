import { describe, expect, it } from "vitest";
import { sharedAgo, timeAgo } from "../../islands/shared-lists/relative-time";

const NOW = Date.parse("2026-03-10T12:00:00Z");
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe("relative share times ('Shared 3 days ago')", () => {
  it.each([
    [10, "less than a minute ago"],
    [60, "1 minute ago"],
    [5 * 60, "5 minutes ago"],
    [60 * 60, "about 1 hour ago"],
    [5 * 3600, "about 5 hours ago"],
    [26 * 3600, "1 day ago"],
    [3 * 86400, "3 days ago"],
    [35 * 86400, "about 1 month ago"],
    [50 * 86400, "about 2 months ago"],
    [150 * 86400, "5 months ago"],
    [400 * 86400, "about 1 year ago"],
    [365 * 86400 + 200 * 86400, "over 1 year ago"],
    [365 * 86400 + 330 * 86400, "almost 2 years ago"],
  ])("%i s → %s", (seconds, text) => {
    expect(timeAgo(ago(seconds), NOW)).toBe(text);
  });

  it("words an invalid or missing date 'Unknown date' and a future one as now", () => {
    expect(sharedAgo("not a date", NOW)).toBe("Shared Unknown date");
    expect(sharedAgo(null, NOW)).toBe("Shared Unknown date");
    expect(sharedAgo(ago(3 * 86400), NOW)).toBe("Shared 3 days ago");
    expect(timeAgo(NOW + 60_000, NOW)).toBe("less than a minute ago");
  });
});
