import { Hono } from "hono";
import { activitySchema, guestNameAnswerSchema } from "../../shared/more-answers";
import { describe } from "../openapi/describe";
import { LIST_NOT_FOUND } from "../../domain/access";
import { checkGuestName } from "../../domain/actors";
import { readActivity } from "../../domain/activity";
import type { ActivityResponse } from "../../shared/attribution";
import { guestNameSchema } from "../../shared/guest-names";
import { callerOf } from "../caller";
import type { AppEnv } from "../env";
import { jsonBody, pathIds } from "../validate";

const listId = pathIds({ id: LIST_NOT_FOUND });

/** Attribution: a list's recent changes, and the check of a guest's display name (docs/product-rules.md#attribution-and-activity). */
export const activityApi = new Hono<AppEnv>()
  .get(
    "/task-lists/:id/activity",
    describe({ tag: "Activity", summary: "A list's recent changes and who made them", access: "link", answers: { 200: activitySchema } }),
    listId,
    async (c) => {
      const activity = await readActivity(c.get("deps").store, callerOf(c), c.req.valid("param").id);
      return c.json<ActivityResponse>({ activity });
    },
  )
  .post(
    "/guest-name",
    describe({
      tag: "Activity",
      summary: "Check the name a link guest will be shown by",
      access: "link",
      answers: { 200: guestNameAnswerSchema },
      refusals: [404, 409],
    }),
    jsonBody(guestNameSchema),
    async (c) => {
      return c.json({ displayName: await checkGuestName(c.get("deps").store, callerOf(c), c.req.valid("json").name) });
    },
  );
