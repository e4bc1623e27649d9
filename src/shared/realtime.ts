import * as z from "zod";

/**
 * The live-update wire (SPEC §7 "Live updates", DESIGN §7): what browsers send on /ws and to the
 * long-poll routes, and what the server sends back. Shared by the server and the islands.
 */

/** Ids arrive as numbers from our client, but as strings from URLs some pages carry. */
const listId = z
  .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)])
  .pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
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
      timestamp: z.number().optional(),
      messageId: z.string().max(100).optional(),
    })
    .refine(hasTarget, TARGET_MESSAGE),
  z.object({ type: z.literal("unsubscribe"), ...target }).refine(hasTarget, TARGET_MESSAGE),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export const pollConnectSchema = z.object({ clientId: z.string().max(100).optional() });
export const pollSubscribeSchema = z.object({ clientId: z.string().min(1).max(100), ...target }).refine(hasTarget, TARGET_MESSAGE);

/**
 * One message from the server: SPEC §3 "Realtime message" (type, timestamp, messageId, payload,
 * listId, shareId), plus `id` on stored list events so a client can resume from it.
 */
export interface LiveMessage {
  type: string;
  timestamp: number;
  messageId?: string;
  payload?: unknown;
  listId?: number;
  shareId?: string;
  id?: number;
  message?: string;
  /** version_update only: SPEC §3 "Version update" fields, also at the top level. */
  versionId?: string;
  changes?: string[];
}

export interface PollResponse {
  events: LiveMessage[];
}

/** Events that change what a page shows; SPEC §4's list plus the user-topic share events. */
export const REFRESH_TYPES = new Set([
  "connect",
  "task_created",
  "task_updated",
  "task_deleted",
  "tasks_reordered",
  "tasks_reset",
  "list_updated",
  "share_added",
  "share_removed",
  "access_revoked",
  "resync",
]);

/**
 * SPEC §4: "Messages carrying message_type instead of type are normalised; types are lowercased."
 * Answers undefined for anything that is not an object with a textual type.
 */
export function normalizeMessage(raw: unknown): LiveMessage | undefined {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return undefined;
  const record = raw as Record<string, unknown>;
  const type = typeof record.type === "string" ? record.type : record.message_type;
  if (typeof type !== "string" || type.trim() === "") return undefined;
  const { message_type: _legacy, ...rest } = record;
  const timestamp = typeof record.timestamp === "number" ? record.timestamp : Date.now();
  return { ...rest, type: type.trim().toLowerCase(), timestamp } as LiveMessage;
}

/** Parses a websocket frame's text into a normalised message, or undefined when it is not one. */
export function parseLiveMessage(text: string): LiveMessage | undefined {
  try {
    return normalizeMessage(JSON.parse(text));
  } catch {
    return undefined;
  }
}
