/** Version dialog: at most five changes, conventional-commit prefixes stripped (docs/product-rules.md#versions). */
export const MAX_SHOWN_CHANGES = 5;
export const FALLBACK_CHANGE = "Latest improvements and bug fixes";

/** "feat: x", "fix(tasks)!: x" → "x". The server strips them too; a live event may not have. */
export const stripCommitPrefix = (change: string) => change.replace(/^[a-z]+(\([^)]*\))?!?:\s*/i, "").trim();

export function displayedChanges(changes: readonly unknown[] | undefined): string[] {
  const shown = (changes ?? [])
    .filter((change): change is string => typeof change === "string")
    .map(stripCommitPrefix)
    .filter(Boolean)
    .slice(0, MAX_SHOWN_CHANGES);
  return shown.length > 0 ? shown : [FALLBACK_CHANGE];
}
