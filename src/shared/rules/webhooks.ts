/**
 * @module Webhooks' plain rules (docs/decisions/063-webhooks.md), shared by the server's schema
 * (src/shared/webhooks.ts) and the Settings form, which runs them without zod.
 */
import type { RealtimeEventType } from "../types";

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

/** An http or https URL with a host; the server checks the length and the address apart. */
export const isWebhookUrl = (url: string) => /^https?:\/\/[^/?#\s]/i.test(url) && URL.canParse(url);
