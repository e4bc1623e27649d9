import { Hono } from "hono";
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
  .get("/task-lists", signedIn, async (c) => {
    const own = await lists.ownLists(c.get("deps").store, requireUser(c).id);
    return revalidatedJson(
      c,
      withinTokenScope(callerOf(c), own, (list) => list.id),
    );
  })
  .get("/task-lists/progress", signedIn, async (c) => {
    const progress = Object.entries(await lists.listProgress(c.get("deps").store, requireUser(c).id));
    return revalidatedJson(c, { progress: Object.fromEntries(withinTokenScope(callerOf(c), progress, ([id]) => Number(id))) });
  })
  .post("/task-lists", signedIn, jsonBody(createListSchema), async (c) => {
    const { name } = c.req.valid("json");
    return c.json(await lists.createList(c.get("deps").store, requireUser(c).id, name), 201);
  })
  .post("/task-lists/reorder", signedIn, jsonBody(reorderListsSchema), async (c) => {
    return c.json(await lists.reorderLists(c.get("deps").store, callerOf(c), c.req.valid("json")));
  })
  .get("/task-lists/by-share-id/:shareId", async (c) => {
    return revalidatedJson(c, await lists.listByShareId(c.get("deps").store, callerOf(c), c.req.param("shareId")));
  })
  .patch("/task-lists/:id", signedIn, listId, jsonBody(updateListSchema), async (c) => {
    const { store, bus } = c.get("deps");
    return c.json(await lists.updateList(store, bus, callerOf(c), c.req.valid("param").id, c.req.valid("json")));
  })
  .delete("/task-lists/:id", signedIn, listId, async (c) => {
    const { store, bus } = c.get("deps");
    const { id } = c.req.valid("param");
    await lists.deleteList(store, bus, callerOf(c), id);
    return c.json({ message: "List deleted", id });
  })
  .post("/task-lists/:id/restore", signedIn, listId, async (c) => {
    const { store, bus } = c.get("deps");
    return c.json(await lists.restoreList(store, bus, callerOf(c), c.req.valid("param").id));
  })
  .post("/task-lists/:id/duplicate", signedIn, listId, jsonBody(duplicateListSchema), async (c) => {
    const { name } = c.req.valid("json");
    return c.json(await duplicateList(c.get("deps").store, callerOf(c), c.req.valid("param").id, name), 201);
  })
  .post("/task-lists/:id/rotate-share-id", signedIn, listId, async (c) => {
    const { store, bus } = c.get("deps");
    return c.json(await lists.rotateShareId(store, bus, callerOf(c), c.req.valid("param").id));
  })
  .get("/list", async (c) => {
    const shareId = callerOf(c).shareId;
    if (!shareId) throw badRequest("shareId is required");
    const { response, json } = await lists.sharedListJson(c.get("deps").store, callerOf(c), { shareId });
    return revalidatedJson(c, response, json);
  })
  .get("/list/:id", listId, async (c) => {
    const { response, json } = await lists.sharedListJson(c.get("deps").store, callerOf(c), { listId: c.req.valid("param").id });
    return revalidatedJson(c, response, json);
  });
