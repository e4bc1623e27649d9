import { Hono } from "hono";
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
  .get("/task-lists/:id/activity", listId, async (c) => {
    const activity = await readActivity(c.get("deps").store, callerOf(c), c.req.valid("param").id);
    return c.json<ActivityResponse>({ activity });
  })
  .post("/guest-name", jsonBody(guestNameSchema), async (c) => {
    return c.json({ displayName: await checkGuestName(c.get("deps").store, callerOf(c), c.req.valid("json").name) });
  });
