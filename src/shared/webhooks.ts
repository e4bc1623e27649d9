/**
 * @module Webhooks' wire shapes (docs/decisions/063-webhooks.md): what the owner sends to add one,
 * and what the API answers about it, checked with zod on the server. The plain rules the Settings
 * form runs too are in ./rules/webhooks.ts.
 */
import * as z from "zod";
import { isWebhookUrl, WEBHOOK_EVENT_TYPES, WEBHOOK_FORMATS, WEBHOOK_URL_MAX, WEBHOOK_URL_MESSAGE } from "./rules/webhooks";

export const webhookInputSchema = z.object({
  url: z
    .string("url is required")
    .trim()
    .min(1, "url is required")
    .max(WEBHOOK_URL_MAX, `The URL must be at most ${WEBHOOK_URL_MAX} characters`)
    .refine(isWebhookUrl, WEBHOOK_URL_MESSAGE),
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
