/**
 * @module The one request each of the list page's changes is sent as, online or replayed from the
 * queue, with its Idempotency-Key (docs/decisions/018-idempotency.md), and the one read of the
 * whole list. A tick is PATCH {completed}: the value the box ends as, so a change sent twice after
 * a lost answer cannot flip it back (docs/decisions/031-one-list-store.md).
 */
import type { SharedListResponse, Task } from "../../src/shared/types";
import type { TaskDeletedPayload } from "../../src/shared/tasks";
import { api, ApiRequestError } from "../api";
import type { Answer, Change, ItemFields, ListTarget } from "./changes";

const qs = (target: ListTarget, extra: Record<string, string | number> = {}) => {
  const params = new URLSearchParams(Object.entries(extra).map(([key, value]) => [key, String(value)]));
  if (target.shareId) params.set("shareId", target.shareId);
  const text = params.toString();
  return text ? `?${text}` : "";
};

/** The whole list as the caller may see it: items, access level, owner. */
export const readList = (t: ListTarget) => api<SharedListResponse>(`/api/list/${t.listId}${qs(t)}`);

const items = (tasks: Task[]): Answer => ({ tasks, deletedIds: [] });
const removed = (deletedIds: number[]): Answer => ({ tasks: [], deletedIds });

/** Sends only the fields given: a concurrent change to another field of the item stays. */
const patch = (t: ListTarget, id: number, body: Partial<ItemFields & { completed: boolean }>, key: string) =>
  api<Task>(`/api/tasks/${id}${qs(t)}`, { method: "PATCH", body, idempotencyKey: key }).then((task) => items([task]));

async function remove(t: ListTarget, id: number, key: string): Promise<Answer> {
  try {
    return removed((await api<TaskDeletedPayload>(`/api/tasks/${id}${qs(t)}`, { method: "DELETE", idempotencyKey: key })).deletedIds);
  } catch (error) {
    // A 404 means it is already gone, which is what was asked for, with nothing of ours to undo.
    if (!(error instanceof ApiRequestError && error.status === 404)) throw error;
    return removed([]);
  }
}

/** A change as its request; answers what the server now has, in one shape for every change. */
export async function sendChange(t: ListTarget, change: Change, key: string): Promise<Answer> {
  const post = <T>(path: string, body: unknown) => api<T>(path, { method: "POST", body, idempotencyKey: key });
  switch (change.kind) {
    case "tick":
      return patch(t, change.id, { completed: change.completed }, key);
    case "edit":
      return patch(t, change.id, change.fields, key);
    case "add": {
      const body = { ...change.fields, isParent: change.parentId ? false : change.fields.isParent, listId: t.listId, completed: false };
      return items([await post<Task>(`/api/tasks${qs(t)}`, { ...body, parentId: change.parentId })]);
    }
    case "reorder":
      return items(
        (await post<{ tasks: Task[] }>(`/api/tasks/reorder${qs(t, t.shareId ? {} : { listId: t.listId })}`, change.items)).tasks,
      );
    case "delete":
      return remove(t, change.id, key);
    case "reset":
      return items((await post<{ tasks: Task[] }>(`/api/tasks/reset-completions${qs(t)}`, { listId: t.listId })).tasks);
    case "clear":
      return removed((await post<TaskDeletedPayload>(`/api/tasks/clear-completed?listId=${t.listId}`, undefined)).deletedIds);
    case "bulk": {
      // All or nothing; under a parent the items come flat (the parser made them so).
      const pasted = change.items.map(({ children, ...item }) => (children.length ? { ...item, children } : item));
      const body = { listId: t.listId, ...(change.parentId ? { parentId: change.parentId } : {}), items: pasted };
      return items((await post<{ tasks: Task[] }>(`/api/tasks/bulk${qs(t)}`, body)).tasks);
    }
    case "restore":
      return items((await post<{ tasks: Task[] }>(`/api/tasks/restore${qs(t)}`, { ids: change.ids })).tasks);
  }
}
