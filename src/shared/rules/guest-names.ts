/**
 * @module A share-link guest's display name (docs/product-rules.md#guests), plain so the name dialog runs the same
 * rule the server does: 1 to 30 characters once trimmed, and nothing a reader cannot see. The
 * server also refuses a name that looks like an account's (src/domain/actors.ts).
 */
import { cleanGuestName, GUEST_NAME_LENGTH_MESSAGE } from "../attribution";

export const GUEST_NAME_HIDDEN_MESSAGE = "Your name cannot contain control or invisible characters";
export const GUEST_NAME_LOOKALIKE_MESSAGE = "That name looks like an account's name here. Please choose another name.";

/**
 * Control and format characters (zero-width spaces and joiners, soft hyphen, BOM, bidi controls),
 * every other default-ignorable one (variation selectors, Hangul fillers) and lone surrogates: each
 * lets two names that read the same differ, or one name read differently from what it is.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]/u;

/** The name as others will see it (without the " (guest)" the server adds), or why it cannot be one. */
export function readGuestName(raw: string): { name: string; problem?: undefined } | { name?: undefined; problem: string } {
  const name = cleanGuestName(raw);
  if (name === undefined) return { problem: GUEST_NAME_LENGTH_MESSAGE };
  return HIDDEN.test(name) ? { problem: GUEST_NAME_HIDDEN_MESSAGE } : { name };
}
