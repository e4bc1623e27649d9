import { Hono } from "hono";
import { importedSchema } from "../../shared/more-answers";
import { describe } from "../openapi/describe";
import { LIST_NOT_FOUND } from "../../domain/access";
import * as exchange from "../../domain/exchange";
import { exportQuerySchema, importListSchema } from "../../shared/exchange";
import { attachmentFor, CONTENT_TYPES, type ExportFormat, toJsonArchive } from "../../shared/exchange-format";
import { callerOf } from "../caller";
import type { AppContext, AppEnv } from "../env";
import { requireUser, signedIn } from "../middleware/session";
import { jsonBody, pathIds, queryParams } from "../validate";

const listId = pathIds({ id: LIST_NOT_FOUND });

/** A file to save: its type, and the list's name as the file's. */
const download = (c: AppContext, text: string, name: string, format: ExportFormat) =>
  c.body(text, 200, { "Content-Type": CONTENT_TYPES[format], "Content-Disposition": attachmentFor(name, format) });

/** Bulk and exchange formats: a list out as Markdown, text or JSON; a list in from Markdown or JSON (docs/product-rules.md#export-and-import). */
export const exchangeApi = new Hono<AppEnv>()
  .get(
    "/task-lists/export",
    describe({
      tag: "Import and export",
      summary: "Every own list as one JSON file",
      access: "signed-in",
      answers: { 200: { mediaType: "application/json", description: "A file to save: every own list with its items" } },
    }),
    signedIn,
    async (c) => {
      const lists = await exchange.readOwnListsForExport(c.get("deps").store, requireUser(c).id);
      return download(c, toJsonArchive(lists), "Listwell lists", "json");
    },
  )
  .get(
    "/task-lists/:id/export",
    describe({
      tag: "Import and export",
      summary: "A list as Markdown, text or JSON",
      access: "link",
      answers: {
        200: {
          mediaType: ["text/markdown", "text/plain", "application/json"],
          description: "A file to save, in the format asked for: md, txt or json",
        },
      },
    }),
    listId,
    queryParams(exportQuerySchema),
    async (c) => {
      const { format } = c.req.valid("query");
      const list = await exchange.readListForExport(c.get("deps").store, callerOf(c), c.req.valid("param").id);
      return download(c, exchange.writeExport(list, format), list.name, format);
    },
  )
  // One list answers the list; an "export all" file answers every list it made.
  .post(
    "/task-lists/import",
    describe({
      tag: "Import and export",
      summary: "Make lists from a Markdown or JSON file",
      access: "signed-in",
      answers: { 201: importedSchema },
      refusals: [403, 413],
    }),
    signedIn,
    jsonBody(importListSchema),
    async (c) => {
      const { lists, archive } = await exchange.importLists(c.get("deps").store, c.get("deps").bus, requireUser(c).id, c.req.valid("json"));
      return c.json(archive ? { lists } : lists[0], 201);
    },
  );
