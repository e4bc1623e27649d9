import type { Task, TaskList } from "../../src/shared/types";
import type { Client, TestApp } from "./test-app";

/** A list put straight into the store, owned by `userId`, with a fresh share link. */
export async function makeList(t: TestApp, userId: number, name = "Groceries"): Promise<TaskList> {
  return t.store.lists.create({ name, userId, shareId: crypto.randomUUID().replaceAll("-", ""), position: 0 });
}

/** Creates an item through the API, failing loudly if it is refused. */
export async function addTask(client: Client, body: Record<string, unknown>, query = ""): Promise<Task> {
  const res = await client.post<Task>(`/api/tasks${query}`, body);
  if (res.status !== 201) throw new Error(`create task: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The list's rows as the store maps them, ordered like GET /api/tasks. */
export const rowsOf = (t: TestApp, listId: number) => t.store.tasks.listByList(listId);

/** Every row a task call could change, to prove a refused call changed nothing. */
export async function taskSnapshot(t: TestApp) {
  return {
    tasks: await t.store.db.all("SELECT * FROM tasks ORDER BY id"),
    events: await t.store.db.all("SELECT id FROM events ORDER BY id"),
  };
}

/** The list events published since index `from` of t.published. */
export const listEventsSince = (t: TestApp, from: number) => t.published.slice(from).filter((entry) => entry.topic.startsWith("list:"));

let nextTaskId = 1;
/** An item as the API answers it, for tests of the list's rules and islands: a fresh id unless `fields` names one. */
export const aTask = (fields: Partial<Task> = {}): Task => ({
  id: nextTaskId++,
  title: "t",
  description: "",
  completed: false,
  position: 0,
  listId: 1,
  userId: 1,
  isParent: false,
  parentId: 0,
  createdAt: "2025-01-01T00:00:00.000Z",
  ...fields,
});
