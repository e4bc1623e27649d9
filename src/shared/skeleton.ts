/**
 * @module The confusable skeleton of UTS #39 over NFKC case-folded text (docs/product-rules.md#guests): two names
 * with one skeleton look alike: "aliсe" with a Cyrillic "с" and "alice", "rnike" and "mike", "b0b"
 * and "Bob". The data is Unicode's, generated into ./confusables.ts
 * (docs/decisions/029-guest-name-skeletons.md).
 */
import { CONFUSABLES } from "./confusables";

const fromHex = (hex: string) => String.fromCodePoint(...hex.split("+").map((point) => Number.parseInt(point, 16)));

let prototypes: Record<string, string> | undefined;

/**
 * Each confusable character's prototype, read from the table the first time a skeleton is asked
 * for. A plain object, not a Map: filling a Map of a thousand keys took Bun 50 ms on first use.
 */
function prototypeOf(): Record<string, string> {
  if (prototypes) return prototypes;
  prototypes = Object.create(null) as Record<string, string>;
  for (const line of CONFUSABLES.split("\n")) {
    const [prototype, ...sources] = line.split(" ");
    if (!prototype) continue;
    const shape = fromHex(prototype);
    for (const source of sources) prototypes[fromHex(source)] = shape;
  }
  return prototypes;
}

/**
 * NFKC and lower case first (so "ＡＬＩＣＥ" and "Alice" are one name), then each character
 * replaced by its prototype, and lower case again, since a prototype may be a capital ("0" → "O").
 */
export function confusableSkeleton(text: string): string {
  const map = prototypeOf();
  let mapped = "";
  for (const char of text.normalize("NFKC").toLowerCase().normalize("NFD")) mapped += map[char] ?? char;
  return mapped.toLowerCase().normalize("NFD");
}
