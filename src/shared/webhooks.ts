/**
 * @module Webhooks' wire shapes (docs/decisions/063-webhooks.md): what the owner sends to add one,
 * and what the API answers about it. Checked with zod on the server, used by the Settings form.
 */
import * as z from "zod";
import type { RealtimeEventType } from "./types";

/** The live event types a webhook may ask for (every change a list's live clients hear). */
export const WEBHOOK_EVENT_TYPES = [
  "task_created",
  "task_updated",
  "task_deleted",
  "tasks_reordered",
  "tasks_reset",
  "list_updated",
  "sections_updated",
] as const satisfies readonly RealtimeEventType[];
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What "Send a test event" posts. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

export const WEBHOOK_FORMATS = ["standard", "ntfy"] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_URL_MESSAGE = "The URL must start with https:// or http://";

export const webhookInputSchema = z.object({
  url: z
    .string("url is required")
    .trim()
    .min(1, "url is required")
    .max(WEBHOOK_URL_MAX, `The URL must be at most ${WEBHOOK_URL_MAX} characters`)
    .refine((url) => /^https?:\/\/[^/?#\s]/i.test(url) && URL.canParse(url), WEBHOOK_URL_MESSAGE),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, `events must be among ${WEBHOOK_EVENT_TYPES.join(", ")}`))
    .min(1, "Choose at least one event, or leave events out for all of them")
    .optional(),
  format: z.enum(WEBHOOK_FORMATS, 'format must be "standard" or "ntfy"'),
});
export type WebhookInput = z.infer<typeof webhookInputSchema>;

/** How the last call went: when, the receiver's status (null when it never answered), and whether it took it. */
export const webhookDeliverySchema = z.object({ at: z.string(), status: z.number().int().nullable(), ok: z.boolean() });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookSchema = z.object({
  id: z.number().int(),
  listId: z.number().int(),
  url: z.string(),
  /** The event types it hears; all of them when none were chosen. */
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  format: z.enum(WEBHOOK_FORMATS),
  createdAt: z.string(),
  lastDelivery: webhookDeliverySchema.nullable(),
  /** Set when it was turned off: its receiver failed for a day, or answered 410 Gone. */
  disabledAt: z.string().nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The answer to adding one: the signing secret, shown only here. */
export const newWebhookSchema = webhookSchema.omit({ disabledAt: true }).extend({ secret: z.string() });
export type NewWebhook = z.infer<typeof newWebhookSchema>;

export const webhooksAnswerSchema = z.object({ webhooks: z.array(webhookSchema) });
export const webhookQueuedSchema = z.object({ queued: z.literal(true) });

export const webhookAdminSchema = z.object({ allowPrivate: z.boolean("allowPrivate must be true or false") });
/** The Admin switch as the Admin page shows it: on, and whether WEBHOOK_ALLOW_PRIVATE=1 holds it on. */
export const webhookAdminAnswerSchema = webhookAdminSchema.extend({ fromEnvironment: z.boolean() });
export type WebhookAdminSettings = z.infer<typeof webhookAdminAnswerSchema>;
