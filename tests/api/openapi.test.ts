import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRoutes } from "../../src/http/api/routes";
import type { OpenApiDocument } from "../../src/http/openapi/document";
import { describeEachDialect } from "../helpers/databases";
import { answerChecker, documentedOperations, operationKey, readDocument } from "../helpers/openapi";
import { callEveryOperation, NOT_CALLED } from "../helpers/openapi-calls";
import { makeTestApp, type TestApp } from "../helpers/test-app";

/** The /api routes as the app registered them, in the document's spelling ("{id}" for ":id"). */
const registeredOperations = () =>
  [
    ...new Set(
      apiRoutes.routes
        .filter((route) => route.method !== "ALL")
        .map((route) => operationKey(route.method, `/api${route.path.replace(/:(\w+)/g, "{$1}")}`)),
    ),
  ].sort();

/** The OpenAPI document (docs/decisions/062-openapi.md): valid, complete, and true to the live answers. */
describe("the OpenAPI document", () => {
  let t: TestApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    t = await makeTestApp("sqlite");
    document = await readDocument(t);
  });
  afterAll(() => t.close());

  it("is valid OpenAPI 3.1", async () => {
    const result = await new Validator().validate(document as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe("3.1.0");
  });

  it("describes every /api route the app registers, each with a tag, a summary and an answer", () => {
    const registered = registeredOperations();
    // A positive control: the walk finds the routes, the document's own among them.
    expect(registered).toContain("GET /api/openapi.json");
    expect(registered).toContain("POST /api/tasks/{id}/toggle");
    expect(registered.length).toBeGreaterThan(60);
    const undocumented = registered.filter((key) => {
      const [method = "", path = ""] = key.split(" ");
      const operation = document.paths?.[path]?.[method.toLowerCase() as "get"];
      return !operation?.summary || !operation.tags?.length || !Object.keys(operation.responses ?? {}).some((status) => status < "300");
    });
    expect(undocumented).toEqual([]);
    expect(documentedOperations(document).sort()).toEqual(registered);
  });

  it("has a contract check that refuses an answer the document does not allow (the control for the contract test)", () => {
    const { check } = answerChecker(document);
    const answer = (status: number, body: unknown, type = "application/json") => ({
      status,
      body,
      headers: new Headers({ "content-type": type }),
    });
    expect(check("GET /api/user", answer(200, { id: 1, username: "ann", createdAt: 1 }), 200)).toEqual({
      id: 1,
      username: "ann",
      createdAt: 1,
    });
    expect(() => check("GET /api/user", answer(200, { id: "1", username: "ann", createdAt: 1 }), 200)).toThrow(/body against its schema/);
    expect(() => check("GET /api/user", answer(200, { id: 1, username: "ann" }), 200)).toThrow(/body against its schema/);
    expect(() => check("GET /api/user", answer(201, { id: 1, username: "ann", createdAt: 1 }), 201)).toThrow(/documents 201/);
    expect(() => check("GET /api/docs", answer(200, "<p>", "text/plain"), 200)).toThrow(/documents text\/plain/);
  });

  it("names the session cookie and bearer tokens, and the one error shape", () => {
    expect(document.components?.securitySchemes).toEqual({
      session: expect.objectContaining({ type: "apiKey", in: "cookie", name: "listwell_session" }),
      bearer: expect.objectContaining({ type: "http", scheme: "bearer" }),
    });
    expect(document.components?.schemas?.Error).toMatchObject({
      type: "object",
      properties: { message: { type: "string" }, error: { type: "string" }, issues: { type: "array" } },
      required: ["message"],
    });
    const createTask = document.paths?.["/api/tasks"]?.post;
    expect(createTask?.requestBody).toMatchObject({
      content: { "application/json": { schema: { properties: { title: { type: "string", minLength: 1, maxLength: 80 } } } } },
    });
    expect(createTask?.responses?.["403"]).toEqual({ $ref: "#/components/responses/Error" });
    // Unsafe calls may carry an Idempotency-Key, except those whose bodies hold passwords.
    const headers = (operation: { parameters?: unknown[] } | undefined) =>
      ((operation?.parameters ?? []) as { in: string; name: string }[])
        .filter((parameter) => parameter.in === "header")
        .map((parameter) => parameter.name);
    expect(headers(createTask)).toEqual(["Idempotency-Key"]);
    expect(createTask?.responses?.["422"]).toEqual({ $ref: "#/components/responses/Error" });
    expect(headers(document.paths?.["/api/login"]?.post)).toEqual([]);
    expect(headers(document.paths?.["/api/tasks"]?.get)).toEqual([]);
    expect(document.paths?.["/api/task-lists/{id}"]?.patch?.security).toEqual([{ session: [] }, { bearer: [] }]);
    // The contract test calls both with a token: the list opens, the token calls refuse it (403).
    expect(document.paths?.["/api/list/{id}"]?.get?.security).toEqual([{ session: [] }, { bearer: [] }, {}]);
    expect(document.paths?.["/api/tokens"]?.get?.security).toEqual([{ session: [] }]);
  });

  it("lists the refusals a call meets before its route: the body limit, its media type, its key, its caller", () => {
    const statuses = (path: string, method: "get" | "post" | "put" | "delete") =>
      Object.keys(document.paths?.[path]?.[method]?.responses ?? {}).filter((status) => status >= "400");
    // A write: its body, its key, another site, a list that is not the caller's, nobody signed in.
    expect(statuses("/api/tasks", "post")).toEqual(["400", "401", "403", "404", "409", "413", "415", "422", "429"]);
    expect(statuses("/api/tasks/restore", "post")).toContain("404");
    expect(statuses("/api/push/subscriptions", "delete")).toEqual(expect.arrayContaining(["401", "404"]));
    // A token may not read the inbox when it is limited to some lists.
    expect(statuses("/api/notifications/read", "post")).toContain("403");
    expect(statuses("/api/task-lists/{id}/notifications", "get")).toEqual(expect.arrayContaining(["401", "403", "404"]));
    expect(statuses("/api/task-lists/{id}/notifications", "put")).toEqual(expect.arrayContaining(["401", "413", "415"]));
    // A read: no body to refuse, and no key.
    expect(statuses("/api/tasks", "get")).not.toContain("415");
  });
});

describeEachDialect("the OpenAPI contract", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  it("answers every documented operation called with a valid request as its document says", async () => {
    const document = await readDocument(t);
    const checked = await callEveryOperation(t, document, dialect);
    const uncalled = documentedOperations(document).filter((key) => !checked.has(key) && !(key in NOT_CALLED));
    expect(uncalled).toEqual([]);
    // An exception is only for an operation that exists and was not called.
    for (const key of Object.keys(NOT_CALLED)) {
      expect(documentedOperations(document)).toContain(key);
      expect(checked.has(key), key).toBe(false);
    }
  });
});
