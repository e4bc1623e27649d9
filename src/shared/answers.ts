/**
 * @module What the API answers, as zod schemas (docs/decisions/062-openapi.md): the OpenAPI
 * document shows them and the contract test checks live answers against it. Each is tied to the
 * wire type it describes with `wire<T>()` (src/shared/wire.ts), so a field added to a type but not
 * here, or typed differently, fails the type check instead of drifting.
 */
import * as z from "zod";
import { wire } from "./wire";
import type { Actor } from "./attribution";
import type { ListCan } from "./can";
import type { ListRoutine } from "./routines";
import { ACCESS_LEVELS, LINK_LEVELS } from "./rules/links";
import type {
  ApiError,
  ParentTaskResponse,
  Section,
  SharedListResponse,
  SharedWithMeItem,
  ShareRecord,
  Task,
  TaskList,
  User,
} from "./types";

const id = z.number().int().min(1);
/** An ISO 8601 instant as the API writes it. */
const isoTime = z.string();

export const apiErrorSchema = wire<ApiError>()(
  z
    .object({ message: z.string(), error: z.string().optional(), issues: z.array(z.unknown()).optional() })
    .meta({ description: "Every refused /api call answers this" }),
);

export const userSchema = wire<User>()(
  z.object({
    id,
    username: z.string(),
    createdAt: z.number().int().meta({ description: "Seconds since the epoch" }),
  }),
);

export const actorSchema = wire<Actor>()(z.object({ userId: id.nullable(), username: z.string().nullable() }));

const routineSchema = wire<ListRoutine>()(z.object({ rrule: z.string(), tz: z.string(), nextRunAt: isoTime }));

export const taskListSchema = wire<TaskList>()(
  z.object({
    id,
    name: z.string(),
    userId: id,
    shareId: z.string(),
    linkAccess: z.enum(LINK_LEVELS),
    linkExpiresAt: isoTime.nullable(),
    position: z.number().int(),
    createdAt: isoTime,
    routine: routineSchema.nullable(),
  }),
);

export const taskListsSchema = z.array(taskListSchema);

export const taskSchema = wire<Task>()(
  z.object({
    id,
    title: z.string(),
    description: z.string(),
    completed: z.boolean(),
    position: z.number().int(),
    listId: id,
    userId: id,
    isParent: z.boolean(),
    parentId: z.number().int().min(0).meta({ description: "0 for a top-level item" }),
    createdAt: isoTime,
    createdBy: actorSchema.nullable().optional(),
    completedBy: actorSchema.nullable().optional(),
    dueAt: z.string().nullable().optional(),
    remindAt: z.string().nullable().optional(),
    repeat: z.string().nullable().optional(),
    quantity: z.string().nullable().optional(),
    sectionId: id.nullable().optional(),
  }),
);

export const tasksSchema = wire<{ tasks: Task[] }>()(z.object({ tasks: z.array(taskSchema) }));

/** A tick's answer: the item, and any other item the tick changed (a parent ticked with its sub-items). */
export const tickAnswerSchema = wire<Task & { alsoChanged?: Task[] }>()(taskSchema.extend({ alsoChanged: z.array(taskSchema).optional() }));

export const taskDeletedSchema = wire<{ id: number | null; deletedIds: number[] }>()(
  z.object({
    id: id.nullable(),
    deletedIds: z.array(id),
  }),
);

/** DELETE /api/tasks/{id}: the deleted item's id with its sub-items'. */
export const taskDeletedMessageSchema = taskDeletedSchema.extend({ message: z.string() });

export const resetAnswerSchema = wire<{ tasks: Task[]; resetIds: number[] }>()(
  z.object({ tasks: z.array(taskSchema), resetIds: z.array(id) }),
);

export const sectionSchema = wire<Section>()(z.object({ id, name: z.string(), position: z.number().int() }));

const canSchema = wire<ListCan>()(
  z.object({
    tick: z.boolean(),
    edit: z.boolean(),
    clearCompleted: z.boolean(),
    restoreAnyDeleted: z.boolean(),
    renameList: z.boolean(),
    setRoutine: z.boolean(),
    share: z.boolean(),
    deleteList: z.boolean(),
    beTold: z.boolean(),
  }),
);

const accessLevel = z.enum(ACCESS_LEVELS);

export const sharedListResponseSchema = wire<SharedListResponse>()(
  z.object({
    list: taskListSchema,
    tasks: z.array(taskSchema),
    accessLevel,
    isOwner: z.boolean(),
    ownerInfo: z.object({ username: z.string() }).nullable(),
    can: canSchema,
    sections: z.array(sectionSchema),
  }),
);

export const parentTaskResponseSchema = wire<ParentTaskResponse>()(
  z.object({
    parent: taskSchema,
    children: z.array(taskSchema),
    isOwner: z.boolean(),
    accessLevel,
  }),
);

export const shareRecordSchema = wire<ShareRecord>()(
  z.object({
    id,
    listId: id,
    listName: z.string(),
    sharedWithId: id,
    sharedWithName: z.string(),
    accessLevel,
    createdAt: isoTime,
  }),
);

export const listShareEntrySchema = wire<ShareRecord & { shareId: string }>()(shareRecordSchema.extend({ shareId: z.string() }));

export const sharedWithMeItemSchema = wire<SharedWithMeItem>()(
  z.object({
    shared: z.object({ id, accessLevel, createdAt: isoTime, ownerName: z.string().nullable() }),
    list: z.object({ id, name: z.string(), shareId: z.string(), userId: id }),
  }),
);

/** A plain confirmation, such as "Logged out". */
export const messageSchema = z.object({ message: z.string() });
