/** Duplicate events are ignored; the last 100 message ids are remembered (docs/product-rules.md#live-updates). */
export const DEDUPE_KEPT = 100;

export function createDeduper(kept = DEDUPE_KEPT) {
  const seen = new Set<string>();
  return {
    /** True when this id was seen among the last `kept`; otherwise remembers it. No id: never a duplicate. */
    isDuplicate(messageId: string | undefined): boolean {
      if (!messageId) return false;
      if (seen.has(messageId)) return true;
      seen.add(messageId);
      if (seen.size > kept) seen.delete(seen.values().next().value as string);
      return false;
    },
  };
}
