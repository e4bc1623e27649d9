import { Hono } from "hono";
import { sharedListResponseSchema, taskListSchema, taskListsSchema } from "../../shared/answers";
import { listDeletedSchema, listProgressSchema } from "../../shared/more-answers";
import { describe } from "../openapi/describe";
import { duplicateList } from "../../domain/duplicate";
import * as lists from "../../domain/lists";
import { LIST_NOT_FOUND, withinTokenScope } from "../../domain/access";
import { badRequest } from "../../domain/errors";
import { createListSchema, duplicateListSchema, reorderListsSchema, updateListSchema } from "../../shared/lists";
import { callerOf } from "../caller";
import type { AppEnv } from "../env";
import { revalidatedJson } from "../middleware/conditional";
import { requireUser, signedIn } from "../middleware/session";
import { jsonBody, pathIds } from "../validate";

const listId = pathIds({ id: LIST_NOT_FOUND });

/** Lists and sharing: the caller's own lists, and a list as seen through a share link (docs/http-contract.md#routes). */
export const listsApi = new Hono<AppEnv>()
  .get(
    "/task-lists",
    describe({ tag: "Lists", summary: "The caller's own lists, in their order", access: "signed-in", answers: { 200: taskListsSchema } }),
    signedIn,
    async (c) => {
      const own = await lists.ownLists(c.get("deps").store, requireUser(c).id);
      return revalidatedJson(
        c,
        withinTokenScope(callerOf(c), own, (list) => list.id),
      );
    },
  )
  .get(
    "/task-lists/progress",
    describe({ tag: "Lists", summary: "How far along each list on Home is", access: "signed-in", answers: { 200: listProgressSchema } }),
    signedIn,
    async (c) => {
      const progress = Object.entries(await lists.listProgress(c.get("deps").store, requireUser(c).id));
      return revalidatedJson(c, { progress: Object.fromEntries(withinTokenScope(callerOf(c), progress, ([id]) => Number(id))) });
    },
  )
  .post(
    "/task-lists",
    describe({ tag: "Lists", summary: "Make a list", access: "signed-in", answers: { 201: taskListSchema }, refusals: [403] }),
    signedIn,
    jsonBody(createListSchema),
    async (c) => {
      const { name } = c.req.valid("json");
      return c.json(await lists.createList(c.get("deps").store, c.get("deps").bus, requireUser(c).id, name), 201);
    },
  )
  .post(
    "/task-lists/reorder",
    describe({ tag: "Lists", summary: "Put the caller's lists in a new order", access: "signed-in", answers: { 200: taskListsSchema } }),
    signedIn,
    jsonBody(reorderListsSchema),
    async (c) => {
      return c.json(await lists.reorderLists(c.get("deps").store, c.get("deps").bus, callerOf(c), c.req.valid("json")));
    },
  )
  .get(
    "/task-lists/by-share-id/:shareId",
    describe({ tag: "Lists", summary: "The list behind a link", access: "link", answers: { 200: taskListSchema }, refusals: [404] }),
    async (c) => {
      return revalidatedJson(c, await lists.listByShareId(c.get("deps").store, callerOf(c), c.req.param("shareId")));
    },
  )
  .patch(
    "/task-lists/:id",
    describe({
      tag: "Lists",
      summary: "Rename a list, set its link's level or expiry, or its routine",
      access: "signed-in",
      answers: { 200: taskListSchema },
      refusals: [403],
    }),
    signedIn,
    listId,
    jsonBody(updateListSchema),
    async (c) => {
      const { store, bus } = c.get("deps");
      return c.json(await lists.updateList(store, bus, callerOf(c), c.req.valid("param").id, c.req.valid("json")));
    },
  )
  .delete(
    "/task-lists/:id",
    describe({
      tag: "Lists",
      summary: "Delete a list (it can be brought back)",
      access: "signed-in",
      answers: { 200: listDeletedSchema },
      refusals: [403],
    }),
    signedIn,
    listId,
    async (c) => {
      const { store, bus } = c.get("deps");
      const { id } = c.req.valid("param");
      await lists.deleteList(store, bus, callerOf(c), id);
      return c.json({ message: "List deleted", id });
    },
  )
  .post(
    "/task-lists/:id/restore",
    describe({
      tag: "Lists",
      summary: "Bring back a deleted list",
      access: "signed-in",
      answers: { 200: taskListSchema },
      refusals: [403],
    }),
    signedIn,
    listId,
    async (c) => {
      const { store, bus } = c.get("deps");
      return c.json(await lists.restoreList(store, bus, callerOf(c), c.req.valid("param").id));
    },
  )
  .post(
    "/task-lists/:id/duplicate",
    describe({
      tag: "Lists",
      summary: "Copy a list with its items, unticked",
      access: "signed-in",
      answers: { 201: taskListSchema },
      refusals: [403],
    }),
    signedIn,
    listId,
    jsonBody(duplicateListSchema),
    async (c) => {
      const { name } = c.req.valid("json");
      return c.json(await duplicateList(c.get("deps").store, c.get("deps").bus, callerOf(c), c.req.valid("param").id, name), 201);
    },
  )
  .post(
    "/task-lists/:id/rotate-share-id",
    describe({
      tag: "Lists",
      summary: "Give a list a new link; the old one stops working",
      access: "signed-in",
      answers: { 200: taskListSchema },
      refusals: [403],
    }),
    signedIn,
    listId,
    async (c) => {
      const { store, bus } = c.get("deps");
      return c.json(await lists.rotateShareId(store, bus, callerOf(c), c.req.valid("param").id));
    },
  )
  .get(
    "/list",
    describe({
      tag: "Lists",
      summary: "A list with its items, by its link",
      access: "link",
      answers: { 200: sharedListResponseSchema },
      refusals: [400, 404],
    }),
    async (c) => {
      const shareId = callerOf(c).shareId;
      if (!shareId) throw badRequest("shareId is required");
      const { response, json } = await lists.sharedListJson(c.get("deps").store, callerOf(c), { shareId });
      return revalidatedJson(c, response, json);
    },
  )
  .get(
    "/list/:id",
    describe({
      tag: "Lists",
      summary: "A list with its items, its sections and what the caller may do",
      access: "link",
      answers: { 200: sharedListResponseSchema },
    }),
    listId,
    async (c) => {
      const { response, json } = await lists.sharedListJson(c.get("deps").store, callerOf(c), { listId: c.req.valid("param").id });
      return revalidatedJson(c, response, json);
    },
  );
