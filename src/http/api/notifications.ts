import { Hono } from "hono";
import {
  inboxSchema,
  notificationModeAnswerSchema,
  nudgedSchema,
  pushKeySchema,
  pushSubscribedSchema,
  unreadSchema,
} from "../../shared/more-answers";
import { describe } from "../openapi/describe";
import { LIST_NOT_FOUND } from "../../domain/access";
import { markRead, notificationMode, nudge, readInbox, setNotificationMode } from "../../domain/inbox";
import { subscribeToPush, unsubscribeFromPush, vapidKeysOf } from "../../domain/push-subscriptions";
import {
  guestEndpointSchema,
  markReadSchema,
  notificationModeSchema,
  nudgeSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from "../../shared/notifications";
import { callerOf } from "../caller";
import { clientIp } from "../middleware/session";
import type { AppEnv } from "../env";
import { jsonBody, pathIds, queryParams } from "../validate";

const listId = pathIds({ id: LIST_NOT_FOUND });

/** Notifications (docs/decisions/050-notifications.md): Web Push subscriptions, per-list modes, the nudge, the inbox. */
export const notificationsApi = new Hono<AppEnv>()
  .get(
    "/push/key",
    describe({ tag: "Notifications", summary: "The server's Web Push public key", access: "public", answers: { 200: pushKeySchema } }),
    async (c) => c.json({ publicKey: (await vapidKeysOf(c.get("deps").store)).publicKey }),
  )
  .post(
    "/push/subscriptions",
    describe({
      tag: "Notifications",
      summary: "Subscribe this browser to Web Push",
      access: "browser",
      answers: { 201: pushSubscribedSchema },
      refusals: [401, 403],
    }),
    jsonBody(pushSubscriptionSchema),
    async (c) => {
      const { store, config } = c.get("deps");
      const subscription = await subscribeToPush(store, config, callerOf(c), c.req.valid("json"));
      return c.json({ endpoint: subscription.endpoint, listId: subscription.listId }, 201);
    },
  )
  .delete(
    "/push/subscriptions",
    describe({
      tag: "Notifications",
      summary: "Unsubscribe a browser from Web Push",
      access: "browser",
      answers: { 204: null },
      refusals: [401, 403, 404],
    }),
    jsonBody(pushUnsubscribeSchema),
    async (c) => {
      await unsubscribeFromPush(c.get("deps").store, callerOf(c), c.req.valid("json").endpoint);
      return c.body(null, 204);
    },
  )
  .get(
    "/task-lists/:id/notifications",
    describe({
      tag: "Notifications",
      summary: "Whether the caller is told about a list's changes",
      description: "A link guest names their browser's subscription by its `endpoint`.",
      access: "link",
      answers: { 200: notificationModeAnswerSchema },
    }),
    listId,
    queryParams(guestEndpointSchema),
    async (c) => {
      const { id } = c.req.valid("param");
      return c.json(await notificationMode(c.get("deps").store, callerOf(c), id, c.req.valid("query").endpoint));
    },
  )
  .put(
    "/task-lists/:id/notifications",
    describe({
      tag: "Notifications",
      summary: "Be told about a list's changes, or not",
      description: "A link guest names their browser's subscription by its `endpoint`.",
      access: "link",
      answers: { 200: notificationModeAnswerSchema },
    }),
    listId,
    jsonBody(notificationModeSchema),
    async (c) => {
      return c.json(await setNotificationMode(c.get("deps").store, callerOf(c), c.req.valid("param").id, c.req.valid("json")));
    },
  )
  .post(
    "/task-lists/:id/nudge",
    describe({
      tag: "Notifications",
      summary: "Tell everyone else on a list at once",
      description: "One per sender and list every 5 minutes. A link guest may name their browser's `endpoint`, which is then not told.",
      access: "link",
      answers: { 200: nudgedSchema },
      refusals: [429],
    }),
    listId,
    jsonBody(nudgeSchema),
    async (c) => {
      const { store, bus } = c.get("deps");
      const { message, endpoint } = c.req.valid("json");
      return c.json(
        await nudge(store, bus, callerOf(c), c.req.valid("param").id, {
          message: message || undefined,
          endpoint,
          address: clientIp(c),
        }),
      );
    },
  )
  .get(
    "/notifications",
    describe({
      tag: "Notifications",
      summary: "The inbox: the last 50 notifications and the unread count",
      access: "signed-in",
      answers: { 200: inboxSchema },
    }),
    async (c) => c.json(await readInbox(c.get("deps").store, callerOf(c))),
  )
  .post(
    "/notifications/read",
    describe({ tag: "Notifications", summary: "Mark notifications read", access: "signed-in", answers: { 200: unreadSchema } }),
    jsonBody(markReadSchema),
    async (c) => {
      const { store, bus } = c.get("deps");
      return c.json(await markRead(store, bus, callerOf(c), c.req.valid("json")));
    },
  );
