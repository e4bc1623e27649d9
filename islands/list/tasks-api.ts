import type { SharedListResponse, Task } from "../../src/shared/types";
import type { TaskDeletedPayload } from "../../src/shared/tasks";
import { api, ApiRequestError } from "../api";
import type { Change } from "../offline/changes";
import type { PastedItem } from "./paste-parse";

/**
 * The list page's calls (SPEC §7 "Tasks"). A share-link visitor or recipient sends the list's
 * shareId on every call (SPEC §6); the owner sends none.
 */
export interface ListTarget {
  listId: number;
  shareId: string | null;
}

const qs = (target: ListTarget, extra: Record<string, string | number> = {}) => {
  const params = new URLSearchParams(Object.entries(extra).map(([key, value]) => [key, String(value)]));
  if (target.shareId) params.set("shareId", target.shareId);
  const text = params.toString();
  return text ? `?${text}` : "";
};

export interface ItemFields {
  title: string;
  description: string;
  isParent: boolean;
}

export const tasksApi = {
  /** The whole list as the caller may see it: items, access level, owner. */
  load: (t: ListTarget) => api<SharedListResponse>(`/api/list/${t.listId}${qs(t)}`),
  create: (t: ListTarget, fields: ItemFields, parentId: number, idempotencyKey?: string) =>
    api<Task>(`/api/tasks${qs(t)}`, {
      body: { ...fields, isParent: parentId ? false : fields.isParent, listId: t.listId, completed: false, parentId },
      idempotencyKey,
    }),
  /** Sends only the fields given: a concurrent change to another field of the item stays. */
  update: (t: ListTarget, id: number, fields: Partial<ItemFields & { completed: boolean }>, idempotencyKey?: string) =>
    api<Task>(`/api/tasks/${id}${qs(t)}`, { method: "PATCH", body: fields, idempotencyKey }),
  toggle: (t: ListTarget, id: number) => api<Task>(`/api/tasks/${id}/toggle${qs(t)}`, { method: "POST" }),
  reorder: (t: ListTarget, items: Array<{ id: number; position: number }>, idempotencyKey?: string) =>
    api<{ tasks: Task[] }>(`/api/tasks/reorder${qs(t, t.shareId ? {} : { listId: t.listId })}`, { body: items, idempotencyKey }),
  clearCompleted: (t: ListTarget) => api<TaskDeletedPayload>(`/api/tasks/clear-completed?listId=${t.listId}`, { method: "POST" }),
  /** DESIGN §11: all or nothing; under a parent the items come flat (the parser made them so). */
  bulk: (t: ListTarget, parentId: number, items: readonly PastedItem[]) =>
    api<{ tasks: Task[] }>(`/api/tasks/bulk${qs(t)}`, {
      body: {
        listId: t.listId,
        ...(parentId ? { parentId } : {}),
        items: items.map(({ children, ...item }) => (children.length ? { ...item, children } : item)),
      },
    }),
  /** DESIGN §11 Undo: puts soft-deleted items back; answers them, parents before children. */
  restore: (t: ListTarget, ids: readonly number[]) => api<{ tasks: Task[] }>(`/api/tasks/restore${qs(t)}`, { body: { ids } }),
  reset: (t: ListTarget) => api<{ tasks: Task[] }>(`/api/tasks/reset-completions${qs(t)}`, { body: { listId: t.listId } }),
  /**
   * The ids it deleted, sub-items included, for Undo. SPEC §7: a 404 means it is already gone,
   * which is what the user wanted, with nothing of ours to undo.
   */
  async remove(t: ListTarget, id: number, idempotencyKey?: string): Promise<number[]> {
    try {
      return (await api<TaskDeletedPayload>(`/api/tasks/${id}${qs(t)}`, { method: "DELETE", idempotencyKey })).deletedIds;
    } catch (error) {
      if (!(error instanceof ApiRequestError && error.status === 404)) throw error;
      return [];
    }
  },
};

/**
 * A queued change as its request (issue 14), with the key it was queued with. A tick is sent as
 * the value the box ends as, so a replay after a lost answer cannot flip it back.
 */
export function sendChange(t: ListTarget, change: Change, key: string): Promise<unknown> {
  switch (change.kind) {
    case "tick":
      return tasksApi.update(t, change.id, { completed: change.completed }, key);
    case "add":
      return tasksApi.create(t, change.fields, change.parentId, key);
    case "edit":
      return tasksApi.update(t, change.id, change.fields, key);
    case "reorder":
      return tasksApi.reorder(t, change.items, key);
    case "delete":
      return tasksApi.remove(t, change.id, key);
  }
}
