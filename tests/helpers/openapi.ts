import Ajv2020 from "ajv/dist/2020";
import { expect } from "vitest";
import type { OpenApiDocument } from "../../src/http/openapi/document";
import type { Response, TestApp } from "./test-app";

interface DocumentedAnswer {
  $ref?: string;
  content?: Record<string, { schema?: object }>;
}

/** An operation's key as the contract test names it: "POST /api/tasks/{id}". */
export const operationKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** Every operation in the document, by key. */
export function documentedOperations(document: OpenApiDocument): string[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    ["get", "post", "put", "patch", "delete"].filter((method) => item && method in item).map((method) => operationKey(method, path)),
  );
}

export async function readDocument(t: TestApp): Promise<OpenApiDocument> {
  const response = await t.app.request("/api/openapi.json");
  expect(response.status).toBe(200);
  return (await response.json()) as OpenApiDocument;
}

/**
 * Checks live answers against the document: the status must be one it lists for the operation,
 * and the body must match that answer's JSON schema (ajv, draft 2020-12 as OpenAPI 3.1 uses), or
 * carry its media type when the answer is a file or a page. Remembers which operations it saw.
 */
export function answerChecker(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const checked = new Set<string>();
  const named = (ref: string) => ref.split("/").pop() ?? "";
  /** The shared error answer and its schema are written once under components; read them there. */
  const resolved = (answer: DocumentedAnswer | undefined): DocumentedAnswer | undefined => {
    const shared = answer?.$ref ? (document.components?.responses?.[named(answer.$ref)] as DocumentedAnswer) : answer;
    if (!shared?.content) return shared;
    const content = Object.entries(shared.content).map(([type, media]) => {
      const ref = (media.schema as { $ref?: string } | undefined)?.$ref;
      return [type, ref ? { schema: document.components?.schemas?.[named(ref)] as object } : media] as const;
    });
    return { content: Object.fromEntries(content) };
  };
  return {
    checked,
    check<T>(key: string, response: Response<T>, status: number): T {
      expect(response.status, `${key} answered ${JSON.stringify(response.body)}`).toBe(status);
      const [method = "", path = ""] = key.split(" ");
      const operation = document.paths?.[path]?.[method.toLowerCase() as "get"];
      expect(operation, `${key} is documented`).toBeDefined();
      const answer = resolved(operation!.responses?.[String(status)] as DocumentedAnswer | undefined);
      expect(answer, `${key} documents ${status}`).toBeDefined();
      const answered = response.headers.get("content-type")?.split(";")[0] ?? "";
      const media = answer!.content?.[answered];
      if (!answer!.content) expect(response.body, `${key} answers no body`).toBeUndefined();
      else expect(media, `${key} documents ${answered}, among ${Object.keys(answer!.content)}`).toBeDefined();
      if (media?.schema) {
        const validate = ajv.compile(media.schema);
        expect(validate(response.body) ? [] : validate.errors, `${key} body against its schema`).toEqual([]);
      }
      checked.add(key);
      return response.body;
    },
  };
}
