import { describe, expect, it } from "vitest";
import { describeActivity } from "../../islands/activity/ActivityDialog";
import { cleanGuestName } from "../../src/shared/attribution";

const entry = (action: string, actor: { userId: number | null; username: string | null } | null, subject: string | null = "Milk") => ({
  id: 1,
  action,
  subject,
  actor,
  at: "2026-11-28T08:00:00.000Z",
});

describe("the activity panel's sentences", () => {
  it.each([
    [entry("ticked", { userId: null, username: "Sam (guest)" }), "Sam (guest) ticked Milk"],
    [entry("unticked", { userId: 2, username: "alex" }), "alex unticked Milk"],
    [entry("added", { userId: null, username: null }), "A guest added Milk"],
    [entry("deleted", null), "Someone deleted Milk"],
    [entry("restored", { userId: 2, username: "alex" }), "alex restored Milk"],
    [entry("cleared", { userId: 2, username: "alex" }, null), "alex cleared completed items"],
    [entry("reset", { userId: 2, username: "alex" }, null), "alex reset the list"],
    [entry("reordered", { userId: 2, username: "alex" }, null), "alex reordered items"],
    [entry("list_deleted", { userId: 2, username: "alex" }, null), "alex deleted the list"],
    [entry("edited", { userId: 2, username: "alex" }, null), "alex edited an item"],
  ])("%o reads %s", (activity, sentence) => {
    expect(describeActivity(activity)).toBe(sentence);
  });
});

describe("a guest's name as typed", () => {
  it("is trimmed, spaces folded, and 1 to 30 characters counted as people see them", () => {
    expect(cleanGuestName("  Sam  ")).toBe("Sam");
    expect(cleanGuestName("Mary   Ann")).toBe("Mary Ann");
    expect(cleanGuestName("   ")).toBeUndefined();
    expect(cleanGuestName("é".repeat(30))).toBe("é".repeat(30));
    expect(cleanGuestName("x".repeat(31))).toBeUndefined();
  });
});
