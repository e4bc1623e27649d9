/**
 * @module
 * The live-update wire (docs/http-contract.md#live-messages), server side: the schemas of what
 * browsers send on /ws and to the long-poll routes. What the server sends back is read with plain
 * checks in ./live-messages.ts, which the islands import instead of this module.
 */
import * as z from "zod";
import { idField } from "./params";

/** Ids arrive as numbers from our client, but as strings from URLs some pages carry: decimal digits only. */
const listId = idField("listId");
const shareId = z.string().trim().min(1).max(100);
const target = { listId: listId.optional(), shareId: shareId.optional() };
const hasTarget = (value: { listId?: number; shareId?: string }) => value.listId !== undefined || value.shareId !== undefined;
const TARGET_MESSAGE = "listId or shareId is required";

export const clientMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ping"), timestamp: z.number().optional() }),
  z
    .object({
      type: z.enum(["connect", "subscribe"]),
      ...target,
      /** Also send this list's presence messages (docs/decisions/024); older clients do not know them. */
      presence: z.boolean().optional(),
      timestamp: z.number().optional(),
      messageId: z.string().max(100).optional(),
    })
    .refine(hasTarget, TARGET_MESSAGE),
  z.object({ type: z.literal("unsubscribe"), ...target }).refine(hasTarget, TARGET_MESSAGE),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export const pollConnectSchema = z.object({ clientId: z.string().max(100).optional() });
export const pollSubscribeSchema = z
  .object({ clientId: z.string().min(1).max(100), ...target, presence: z.boolean().optional() })
  .refine(hasTarget, TARGET_MESSAGE);

export { normalizeMessage, parseLiveMessage, REFRESH_TYPES, type LiveMessage, type PollResponse } from "./live-messages";
