/**
 * @module The OpenAPI 3.1 document of every /api route (docs/decisions/062-openapi.md), made by
 * hono-openapi from the marks the routes carry (src/http/openapi/describe.ts): the inputs' schemas
 * from the validating middleware, the answers from `describe`. Made once per app, on first ask.
 */
import { Hono } from "hono";
import { generateSpecs } from "hono-openapi";
import type { OpenAPIV3_1 } from "openapi-types";
import { SESSION_COOKIE } from "../../auth/sessions";
import { KEY_FORMAT } from "../../domain/idempotency";
import { apiErrorSchema } from "../../shared/answers";
import type { AppEnv } from "../env";
import { AUTH_PATHS } from "../middleware/idempotency";
import { STATUS_TEXT, TAGS } from "./describe";

export type OpenApiDocument = OpenAPIV3_1.Document;

/** Where the API is mounted, so each path in the document is the one a client calls. */
export const API_PREFIX = "/api";

const errorAnswer = {
  description: "Refused: `message` says why in words a person can read; `error` is a stable code where one helps a program",
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
};

async function generate(routes: Hono<AppEnv>): Promise<OpenApiDocument> {
  const mounted = new Hono<AppEnv>().route(API_PREFIX, routes);
  const document = (await generateSpecs(mounted, {
    documentation: {
      info: {
        title: "Listwell API",
        version: "1",
        description:
          "Every call takes and answers JSON. Sign in with the session cookie a browser gets from /api/login, or send an API token as `Authorization: Bearer lw_…`. A list's link holder names the list with `?shareId=`.",
      },
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE, description: "The session cookie set by login or registration" },
          bearer: { type: "http", scheme: "bearer", bearerFormat: "lw_…", description: "An API token made in Settings → API tokens" },
        },
        responses: { Error: errorAnswer },
      },
    },
    // "/openapi.json" looks like a file to hono-openapi, which would leave it out.
    excludeStaticFile: false,
    defaultValidationErrorResponse: { ...errorAnswer, description: STATUS_TEXT[400]! },
  })) as OpenApiDocument;
  document.components = { ...document.components, schemas: { ...document.components?.schemas, Error: errorSchemaJson() } };
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item ?? {}) as [string, OpenAPIV3_1.OperationObject][]) {
      operation.responses ??= {};
      // A path's id that names nothing, or nothing the caller may see, answers 404 (src/http/validate.ts).
      if (path.includes("{")) operation.responses["404"] ??= { ...ERROR_REF };
      // A token's caller is refused a call its token may not make (src/http/middleware/admission.ts).
      if (operation.security?.some((scheme) => "bearer" in scheme)) operation.responses["403"] ??= { ...ERROR_REF };
      if (method === "get") continue;
      admitted(operation);
      if (!AUTH_PATHS.has(path)) keyed(operation);
    }
  }
  return document;
}

const ERROR_REF = { $ref: "#/components/responses/Error" };

/**
 * What every call that may change something meets before its route (src/http/middleware/admission.ts):
 * 413 past the body limit, 415 for a body that is not JSON, 403 from another site, and 400 or 429
 * for its Idempotency-Key (malformed, or past the caller's keys of a day).
 */
function admitted(operation: OpenAPIV3_1.OperationObject) {
  operation.responses ??= {};
  for (const status of ["400", "403", "413", "415", "429"]) operation.responses[status] ??= { ...ERROR_REF };
}

/**
 * Every unsafe call but the auth ones may carry an Idempotency-Key (src/http/middleware/idempotency.ts):
 * the header, and the refusals it brings (409 in progress or answer lost, 422 reused for another request).
 */
function keyed(operation: OpenAPIV3_1.OperationObject) {
  operation.parameters = [
    ...(operation.parameters ?? []),
    {
      in: "header",
      name: "Idempotency-Key",
      required: false,
      description: "Makes the call safe to retry: the first answer is kept 24 h and replayed with `Idempotent-Replayed: true`",
      schema: { type: "string", pattern: KEY_FORMAT.source },
    },
  ];
  operation.responses ??= {};
  operation.responses["409"] ??= { ...ERROR_REF };
  operation.responses["422"] ??= { ...ERROR_REF };
}

function errorSchemaJson(): OpenAPIV3_1.SchemaObject {
  const { $schema: _, ...schema } = apiErrorSchema.toJSONSchema({ target: "draft-2020-12" }) as OpenAPIV3_1.SchemaObject & {
    $schema?: string;
  };
  return schema;
}

const made = new WeakMap<Hono<AppEnv>, Promise<OpenApiDocument>>();

/** The document of the routes mounted at /api, made on first ask and kept: routes do not change at run time. */
export function openApiDocument(routes: Hono<AppEnv>): Promise<OpenApiDocument> {
  const kept = made.get(routes);
  if (kept) return kept;
  const document = generate(routes);
  made.set(routes, document);
  return document;
}
