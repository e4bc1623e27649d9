import type { MiddlewareHandler } from "hono";
import { validator } from "hono/validator";
import * as z from "zod";
import { AppError, notFound } from "../domain/errors";
import { idSchema } from "../shared/params";
import type { AppEnv } from "./env";
import { documentsInput } from "./openapi/describe";

/**
 * What a client sends for a schema, as the typed island client (islands/api.ts) sees it: each
 * field's parsed type, optional where the schema accepts it missing (a default, an optional).
 */
export type Sent<T extends z.ZodType> = { [K in keyof z.input<T>]: K extends keyof z.output<T> ? z.output<T>[K] : z.input<T>[K] };

type JsonInput<T extends z.ZodType> = { in: { json: Sent<T> }; out: { json: z.output<T> } };

/**
 * Validates a JSON body with a shared schema; the first issue's message becomes the 400's message.
 * An empty body is read as `{}`: clients send the JSON content type on calls with nothing to say
 * (reset by shareId, a version update from the changelog), and that is no payload, not bad JSON.
 */
export const jsonBody = <T extends z.ZodType>(schema: T): MiddlewareHandler<AppEnv, string, JsonInput<T>> => {
  // Typed by hand: Hono's validator would name the parsed shape as what clients send.
  const validate = validator(
    "json",
    (value): z.output<T> => parsedOrRefused(schema, value, "Invalid input"),
  ) as unknown as MiddlewareHandler<AppEnv, string, JsonInput<T>>;
  const middleware: MiddlewareHandler<AppEnv, string, JsonInput<T>> = async (c, next) => {
    if (!hasBody(c.req.raw)) c.req.raw = new Request(c.req.raw, { body: "{}" });
    return validate(c, next);
  };
  documentsInput(middleware, "json", schema);
  return middleware;
};

/** Whether a request carries a body at all: fetch sends `Content-Length: 0` for none, curl nothing. */
export const hasBody = (request: Request) => request.body !== null && request.headers.get("content-length") !== "0";

export const queryParams = <T extends z.ZodType>(schema: T) => {
  const middleware = validator("query", (value): z.output<T> => parsedOrRefused(schema, value, "Invalid query"));
  documentsInput(middleware, "query", schema);
  return middleware;
};

/**
 * Parsed synchronously: no schema has an async rule, and zod's async parse costs every write
 * a few microseconds of promises (docs/decisions/026-toggle-path.md). The first issue's message
 * becomes the 400's message.
 */
function parsedOrRefused<T extends z.ZodType>(schema: T, value: unknown, fallback: string): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues;
  throw new AppError(400, issues[0]?.message ?? fallback, "VALIDATION_ERROR", issues);
}

/**
 * Parses each named path id with the one id schema (src/shared/params.ts). An id in another
 * spelling is no address at all: it answers the same 404 as an id that does not exist, with the
 * message given for its name, never a 400. (In a query string or a body it is bad input, 400.)
 */
export const pathIds = <K extends string>(notFoundMessages: Record<K, string>) => {
  const names = Object.keys(notFoundMessages) as K[];
  const shape = Object.fromEntries(names.map((name) => [name, idSchema])) as Record<K, typeof idSchema>;
  const schema = z.object(shape);
  const middleware = validator("param", (value): z.output<typeof schema> => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    const failed = names.find((name) => result.error.issues.some((issue) => issue.path[0] === name)) ?? names[0]!;
    throw notFound(notFoundMessages[failed]);
  });
  documentsInput(middleware, "param", schema);
  return middleware;
};
