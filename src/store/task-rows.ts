/**
 * @module An item's row and its wire shape (docs/http-contract.md#shapes): the mapping both ways,
 * shared by the item writes (./tasks.ts), their reminders (./reminders.ts) and the events (./events.ts).
 */
import type { Actor } from "../shared/attribution";
import type { Task } from "../shared/types";
import { isoFromMs, type SqlValue } from "./db";

export interface TaskRow {
  id: number | string;
  list_id: number | string;
  user_id: number | string;
  parent_id: number | string | null;
  title: string;
  description: string;
  completed: number | string | boolean;
  is_parent: number | string | boolean;
  position: number | string;
  created_at: number | string;
  due_at?: string | null;
  remind_at?: string | null;
  repeat_rule?: string | null;
  quantity?: string | null;
  section_id?: number | string | null;
  [column: string]: unknown;
}

const flag = (value: unknown) => value === true || Number(value) === 1;

/**
 * An actor as it was kept: the JSON of what was shown when they acted, a guest without a name
 * included (docs/decisions/024). The activity panel reads it so, to say "A guest".
 */
export function recordedActorFromColumn(value: unknown): Actor | null {
  if (typeof value !== "string" || value === "") return null;
  const parsed = JSON.parse(value) as Actor;
  return { userId: parsed.userId ?? null, username: parsed.username ?? null };
}

/** An actor as items and events answer it: a link guest as null, unless they gave a name (docs/product-rules.md#guests). */
export const actorFromColumn = (value: unknown): Actor | null => shownActor(recordedActorFromColumn(value));

/** Null for a link guest without a name; anyone else as recorded. */
export const shownActor = (actor: Actor | null | undefined): Actor | null =>
  !actor || (actor.userId === null && actor.username === null) ? null : actor;

export const actorColumn = (actor: Actor | null | undefined): string | null => (actor ? JSON.stringify(actor) : null);

/** Maps a tasks row to its wire shape (docs/http-contract.md#shapes); a top-level item's parentId is 0. */
export function toTask(row: TaskRow): Task {
  return {
    id: Number(row.id),
    title: row.title,
    description: row.description,
    completed: flag(row.completed),
    position: Number(row.position),
    listId: Number(row.list_id),
    userId: Number(row.user_id),
    isParent: flag(row.is_parent),
    parentId: row.parent_id == null ? 0 : Number(row.parent_id),
    createdAt: isoFromMs(row.created_at),
    createdBy: actorFromColumn(row.created_by),
    completedBy: flag(row.completed) ? actorFromColumn(row.completed_by) : null,
    dueAt: row.due_at ?? null,
    remindAt: row.remind_at ?? null,
    repeat: row.repeat_rule ?? null,
    quantity: row.quantity ?? null,
    sectionId: row.section_id == null ? null : Number(row.section_id),
  };
}

/** The item fields kept as written, each null when the item has none (docs/decisions/055-due-dates.md). */
export interface DueFields {
  dueAt?: string | null;
  remindAt?: string | null;
  repeat?: string | null;
}

/** How much, and in which section (docs/decisions/057-memory.md); null when none. */
export interface MemoryFields {
  quantity?: string | null;
  sectionId?: number | null;
}

export interface NewTask extends DueFields, MemoryFields {
  listId: number;
  userId: number;
  /** 0 for top level; stored as NULL. */
  parentId: number;
  title: string;
  description: string;
  completed: boolean;
  isParent: boolean;
  position: number;
  /** Who added it; also who ticked it when it is created completed, and who set its reminder. */
  createdBy?: Actor | null;
}

/**
 * `completedBy` is written with `completed` (cleared when it is unticked); `by` is who set a
 * reminder, written with `remindAt`.
 */
export type TaskChanges = Partial<Pick<NewTask, "title" | "description" | "completed" | "isParent" | "parentId" | "position">> &
  DueFields &
  MemoryFields & { completedBy?: Actor | null; by?: Actor | null };

export const COLUMNS: Record<Exclude<keyof TaskChanges, "completedBy" | "by">, string> = {
  title: "title",
  description: "description",
  completed: "completed",
  isParent: "is_parent",
  parentId: "parent_id",
  position: "position",
  dueAt: "due_at",
  remindAt: "remind_at",
  repeat: "repeat_rule",
  quantity: "quantity",
  sectionId: "section_id",
};

export const toColumnValue = (field: keyof typeof COLUMNS, value: string | number | boolean | null): SqlValue => {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (field === "parentId") return value === 0 ? null : value;
  return value;
};

/**
 * When a reminder is still to be sent (epoch ms), or null: one whose time has passed when it is
 * set is kept on the item but never sent, so an import or an edit of an old item tells nobody.
 */
export function reminderPendingAt(remindAt: string | null | undefined, now: number): number | null {
  const at = remindAt ? Date.parse(remindAt) : Number.NaN;
  return Number.isFinite(at) && at > now ? at : null;
}
