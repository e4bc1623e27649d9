/**
 * @module Notifications' wire shapes (docs/decisions/050-notifications.md): the
 * payloads the API accepts, checked with zod on the server, and what it answers.
 */
import * as z from "zod";
import { idSchema } from "./params";

const base64urlKey = (name: string) => z.string(`${name} is required`).regex(/^[A-Za-z0-9_-]+$/, `${name} must be base64url`);

/** A browser's PushSubscription as `toJSON()` gives it (expirationTime and the like are ignored). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string("endpoint is required").max(2048, "endpoint is too long").url("endpoint must be a URL"),
  keys: z.object(
    {
      p256dh: base64urlKey("keys.p256dh").max(100),
      auth: base64urlKey("keys.auth").max(50),
    },
    "keys is required",
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

const endpointSchema = z.string("endpoint is required").max(2048, "endpoint is too long");
export const pushUnsubscribeSchema = z.object({ endpoint: endpointSchema });

/**
 * A link guest's browser names itself by its subscription's endpoint: a guest has no account, and
 * their mode of the list is their subscription's (an account's is theirs on every browser).
 */
export const guestEndpointSchema = z.object({ endpoint: endpointSchema.optional() });

export const NOTIFICATION_MODES = ["all", "off"] as const;
export type NotificationMode = (typeof NOTIFICATION_MODES)[number];
export const notificationModeSchema = guestEndpointSchema.extend({ mode: z.enum(NOTIFICATION_MODES, 'mode must be "all" or "off"') });

export const NUDGE_MESSAGE_MAX = 80;
/** A guest names their own browser so their nudge is not sent back to it. */
export const nudgeSchema = guestEndpointSchema.extend({
  message: z.string().trim().max(NUDGE_MESSAGE_MAX, `The message must be at most ${NUDGE_MESSAGE_MAX} characters`).optional(),
});

export const markReadSchema = z.union(
  [z.object({ ids: z.array(idSchema).min(1).max(50) }).strict(), z.object({ all: z.literal(true) }).strict()],
  "Send {ids} or {all: true}",
);

/** What one push carries, encrypted, to the service worker. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  /** One per list: a newer notification replaces the older on the device. */
  tag: string;
  listId: number;
  actor: string;
  /** How many changes it tells of (1 for a share or a nudge). */
  count: number;
}

/** One entry of the inbox (GET /api/notifications). */
export interface InboxNotification {
  id: number;
  listId: number;
  title: string;
  body: string;
  url: string;
  /** ISO time it was made. */
  at: string;
  read: boolean;
}

export interface InboxResponse {
  notifications: InboxNotification[];
  unread: number;
}
