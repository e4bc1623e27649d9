import { Hono } from "hono";
import { sectionSchema } from "../../shared/answers";
import { sectionDeletedSchema, sectionsSchema, suggestionsSchema } from "../../shared/more-answers";
import { describe } from "../openapi/describe";
import { LIST_NOT_FOUND } from "../../domain/access";
import * as sections from "../../domain/sections";
import { suggest } from "../../domain/suggestions";
import { createSectionSchema, suggestionsQuerySchema, updateSectionSchema } from "../../shared/memory";
import { SECTION_NOT_FOUND } from "../../shared/rules/memory";
import { callerOf } from "../caller";
import type { AppEnv } from "../env";
import { jsonBody, pathIds, queryParams } from "../validate";

const listId = pathIds({ id: LIST_NOT_FOUND });
const sectionId = pathIds({ id: SECTION_NOT_FOUND });

/** A list's sections and suggestions from its memory (docs/decisions/057-memory.md); a link guest names the list's link with ?shareId. */
export const sectionsApi = new Hono<AppEnv>()
  .get(
    "/task-lists/:id/sections",
    describe({ tag: "Sections", summary: "A list's sections in order", access: "link", answers: { 200: sectionsSchema } }),
    listId,
    async (c) => {
      return c.json(await sections.readSections(c.get("deps").store, callerOf(c), c.req.valid("param").id));
    },
  )
  .post(
    "/task-lists/:id/sections",
    describe({
      tag: "Sections",
      summary: "Add a section (at most 30 a list)",
      access: "link",
      answers: { 201: sectionSchema },
      refusals: [403, 409],
    }),
    listId,
    jsonBody(createSectionSchema),
    async (c) => {
      const { store, bus } = c.get("deps");
      return c.json(await sections.createSection(store, bus, callerOf(c), c.req.valid("param").id, c.req.valid("json")), 201);
    },
  )
  .patch(
    "/sections/:id",
    describe({
      tag: "Sections",
      summary: "Rename or move a section",
      access: "link",
      answers: { 200: sectionSchema },
      refusals: [403, 409],
    }),
    sectionId,
    jsonBody(updateSectionSchema),
    async (c) => {
      const { store, bus } = c.get("deps");
      return c.json(await sections.updateSection(store, bus, callerOf(c), c.req.valid("param").id, c.req.valid("json")));
    },
  )
  .delete(
    "/sections/:id",
    describe({
      tag: "Sections",
      summary: "Delete a section; its items move to no section",
      access: "link",
      answers: { 200: sectionDeletedSchema },
      refusals: [403],
    }),
    sectionId,
    async (c) => {
      const { store, bus } = c.get("deps");
      return c.json(await sections.deleteSection(store, bus, callerOf(c), c.req.valid("param").id));
    },
  )
  .get(
    "/task-lists/:id/suggestions",
    describe({
      tag: "Sections",
      summary: "Titles the list used before, most likely first",
      access: "link",
      answers: { 200: suggestionsSchema },
      refusals: [403],
    }),
    listId,
    queryParams(suggestionsQuerySchema),
    async (c) => {
      const { q, limit } = c.req.valid("query");
      return c.json(await suggest(c.get("deps").store, callerOf(c), c.req.valid("param").id, q, limit));
    },
  );
