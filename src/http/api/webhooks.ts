import { Hono } from "hono";
import { LIST_NOT_FOUND } from "../../domain/access";
import { addWebhook, findWebhook, listWebhooks, removeWebhook, sendTestEvent, WEBHOOK_NOT_FOUND } from "../../domain/webhooks";
import { newWebhookSchema, webhookInputSchema, webhookQueuedSchema, webhookSchema, webhooksAnswerSchema } from "../../shared/webhooks";
import { callerOf } from "../caller";
import type { AppEnv } from "../env";
import { describe } from "../openapi/describe";
import { jsonBody, pathIds } from "../validate";

const listId = pathIds({ id: LIST_NOT_FOUND });
const webhookId = pathIds({ id: WEBHOOK_NOT_FOUND });
const OWNER_ONLY = "The list's owner only: others who can open the list are answered 403 OWNER_ONLY, strangers 404.";

/** A list's webhooks, its owner's alone (docs/decisions/063-webhooks.md). */
export const webhooksApi = new Hono<AppEnv>()
  .post(
    "/task-lists/:id/webhooks",
    describe({
      tag: "Webhooks",
      summary: "Add a webhook to a list",
      description: `${OWNER_ONLY} The signing secret is answered only here. Private and loopback addresses are refused with 400 unless the administrator allows them.`,
      access: "signed-in",
      answers: { 201: newWebhookSchema },
      refusals: [403],
    }),
    listId,
    jsonBody(webhookInputSchema),
    async (c) => {
      const { store, config } = c.get("deps");
      return c.json(await addWebhook(store, config, callerOf(c), c.req.valid("param").id, c.req.valid("json")), 201);
    },
  )
  .get(
    "/task-lists/:id/webhooks",
    describe({
      tag: "Webhooks",
      summary: "A list's webhooks and how their last call went",
      description: OWNER_ONLY,
      access: "signed-in",
      answers: { 200: webhooksAnswerSchema },
      refusals: [403],
    }),
    listId,
    async (c) => c.json(await listWebhooks(c.get("deps").store, callerOf(c), c.req.valid("param").id)),
  )
  .get(
    "/webhooks/:id",
    describe({
      tag: "Webhooks",
      summary: "One webhook and how its last call went",
      description: OWNER_ONLY,
      access: "signed-in",
      answers: { 200: webhookSchema },
      refusals: [403],
    }),
    webhookId,
    async (c) => c.json(await findWebhook(c.get("deps").store, callerOf(c), c.req.valid("param").id)),
  )
  .delete(
    "/webhooks/:id",
    describe({
      tag: "Webhooks",
      summary: "Remove a webhook",
      description: OWNER_ONLY,
      access: "signed-in",
      answers: { 204: null },
      refusals: [403],
    }),
    webhookId,
    async (c) => {
      await removeWebhook(c.get("deps").store, callerOf(c), c.req.valid("param").id);
      return c.body(null, 204);
    },
  )
  .post(
    "/webhooks/:id/test",
    describe({
      tag: "Webhooks",
      summary: "Send a webhook.test event",
      description: `${OWNER_ONLY} Queued at once, whatever events the webhook hears; a webhook turned off answers 400.`,
      access: "signed-in",
      answers: { 202: webhookQueuedSchema },
      refusals: [403],
    }),
    webhookId,
    async (c) => {
      await sendTestEvent(c.get("deps").store, callerOf(c), c.req.valid("param").id);
      return c.json({ queued: true as const }, 202);
    },
  );
