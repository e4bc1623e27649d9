/**
 * @module Ids in paths, query strings and bodies: one spelling per number (docs/http-contract.md#ids), so one
 * item has one address and a body means one thing. A path in another spelling answers 404 (no
 * such address, src/http/validate.ts); a query string or a body, 400, as any other bad input.
 */
import * as z from "zod";

/**
 * Plain decimal digits without a leading zero: no sign, space, exponent, fraction or hex, which
 * `Number()` would all accept ("0x6", "1e0", "6.0", "+6", " 6" are all 6 to it).
 */
const DECIMAL = /^(0|[1-9][0-9]*)$/;

/** Text that `Number()` reads as a number, though not in the one spelling: told how to write it. */
const otherSpelling = (input: unknown) => typeof input === "string" && input.trim() !== "" && Number.isFinite(Number(input));

/**
 * An id in a query string or a JSON body, named `what` in its messages: a JSON number that is a
 * whole, safe integer of at least `min` (1 for a row, 0 where 0 means "none"), or the same number
 * as text in decimal digits, which query strings always are and a body may send (docs/http-contract.md#ids).
 */
export function idField(what: string, { min = 1 } = {}) {
  return z.preprocess(
    (value) => (typeof value === "string" && DECIMAL.test(value) ? Number(value) : value),
    z
      .number({ error: (issue) => (otherSpelling(issue.input) ? `${what} must be written in decimal digits` : `${what} must be a number`) })
      .max(Number.MAX_SAFE_INTEGER, `${what} is too large`)
      .int(`${what} must be a whole number`)
      .min(min, min === 0 ? `${what} cannot be negative` : `${what} must be positive`),
  );
}

/** A row's id in a path, where it is always text; any other spelling is no address (src/http/validate.ts). */
export const idSchema = idField("id");

/** A position in the event log, where 0 means "before the first event". */
export const eventIdSchema = idField("lastEventId", { min: 0 });

/** `GET /api/poll/{clientId}?lastEventId=`: the last event the client has. */
export const pollQuerySchema = z.object({
  // An empty value (`?lastEventId=`) is a client that has no event yet, the same as leaving it out.
  lastEventId: z.preprocess((value) => (value === "" ? undefined : value), eventIdSchema.optional()),
});
