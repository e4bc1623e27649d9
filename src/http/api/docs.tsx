import { Hono } from "hono";
import { ApiDocsPage } from "../../../views/ApiDocsPage";
import type { AppEnv } from "../env";
import { describe } from "../openapi/describe";
import { openApiDocument } from "../openapi/document";
import { pageTheme, renderPage } from "../pages/render";

/**
 * The API's own description (docs/decisions/062-openapi.md): the OpenAPI 3.1 document, and a page
 * that reads it. `routes` gives the /api routes once they are all registered, these two included.
 */
export const documentationApi = (routes: () => Hono<AppEnv>) =>
  new Hono<AppEnv>()
    .get(
      "/openapi.json",
      describe({
        tag: "Documentation",
        summary: "This API's OpenAPI 3.1 document",
        access: "public",
        answers: { 200: { mediaType: "application/json", description: "The OpenAPI 3.1 document of every /api call" } },
      }),
      async (c) => c.json(await openApiDocument(routes())),
    )
    .get(
      "/docs",
      describe({
        tag: "Documentation",
        summary: "The API's documentation as a page to read",
        access: "public",
        answers: { 200: { mediaType: "text/html", description: "Every call grouped by tag, with its inputs and answers" } },
      }),
      async (c) => {
        const document = await openApiDocument(routes());
        return renderPage(c, <ApiDocsPage assets={c.get("deps").assets} theme={pageTheme(c)} document={document} />);
      },
    );
