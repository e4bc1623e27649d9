import { Hono } from "hono";
import { listShareEntrySchema, sharedWithMeItemSchema, shareRecordSchema } from "../../shared/answers";
import { unsharedSchema } from "../../shared/more-answers";
import { describe } from "../openapi/describe";
import * as z from "zod";
import { LIST_NOT_FOUND, withinTokenScope } from "../../domain/access";
import * as sharing from "../../domain/sharing";
import { shareByUsernameSchema } from "../../shared/lists";
import { callerOf } from "../caller";
import type { AppEnv } from "../env";
import { requireUser, signedIn } from "../middleware/session";
import { jsonBody, pathIds } from "../validate";

/** Lists and sharing: sharing with named users. Every call needs a signed-in user (docs/http-contract.md#routes). */
export const sharingApi = new Hono<AppEnv>()
  .get(
    "/shared-with-me",
    describe({
      tag: "Sharing",
      summary: "Lists shared with the caller",
      access: "signed-in",
      answers: { 200: z.array(sharedWithMeItemSchema) },
    }),
    signedIn,
    async (c) => {
      const shared = await sharing.sharedWithMe(c.get("deps").store, requireUser(c).id);
      return c.json(withinTokenScope(callerOf(c), shared, (item) => item.list.id));
    },
  )
  .get(
    "/my-shared-lists",
    describe({
      tag: "Sharing",
      summary: "Who the caller's lists are shared with",
      access: "signed-in",
      answers: { 200: z.array(shareRecordSchema) },
    }),
    signedIn,
    async (c) => {
      const shares = await sharing.mySharedLists(c.get("deps").store, requireUser(c).id);
      return c.json(withinTokenScope(callerOf(c), shares, (share) => share.listId));
    },
  )
  .get(
    "/shared-list-ids",
    describe({
      tag: "Sharing",
      summary: "Ids of the lists shared with the caller",
      access: "signed-in",
      answers: { 200: z.array(z.number().int()) },
    }),
    signedIn,
    async (c) => {
      const ids = await sharing.sharedListIds(c.get("deps").store, requireUser(c).id);
      return c.json(withinTokenScope(callerOf(c), ids, (id) => id));
    },
  )
  .get(
    "/shared-by-list/:listId",
    describe({
      tag: "Sharing",
      summary: "Who one list is shared with",
      access: "signed-in",
      answers: { 200: z.array(listShareEntrySchema) },
      refusals: [403],
    }),
    signedIn,
    pathIds({ listId: LIST_NOT_FOUND }),
    async (c) => {
      return c.json(await sharing.sharesOfList(c.get("deps").store, callerOf(c), c.req.valid("param").listId));
    },
  )
  .post(
    "/share-by-username",
    describe({
      tag: "Sharing",
      summary: "Share a list with someone by username",
      access: "signed-in",
      answers: { 201: shareRecordSchema },
      refusals: [403, 409],
    }),
    signedIn,
    jsonBody(shareByUsernameSchema),
    async (c) => {
      const { store, bus } = c.get("deps");
      return c.json(await sharing.shareByUsername(store, bus, callerOf(c), c.req.valid("json")), 201);
    },
  )
  .delete(
    "/unshare/:listId/:userId",
    describe({
      tag: "Sharing",
      summary: "Stop sharing a list with someone",
      access: "signed-in",
      answers: { 200: unsharedSchema },
      refusals: [403],
    }),
    signedIn,
    pathIds({ listId: LIST_NOT_FOUND, userId: sharing.NOT_SHARED_WITH_USER }),
    async (c) => {
      const { store, bus } = c.get("deps");
      const { listId, userId } = c.req.valid("param");
      await sharing.unshare(store, bus, callerOf(c), listId, userId);
      return c.json({ message: "List unshared", listId, userId });
    },
  );
