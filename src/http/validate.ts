import { zValidator } from "@hono/zod-validator";
import type { ZodType } from "zod";
import { AppError } from "../domain/errors";

/** Validates a JSON body with a shared schema; the first issue's message becomes the 400's message. */
export const jsonBody = <T extends ZodType>(schema: T) =>
  zValidator("json", schema, (result) => {
    if (!result.success) {
      const issues = result.error.issues;
      throw new AppError(400, issues[0]?.message ?? "Invalid input", "VALIDATION_ERROR", issues);
    }
  });

export const queryParams = <T extends ZodType>(schema: T) =>
  zValidator("query", schema, (result) => {
    if (!result.success) {
      const issues = result.error.issues;
      throw new AppError(400, issues[0]?.message ?? "Invalid query", "VALIDATION_ERROR", issues);
    }
  });

/** Path ids are read leniently: anything that is not an id simply finds nothing (404), never 400. */
export const idParam = (value: string) => Number(value);
