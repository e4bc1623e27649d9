import { Hono } from "hono";
import { createTasksInBulk } from "../../domain/bulk";
import { clearCompleted, resetCompletions, restoreCompletions } from "../../domain/completions";
import { reorderTasks } from "../../domain/reorder";
import { TASK_NOT_FOUND } from "../../domain/item-access";
import * as tasks from "../../domain/tasks";
import { restoreTasks } from "../../domain/undo";
import {
  bulkCreateTasksSchema,
  createTaskSchema,
  reorderTasksSchema,
  resetCompletionsSchema,
  restoreCompletionsSchema,
  restoreTasksSchema,
  taskQuerySchema,
  updateTaskSchema,
} from "../../shared/tasks";
import { callerOf } from "../caller";
import type { AppEnv } from "../env";
import { revalidatedJson } from "../middleware/conditional";
import { jsonBody, pathIds, queryParams } from "../validate";

const taskId = pathIds({ id: TASK_NOT_FOUND });

/**
 * The item routes (docs/http-contract.md#routes). Every call names its list by `listId` (signed in)
 * or `?shareId` (link or recipient); the domain applies the access rules and answers 404 for what
 * the caller may not see.
 */
export const tasksApi = new Hono<AppEnv>()
  .get("/tasks", queryParams(taskQuerySchema), async (c) => {
    const { listId, parentId } = c.req.valid("query");
    const { store } = c.get("deps");
    const { tasks: items, json } = await tasks.readTasks(store, callerOf(c), listId, parentId);
    return revalidatedJson(c, items, json);
  })
  .post("/tasks", queryParams(taskQuerySchema), jsonBody(createTaskSchema), async (c) => {
    const { store, bus } = c.get("deps");
    return c.json(await tasks.createTask(store, bus, callerOf(c), c.req.valid("json")), 201);
  })
  .post("/tasks/bulk", queryParams(taskQuerySchema), jsonBody(bulkCreateTasksSchema), async (c) => {
    const { store, bus } = c.get("deps");
    return c.json({ tasks: await createTasksInBulk(store, bus, callerOf(c), c.req.valid("json")) }, 201);
  })
  .post("/tasks/restore", queryParams(taskQuerySchema), jsonBody(restoreTasksSchema), async (c) => {
    const { store, bus } = c.get("deps");
    return c.json({ tasks: await restoreTasks(store, bus, callerOf(c), c.req.valid("json").ids) });
  })
  .post("/tasks/reorder", queryParams(taskQuerySchema), jsonBody(reorderTasksSchema), async (c) => {
    const { store, bus } = c.get("deps");
    const reordered = await reorderTasks(store, bus, callerOf(c), c.req.valid("json"), c.req.valid("query").listId);
    return c.json({ tasks: reordered });
  })
  .post("/tasks/clear-completed", queryParams(taskQuerySchema), async (c) => {
    const { store, bus } = c.get("deps");
    return c.json(await clearCompleted(store, bus, callerOf(c), c.req.valid("query").listId));
  })
  .post("/tasks/reset-completions", queryParams(taskQuerySchema), jsonBody(resetCompletionsSchema), async (c) => {
    const { store, bus } = c.get("deps");
    const listId = c.req.valid("json").listId ?? c.req.valid("query").listId;
    return c.json(await resetCompletions(store, bus, callerOf(c), listId));
  })
  .post("/tasks/restore-completions", queryParams(taskQuerySchema), jsonBody(restoreCompletionsSchema), async (c) => {
    const { store, bus } = c.get("deps");
    const { listId = c.req.valid("query").listId, ids } = c.req.valid("json");
    return c.json({ tasks: await restoreCompletions(store, bus, callerOf(c), listId, ids) });
  })
  .get("/tasks/parent/:parentId", pathIds({ parentId: TASK_NOT_FOUND }), queryParams(taskQuerySchema), async (c) => {
    const { listId } = c.req.valid("query");
    return revalidatedJson(c, await tasks.readParentView(c.get("deps").store, callerOf(c), c.req.valid("param").parentId, listId));
  })
  .patch("/tasks/:id", taskId, queryParams(taskQuerySchema), jsonBody(updateTaskSchema), async (c) => {
    const { store, bus } = c.get("deps");
    return c.json(await tasks.updateTask(store, bus, callerOf(c), c.req.valid("param").id, c.req.valid("json")));
  })
  .delete("/tasks/:id", taskId, queryParams(taskQuerySchema), async (c) => {
    const { store, bus } = c.get("deps");
    const deleted = await tasks.deleteTask(store, bus, callerOf(c), c.req.valid("param").id);
    return c.json({ message: "Task deleted", ...deleted });
  })
  .post("/tasks/:id/toggle", taskId, queryParams(taskQuerySchema), async (c) => {
    const { store, bus } = c.get("deps");
    return c.json(await tasks.toggleTask(store, bus, callerOf(c), c.req.valid("param").id));
  });
