/**
 * @module The API's answers beyond lists, items and sharing (src/shared/answers.ts): accounts,
 * admin, versions, live updates, notifications, activity, routines, memory and search, each tied
 * to its wire type with `wire<T>()` where one exists (docs/decisions/062-openapi.md).
 */
import * as z from "zod";
import { wire } from "./wire";
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
export const signedInSchema = wire<User & { sharedList?: string }>()(userSchema.extend({ sharedList: z.string().optional() }));
export const themeAnswerSchema = z.object({ theme: z.enum(THEME_IDS) });
export const lastListSchema = wire<{ listId: number | null }>()(z.object({ listId: id.nullable() }));
export const usernameAvailableSchema = z.object({ available: z.boolean(), message: z.string() });
export const usernameExistsSchema = z.object({ exists: z.boolean() });

export const inviteCodeAnswerSchema = z.object({ inviteCode: z.string().nullable() });
export const inviteCodeSetSchema = z.object({ inviteCode: z.string().nullable(), message: z.string() });
export const versionSentSchema = z.object({ sentCount: z.number().int().min(0), versionId: z.string() });
const versionUpdateSchema = wire<VersionUpdate>()(
  z.object({
    versionId: z.string(),
    changes: z.array(z.string()),
    timestamp: z.string(),
  }),
);
export const updateCheckSchema = wire<{ hasUpdate: boolean; update: VersionUpdate | null }>()(
  z.object({ hasUpdate: z.boolean(), update: versionUpdateSchema.nullable() }),
);
export const versionSeenSchema = z.object({ versionId: z.string(), message: z.string() });

export const listProgressSchema = wire<{ progress: Record<string, { done: number; total: number }> }>()(
  z.object({
    progress: z.record(z.string(), z.object({ done: z.number().int(), total: z.number().int() })),
  }),
);
export const listDeletedSchema = z.object({ message: z.string(), id });
/** An import: one list, or every list an "export all" file made. */
export const importedSchema = wire<TaskList | { lists: TaskList[] }>()(
  z.union([taskListSchema, z.object({ lists: z.array(taskListSchema) })]),
);
export const unsharedSchema = z.object({ message: z.string(), listId: id, userId: id });

export const pollClientSchema = z.object({ clientId: z.string() });
export const pollSubscribedSchema = z.object({ subscribed: z.literal(true), listId: id, eventId: z.number().int().min(0) });
export const pollUnsubscribedSchema = wire<{ unsubscribed: number[] }>()(
  z.object({
    unsubscribed: z.array(id).meta({ description: "The lists no longer followed" }),
  }),
);
export const pollResponseSchema = wire<PollResponse>()(
  z.object({
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
  }),
);

export const activitySchema = wire<ActivityResponse>()(
  z.object({
    activity: z.array(
      z.object({
        id,
        action: z.string(),
        subject: z.string().nullable(),
        actor: actorSchema.nullable(),
        at: z.string().meta({ description: "When, as an ISO string" }),
      }),
    ),
  }),
);
export const guestNameAnswerSchema = z.object({ displayName: z.string() });

export const pushKeySchema = z.object({ publicKey: z.string() });
export const pushSubscribedSchema = z.object({ endpoint: z.string(), listId: id.nullable() });
export const notificationModeAnswerSchema = wire<{ mode: NotificationMode }>()(z.object({ mode: z.enum(NOTIFICATION_MODES) }));
export const nudgedSchema = z.object({ told: z.number().int().min(0) });
export const inboxSchema = wire<InboxResponse>()(
  z.object({
    notifications: z.array(
      z.object({ id, listId: id, title: z.string(), body: z.string(), url: z.string(), at: z.string(), read: z.boolean() }),
    ),
    unread: z.number().int().min(0),
  }),
);
export const unreadSchema = z.object({ unread: z.number().int().min(0) });

export const routineRunSchema = wire<RoutineRun>()(
  z.object({
    id,
    at: z.string(),
    done: z.number().int(),
    total: z.number().int(),
    items: z.array(z.object({ title: z.string(), completedBy: actorSchema.nullable() })),
  }),
);
export const routineRunsSchema = wire<RoutineRunsResponse>()(z.object({ runs: z.array(routineRunSchema) }));

export const sectionsSchema = z.array(sectionSchema);
export const sectionDeletedSchema = wire<SectionDeleted>()(z.object({ id, movedTaskIds: z.array(id) }));
export const suggestionsSchema = wire<Suggestion[]>()(
  z.array(
    z.object({
      title: z.string(),
      quantity: z.string().nullable(),
      sectionId: id.nullable(),
      uses: z.number().int(),
      lastUsedAt: z.string(),
      onList: z.boolean(),
    }),
  ),
);

export const searchAnswerSchema = wire<SearchResponse>()(
  z.object({
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
  }),
);
