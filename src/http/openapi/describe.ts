/**
 * @module How a route says what it is in the OpenAPI document (docs/decisions/062-openapi.md).
 * Inputs need nothing here: `jsonBody`, `queryParams` and `pathIds` (src/http/validate.ts) mark
 * their middleware with the schema they validate with. A route adds `describe({...})` before them
 * with its tag, summary, who may call it, and its answers by status, each a shared zod schema.
 * The document (src/http/openapi/document.ts) walks the app's routes and reads both marks.
 */
import type { MiddlewareHandler } from "hono";
import { describeRoute, type ResponsesWithResolver, resolver, uniqueSymbol } from "hono-openapi";
import * as z from "zod";

/** Where a validated input comes from, as the document names it. */
export type InputTarget = "json" | "query" | "param";

/** Marks a validating middleware with its schema, so the document shows the same rules it applies. */
export function documentsInput(middleware: object, target: InputTarget, schema: z.ZodType): void {
  Object.assign(middleware, { [uniqueSymbol]: { target, ...resolver(schema) } });
}

/**
 * Who may call: `public` anyone; `link` a signed-in caller or the holder of a list's link
 * (`?shareId=`); `signed-in` a session or an API token; `session` a browser session only
 * (API tokens are refused with 403 TOKEN_NOT_ALLOWED, docs/decisions/061-api-tokens.md);
 * `browser` a session or a list's link, but no API token (a browser's own calls, such as push).
 */
export type Access = "public" | "link" | "signed-in" | "session" | "browser";

/** The document's tags, in the order the docs page shows them. */
export const TAGS = {
  Account: "Registration, sign-in, the signed-in user and their settings",
  Lists: "The caller's lists: make, rename, order, duplicate, delete, rotate the link",
  Items: "A list's items and sub-items, named by listId or by the link's shareId",
  Sections: "A list's sections and the suggestions from its memory",
  Sharing: "Sharing lists with named people",
  "Import and export": "Lists out as Markdown, text or JSON, and back in",
  Routines: "Runs of a list's routine",
  Notifications: "Web Push subscriptions, per-list modes, nudges and the inbox",
  Activity: "Who changed what, and guests' names",
  Search: "Search across the caller's lists",
  "Live updates": "Long-poll, for clients without a websocket",
  Tokens: "API tokens for scripts and automations",
  Webhooks: "Webhooks that tell another service about a list's changes",
  Admin: "The administrator's calls (user id 1)",
  Versions: "New versions of Listwell and who has seen them",
  Documentation: "This document and its readable page",
} as const;
export type Tag = keyof typeof TAGS;

/** An answer: a JSON schema, `null` for an empty body, or a file or page's media types with its text. */
export type Answer = z.ZodType | null | { mediaType: string | string[]; description: string };

/**
 * Refusals a route can answer besides 400 wherever an input is validated, 404 wherever the path
 * names an id (both added by the document) and 401 from `access` when it needs a signed-in caller.
 */
export type Refusal = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429;

export interface RouteDoc {
  tag: Tag;
  summary: string;
  /** Anything a reader needs beyond the summary: a rule, a limit, what an empty body means. */
  description?: string;
  access: Access;
  /**
   * Only for a route that reads its query or body by hand, where a validator's refusal would change
   * its answers: the schema of what it reads. Every other route's inputs come from its validators.
   */
  query?: z.ZodType;
  body?: z.ZodType;
  answers: Partial<Record<200 | 201 | 202 | 204, Answer>>;
  refusals?: Refusal[];
}

/** Each status's one-line meaning, as the document and the docs page show it. */
export const STATUS_TEXT: Record<number, string> = {
  200: "Done",
  201: "Made",
  202: "Accepted, done in the background",
  204: "Done; nothing to answer",
  400: "Invalid input: `message` says what to change",
  401: "Not signed in, or an invalid or expired token",
  403: "Not allowed: a read-only caller writing, an owner-only call, a limit reached, or a call API tokens cannot make",
  404: "Not found, or not visible to the caller",
  409: "Conflict with what is stored",
  413: "Body too large",
  415: "The body is not JSON",
  429: "Too many requests: wait and try again",
};

const SECURITY: Record<Access, Record<string, string[]>[]> = {
  public: [{}],
  link: [{ session: [] }, { bearer: [] }, {}],
  "signed-in": [{ session: [] }, { bearer: [] }],
  session: [{ session: [] }],
  browser: [{ session: [] }, {}],
};

/** A list's link names the list for a guest (docs/http-contract.md#routes). */
const SHARE_ID_PARAMETER = {
  in: "query",
  name: "shareId",
  required: false,
  description: "The list's link, for a caller who is not signed in or opens it through its link",
  schema: { type: "string" },
} as const;

/** A query schema as OpenAPI parameters, read in the same "input" sense as the validators'. */
function queryParameters(schema: z.ZodType) {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, object>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    in: "query",
    name,
    required: json.required?.includes(name) ?? false,
    schema: property,
  }));
}

const ERROR_REF = { $ref: "#/components/responses/Error" };

function answerObject(status: number, answer: Answer): ResponsesWithResolver[string] {
  const description = STATUS_TEXT[status] ?? "Done";
  if (answer === null) return { description };
  // A file or a page: its media type says what it is; its content has no schema to give.
  if ("mediaType" in answer) {
    const mediaTypes = typeof answer.mediaType === "string" ? [answer.mediaType] : answer.mediaType;
    return { description: answer.description, content: Object.fromEntries(mediaTypes.map((type) => [type, {}])) };
  }
  return { description, content: { "application/json": { schema: resolver(answer) } } };
}

/** The middleware that carries a route's description; it does nothing when called. */
export function describe(doc: RouteDoc): MiddlewareHandler {
  const responses: ResponsesWithResolver = {};
  for (const [status, answer] of Object.entries(doc.answers)) responses[status] = answerObject(Number(status), answer as Answer);
  const refusals = new Set<number>(doc.refusals ?? []);
  if (doc.access === "signed-in" || doc.access === "session" || doc.access === "link") refusals.add(401);
  // A list named by a link or an id may be unknown or not the caller's to see.
  if (doc.access === "link") refusals.add(404);
  if (doc.access === "session" || doc.access === "browser") refusals.add(403);
  for (const status of [...refusals].sort()) responses[status] = { ...ERROR_REF };
  const byLink = doc.access === "link" || doc.access === "browser";
  const parameters = [...(byLink ? [SHARE_ID_PARAMETER] : []), ...(doc.query ? queryParameters(doc.query) : [])];
  return describeRoute({
    tags: [doc.tag],
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(doc.body ? { requestBody: { required: false, content: { "application/json": { schema: resolver(doc.body) } } } } : {}),
    security: SECURITY[doc.access],
    responses,
  });
}
