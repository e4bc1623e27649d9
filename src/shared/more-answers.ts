/**
 * @module The API's answers beyond lists, items and sharing (src/shared/answers.ts): accounts,
 * admin, versions, live updates, notifications, activity, routines, memory and search, each typed
 * against its wire type (docs/decisions/062-openapi.md).
 */
import * as z from "zod";
import { actorSchema, sectionSchema, taskListSchema, userSchema } from "./answers";
import type { ActivityResponse } from "./attribution";
import type { PollResponse } from "./live-messages";
import type { SectionDeleted, Suggestion } from "./memory";
import { NOTIFICATION_MODES, type InboxResponse, type NotificationMode } from "./notifications";
import type { RoutineRun, RoutineRunsResponse } from "./routines";
import type { SearchResponse } from "./search";
import { THEME_IDS } from "./themes";
import type { TaskList, User, VersionUpdate } from "./types";

const id = z.number().int().min(1);

/** Register and login: the user, and the list a `shareId` joined on the way. */
export const signedInSchema = userSchema.extend({ sharedList: z.string().optional() }) satisfies z.ZodType<User & { sharedList?: string }>;
export const themeAnswerSchema = z.object({ theme: z.enum(THEME_IDS) });
export const lastListSchema = z.object({ listId: id.nullable() }) satisfies z.ZodType<{ listId: number | null }>;
export const usernameAvailableSchema = z.object({ available: z.boolean(), message: z.string() });
export const usernameExistsSchema = z.object({ exists: z.boolean() });

export const inviteCodeAnswerSchema = z.object({ inviteCode: z.string().nullable() });
export const inviteCodeSetSchema = z.object({ inviteCode: z.string().nullable(), message: z.string() });
export const versionSentSchema = z.object({ sentCount: z.number().int().min(0), versionId: z.string() });
const versionUpdateSchema = z.object({
  versionId: z.string(),
  changes: z.array(z.string()),
  timestamp: z.string(),
}) satisfies z.ZodType<VersionUpdate>;
export const updateCheckSchema = z.object({ hasUpdate: z.boolean(), update: versionUpdateSchema.nullable() }) satisfies z.ZodType<{
  hasUpdate: boolean;
  update: VersionUpdate | null;
}>;
export const versionSeenSchema = z.object({ versionId: z.string(), message: z.string() });

export const listProgressSchema = z.object({
  progress: z.record(z.string(), z.object({ done: z.number().int(), total: z.number().int() })),
}) satisfies z.ZodType<{ progress: Record<string, { done: number; total: number }> }>;
export const listDeletedSchema = z.object({ message: z.string(), id });
/** An import: one list, or every list an "export all" file made. */
export const importedSchema = z.union([taskListSchema, z.object({ lists: z.array(taskListSchema) })]) satisfies z.ZodType<
  TaskList | { lists: TaskList[] }
>;
export const unsharedSchema = z.object({ message: z.string(), listId: id, userId: id });

export const pollClientSchema = z.object({ clientId: z.string() });
export const pollSubscribedSchema = z.object({ subscribed: z.literal(true), listId: id, eventId: z.number().int().min(0) });
export const pollUnsubscribedSchema = z.object({
  unsubscribed: z.array(id).meta({ description: "The lists no longer followed" }),
}) satisfies z.ZodType<{ unsubscribed: number[] }>;
export const pollResponseSchema = z.object({
  events: z.array(
    z.object({
      type: z.string(),
      timestamp: z.number(),
      messageId: z.string().optional(),
      payload: z.unknown().optional(),
      listId: id.optional(),
      shareId: z.string().optional(),
      id: id.optional(),
      message: z.string().optional(),
      actor: actorSchema.nullable().optional(),
      versionId: z.string().optional(),
      changes: z.array(z.string()).optional(),
    }),
  ),
}) satisfies z.ZodType<PollResponse>;

export const activitySchema = z.object({
  activity: z.array(
    z.object({
      id,
      action: z.string(),
      subject: z.string().nullable(),
      actor: actorSchema.nullable(),
      at: z.number().meta({ description: "Epoch milliseconds" }),
    }),
  ),
}) satisfies z.ZodType<ActivityResponse>;
export const guestNameAnswerSchema = z.object({ displayName: z.string() });

export const pushKeySchema = z.object({ publicKey: z.string() });
export const pushSubscribedSchema = z.object({ endpoint: z.string(), listId: id.nullable() });
export const notificationModeAnswerSchema = z.object({ mode: z.enum(NOTIFICATION_MODES) }) satisfies z.ZodType<{ mode: NotificationMode }>;
export const nudgedSchema = z.object({ told: z.number().int().min(0) });
export const inboxSchema = z.object({
  notifications: z.array(
    z.object({ id, listId: id, title: z.string(), body: z.string(), url: z.string(), at: z.string(), read: z.boolean() }),
  ),
  unread: z.number().int().min(0),
}) satisfies z.ZodType<InboxResponse>;
export const unreadSchema = z.object({ unread: z.number().int().min(0) });

export const routineRunSchema = z.object({
  id,
  at: z.string(),
  done: z.number().int(),
  total: z.number().int(),
  items: z.array(z.object({ title: z.string(), completedBy: actorSchema.nullable() })),
}) satisfies z.ZodType<RoutineRun>;
export const routineRunsSchema = z.object({ runs: z.array(routineRunSchema) }) satisfies z.ZodType<RoutineRunsResponse>;

export const sectionsSchema = z.array(sectionSchema);
export const sectionDeletedSchema = z.object({ id, movedTaskIds: z.array(id) }) satisfies z.ZodType<SectionDeleted>;
export const suggestionsSchema = z.array(
  z.object({
    title: z.string(),
    quantity: z.string().nullable(),
    sectionId: id.nullable(),
    uses: z.number().int(),
    lastUsedAt: z.string(),
    onList: z.boolean(),
  }),
) satisfies z.ZodType<Suggestion[]>;

export const searchAnswerSchema = z.object({
  results: z.array(
    z.object({
      type: z.enum(["item", "list"]),
      listId: id,
      listName: z.string(),
      taskId: id.nullable(),
      title: z.string(),
      snippet: z.string(),
      completed: z.boolean(),
    }),
  ),
}) satisfies z.ZodType<SearchResponse>;
