import { Hono } from "hono";
import { LIST_NOT_FOUND } from "../../domain/access";
import { markRead, notificationMode, nudge, readInbox, setNotificationMode } from "../../domain/inbox";
import { subscribeToPush, unsubscribeFromPush, vapidKeysOf } from "../../domain/push-subscriptions";
import {
  markReadSchema,
  notificationModeSchema,
  nudgeSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from "../../shared/notifications";
import { callerOf } from "../caller";
import type { AppEnv } from "../env";
import { jsonBody, pathIds } from "../validate";

const listId = pathIds({ id: LIST_NOT_FOUND });

/** Notifications (docs/decisions/050-notifications.md): Web Push subscriptions, per-list modes, the nudge, the inbox. */
export const notificationsApi = new Hono<AppEnv>()
  .get("/push/key", async (c) => c.json({ publicKey: (await vapidKeysOf(c.get("deps").store)).publicKey }))
  .post("/push/subscriptions", jsonBody(pushSubscriptionSchema), async (c) => {
    const { store, config } = c.get("deps");
    const subscription = await subscribeToPush(store, config, callerOf(c), c.req.valid("json"));
    return c.json({ endpoint: subscription.endpoint, listId: subscription.listId }, 201);
  })
  .delete("/push/subscriptions", jsonBody(pushUnsubscribeSchema), async (c) => {
    await unsubscribeFromPush(c.get("deps").store, callerOf(c), c.req.valid("json").endpoint);
    return c.body(null, 204);
  })
  .get("/task-lists/:id/notifications", listId, async (c) => {
    return c.json(await notificationMode(c.get("deps").store, callerOf(c), c.req.valid("param").id));
  })
  .put("/task-lists/:id/notifications", listId, jsonBody(notificationModeSchema), async (c) => {
    return c.json(await setNotificationMode(c.get("deps").store, callerOf(c), c.req.valid("param").id, c.req.valid("json").mode));
  })
  .post("/task-lists/:id/nudge", listId, jsonBody(nudgeSchema), async (c) => {
    const { store, bus } = c.get("deps");
    return c.json(await nudge(store, bus, callerOf(c), c.req.valid("param").id, c.req.valid("json").message || undefined));
  })
  .get("/notifications", async (c) => c.json(await readInbox(c.get("deps").store, callerOf(c))))
  .post("/notifications/read", jsonBody(markReadSchema), async (c) =>
    c.json(await markRead(c.get("deps").store, callerOf(c), c.req.valid("json"))),
  );
