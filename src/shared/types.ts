import type { Actor } from "./attribution";
import type { ListCan } from "./can";
import type { ListRoutine } from "./routines";

/** The wire shapes (docs/http-contract.md#shapes), shared by the server, the views and the islands. */
export interface User {
  id: number;
  username: string;
  /** Seconds since the epoch. */
  createdAt: number;
}

/** `check` may tick and untick items, nothing else (docs/product-rules.md#access). */
export type AccessLevel = "read" | "check" | "write" | "admin";
export type LinkAccess = "read" | "check" | "write";

export interface TaskList {
  id: number;
  name: string;
  userId: number;
  shareId: string;
  linkAccess: LinkAccess;
  /** When the share link stops working (docs/product-rules.md#share-links), or null when it never does. */
  linkExpiresAt: string | null;
  position: number;
  createdAt: string;
  /** The list's routine with its next run (docs/decisions/053-routines.md), or null when it has none. */
  routine: ListRoutine | null;
}

export interface Task {
  id: number;
  title: string;
  description: string;
  completed: boolean;
  position: number;
  listId: number;
  userId: number;
  isParent: boolean;
  /** 0 for a top-level item, else the parent item's id. */
  parentId: number;
  createdAt: string;
  /** Who added it and who ticked it (null: unknown, or not ticked); set on every answer. */
  createdBy?: Actor | null;
  completedBy?: Actor | null;
  /**
   * When it is due (`YYYY-MM-DD`, or an ISO date-time with its offset), when its participants are
   * reminded (ISO with offset), and its repeat (an RRULE body): null when none, set on every answer
   * (docs/decisions/055-due-dates.md).
   */
  dueAt?: string | null;
  remindAt?: string | null;
  repeat?: string | null;
  /**
   * How much (free text, 1–24 characters, such as "2 l") and which section of its list it is in:
   * null when none, set on every answer; a sub-item's section is always null (docs/decisions/057-memory.md).
   */
  quantity?: string | null;
  sectionId?: number | null;
}

/** A named group of a list's items, ordered by position then id (docs/decisions/057-memory.md). */
export interface Section {
  id: number;
  name: string;
  position: number;
}

export interface ShareRecord {
  id: number;
  listId: number;
  listName: string;
  sharedWithId: number;
  sharedWithName: string;
  accessLevel: AccessLevel;
  createdAt: string;
}

export interface SharedWithMeItem {
  shared: { id: number; accessLevel: AccessLevel; createdAt: string; ownerName: string | null };
  list: { id: number; name: string; shareId: string; userId: number };
}

export interface SharedListResponse {
  list: TaskList;
  tasks: Task[];
  accessLevel: AccessLevel;
  isOwner: boolean;
  ownerInfo: { username: string } | null;
  /** What this caller may do on the list: islands show controls by it. */
  can: ListCan;
  /** The list's sections in order, so the page groups its items with no second read. */
  sections: Section[];
}

export interface ParentTaskResponse {
  parent: Task;
  children: Task[];
  isOwner: boolean;
  accessLevel: AccessLevel;
}

export interface VersionUpdate {
  versionId: string;
  changes: string[];
  timestamp: string;
}

export type RealtimeEventType =
  | "task_created"
  | "task_updated"
  | "task_deleted"
  | "tasks_reordered"
  | "tasks_reset"
  | "list_updated"
  | "sections_updated";

/** One change to a list, as published after its transaction commits (docs/product-rules.md#live-updates). */
export interface RealtimeEvent {
  type: RealtimeEventType;
  timestamp: number;
  messageId: string;
  payload: unknown;
  listId: number;
  shareId: string;
  /** Who made the change (null: not known). */
  actor?: Actor | null;
}

/** Error body of every refused /api call (docs/http-contract.md#errors). */
export interface ApiError {
  message: string;
  error?: string;
  issues?: unknown[];
}
