import { Hono } from "hono";
import { subscribeToPush, unsubscribeFromPush, vapidKeysOf } from "../../domain/push-subscriptions";
import { pushSubscriptionSchema, pushUnsubscribeSchema } from "../../shared/notifications";
import { callerOf } from "../caller";
import type { AppEnv } from "../env";
import { jsonBody } from "../validate";

/** Notifications (DESIGN §12.1, docs/decisions/050-notifications.md): Web Push subscriptions. */
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
  });
