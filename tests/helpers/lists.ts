import type { TaskList } from "../../src/shared/types";
import type { Client, TestApp } from "./test-app";

/** Creates a list through the API and answers it, failing loudly if the API refuses. */
export async function createList(client: Client, name: string): Promise<TaskList> {
  const res = await client.post<TaskList>("/api/task-lists", { name });
  if (res.status !== 201) throw new Error(`create list ${name}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Puts an item straight into the table: the tasks API is not what these tests are about. */
export async function insertTask(
  t: TestApp,
  item: { listId: number; userId: number; title: string; position: number; completed?: boolean; isParent?: boolean; parentId?: number },
): Promise<number> {
  const rows = await t.store.db.all<{ id: number | string }>(
    `INSERT INTO tasks (list_id, user_id, parent_id, title, description, completed, is_parent, position, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [
      item.listId,
      item.userId,
      item.parentId ?? null,
      item.title,
      "",
      item.completed ? 1 : 0,
      item.isParent ? 1 : 0,
      item.position,
      Date.now(),
    ],
  );
  // Like every write of the app, the insert leaves an event: list reads are cached until one appears.
  await t.store.events.append({
    type: "task_created",
    timestamp: Date.now(),
    messageId: crypto.randomUUID(),
    payload: null,
    listId: item.listId,
    shareId: "",
  });
  return Number(rows[0]!.id);
}

/** Every row a lists or sharing call could change, to prove a refused call changed nothing. */
export async function snapshot(t: TestApp) {
  const db = t.store.db;
  return {
    lists: await db.all("SELECT * FROM task_lists ORDER BY id"),
    shares: await db.all("SELECT * FROM list_shares ORDER BY id"),
    tasks: await db.all("SELECT * FROM tasks ORDER BY id"),
    events: await db.all("SELECT id FROM events ORDER BY id"),
  };
}

/** The bus messages published since `from` (an index into t.published). */
export const publishedSince = (t: TestApp, from: number) => t.published.slice(from);
