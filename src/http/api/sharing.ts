import { Hono } from "hono";
import { LIST_NOT_FOUND, withinTokenScope } from "../../domain/access";
import * as sharing from "../../domain/sharing";
import { shareByUsernameSchema } from "../../shared/lists";
import { callerOf } from "../caller";
import type { AppEnv } from "../env";
import { requireUser, signedIn } from "../middleware/session";
import { jsonBody, pathIds } from "../validate";

/** Lists and sharing: sharing with named users. Every call needs a signed-in user (docs/http-contract.md#routes). */
export const sharingApi = new Hono<AppEnv>()
  .get("/shared-with-me", signedIn, async (c) => {
    const shared = await sharing.sharedWithMe(c.get("deps").store, requireUser(c).id);
    return c.json(withinTokenScope(callerOf(c), shared, (item) => item.list.id));
  })
  .get("/my-shared-lists", signedIn, async (c) => {
    const shares = await sharing.mySharedLists(c.get("deps").store, requireUser(c).id);
    return c.json(withinTokenScope(callerOf(c), shares, (share) => share.listId));
  })
  .get("/shared-list-ids", signedIn, async (c) => {
    const ids = await sharing.sharedListIds(c.get("deps").store, requireUser(c).id);
    return c.json(withinTokenScope(callerOf(c), ids, (id) => id));
  })
  .get("/shared-by-list/:listId", signedIn, pathIds({ listId: LIST_NOT_FOUND }), async (c) => {
    return c.json(await sharing.sharesOfList(c.get("deps").store, callerOf(c), c.req.valid("param").listId));
  })
  .post("/share-by-username", signedIn, jsonBody(shareByUsernameSchema), async (c) => {
    const { store, bus } = c.get("deps");
    return c.json(await sharing.shareByUsername(store, bus, callerOf(c), c.req.valid("json")), 201);
  })
  .delete("/unshare/:listId/:userId", signedIn, pathIds({ listId: LIST_NOT_FOUND, userId: sharing.NOT_SHARED_WITH_USER }), async (c) => {
    const { store, bus } = c.get("deps");
    const { listId, userId } = c.req.valid("param");
    await sharing.unshare(store, bus, callerOf(c), listId, userId);
    return c.json({ message: "List unshared", listId, userId });
  });
