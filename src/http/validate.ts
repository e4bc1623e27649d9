import { zValidator } from "@hono/zod-validator";
import type { ZodType } from "zod";
import { AppError } from "../domain/errors";

/**
 * Validates a JSON body with a shared schema; the first issue's message becomes the 400's message.
 * An empty body is read as `{}`: clients send the JSON content type on calls with nothing to say
 * (reset by shareId, a version update from the changelog), and that is no payload, not bad JSON.
 */
export const jsonBody = <T extends ZodType>(schema: T) => {
  const validate = zValidator("json", schema, (result) => {
    if (!result.success) {
      const issues = result.error.issues;
      throw new AppError(400, issues[0]?.message ?? "Invalid input", "VALIDATION_ERROR", issues);
    }
  });
  const emptyAsObject: typeof validate = async (c, next) => {
    if (!hasBody(c.req.raw)) c.req.raw = new Request(c.req.raw, { body: "{}" });
    return validate(c, next);
  };
  return emptyAsObject;
};

/** Whether a request carries a body at all: fetch sends `Content-Length: 0` for none, curl nothing. */
export const hasBody = (request: Request) => request.body !== null && request.headers.get("content-length") !== "0";

export const queryParams = <T extends ZodType>(schema: T) =>
  zValidator("query", schema, (result) => {
    if (!result.success) {
      const issues = result.error.issues;
      throw new AppError(400, issues[0]?.message ?? "Invalid query", "VALIDATION_ERROR", issues);
    }
  });

/**
 * Path ids are decimal digits. Anything else (`abc`, `1.5`, `0x6`, `1e0`) is no id and finds
 * nothing (404, never 400), so one list has one address.
 */
export const idParam = (value: string) => (/^\d{1,15}$/.test(value) ? Number(value) : Number.NaN);
