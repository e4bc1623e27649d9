/** @module Ids in paths and queries: one spelling per number, so one item has one address. */
import * as z from "zod";

/**
 * Plain decimal digits without a leading zero: no sign, space, exponent, fraction or hex, which
 * `Number()` would all accept ("0x6", "1e0", "6.0", "+6", " 6" are all 6 to it).
 */
const decimal = z
  .string()
  .regex(/^(0|[1-9][0-9]*)$/, "Must be written in decimal digits")
  .transform(Number)
  .refine(Number.isSafeInteger, "Too large");

/** A row's id in a path or query: a positive decimal number. */
export const idSchema = decimal.refine((id) => id > 0, "Ids start at 1");

/** A position in the event log, where 0 means "before the first event". */
export const eventIdSchema = decimal;

/** `GET /api/poll/{clientId}?lastEventId=`: the last event the client has. */
export const pollQuerySchema = z.object({
  // An empty value (`?lastEventId=`) is a client that has no event yet, the same as leaving it out.
  lastEventId: z.preprocess((value) => (value === "" ? undefined : value), eventIdSchema.optional()),
});
