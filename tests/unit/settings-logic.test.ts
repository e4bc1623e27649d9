import { describe, expect, it } from "vitest";
import { localUsernameProblem } from "../../islands/settings/useUsernameAvailability";
import { displayedChanges, FALLBACK_CHANGE } from "../../islands/version/changes";
import { normalizeTheme } from "../../src/shared/themes";

describe("new username rules", () => {
  it.each([
    ["al", "alice", "Username must be at least 3 characters"],
    ["alice", "alice", "This is your current username"],
    ["  alice  ", "alice", "This is your current username"],
    ["a".repeat(49), "alice", "Username cannot exceed 48 characters"],
    ["bad name", "alice", "Username can only contain letters, numbers, and underscores"],
    ["alice_2", "alice", null],
  ])("%j (current %j) → %j", (value, current, problem) => {
    expect(localUsernameProblem(value, current)).toBe(problem);
  });
});

describe("version dialog changes", () => {
  it("strips conventional-commit prefixes and keeps at most five", () => {
    expect(displayedChanges(["feat: A", "fix(list): B", "refactor!: C", "D", "docs: E", "chore: F"])).toEqual(["A", "B", "C", "D", "E"]);
  });
  it("falls back when nothing usable is listed", () => {
    expect(displayedChanges([])).toEqual([FALLBACK_CHANGE]);
    expect(displayedChanges(undefined)).toEqual([FALLBACK_CHANGE]);
    expect(displayedChanges(["feat: ", 3])).toEqual([FALLBACK_CHANGE]);
  });
});

describe("legacy theme names", () => {
  it.each([
    ["pastel", "vibrant"],
    ["cool", "vibrant"],
    ["terminal", "monochrome"],
    ["ocean", "ocean"],
    ["nonsense", "vibrant"],
    [null, "vibrant"],
  ])("%j → %j", (stored, theme) => {
    expect(normalizeTheme(stored)).toBe(theme);
  });
});
