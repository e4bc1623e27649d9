import { Hono } from "hono";
import {
  parentTaskResponseSchema,
  resetAnswerSchema,
  taskDeletedMessageSchema,
  taskDeletedSchema,
  taskSchema,
  tasksSchema,
  tickAnswerSchema,
} from "../../shared/answers";
import { describe } from "../openapi/describe";
import * as z from "zod";
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
  .get(
    "/tasks",
    describe({
      tag: "Items",
      summary: "A list's items in order, or one parent's sub-items",
      access: "link",
      answers: { 200: z.array(taskSchema) },
    }),
    queryParams(taskQuerySchema),
    async (c) => {
      const { listId, parentId } = c.req.valid("query");
      const { store } = c.get("deps");
      const { tasks: items, json } = await tasks.readTasks(store, callerOf(c), listId, parentId);
      return revalidatedJson(c, items, json);
    },
  )
  .post(
    "/tasks",
    describe({ tag: "Items", summary: "Add an item or a sub-item", access: "link", answers: { 201: taskSchema }, refusals: [403] }),
    queryParams(taskQuerySchema),
    jsonBody(createTaskSchema),
    async (c) => {
      const { store, bus } = c.get("deps");
      return c.json(await tasks.createTask(store, bus, callerOf(c), c.req.valid("json")), 201);
    },
  )
  .post(
    "/tasks/bulk",
    describe({ tag: "Items", summary: "Add many items at once", access: "link", answers: { 201: tasksSchema }, refusals: [403] }),
    queryParams(taskQuerySchema),
    jsonBody(bulkCreateTasksSchema),
    async (c) => {
      const { store, bus } = c.get("deps");
      return c.json({ tasks: await createTasksInBulk(store, bus, callerOf(c), c.req.valid("json")) }, 201);
    },
  )
  .post(
    "/tasks/restore",
    describe({ tag: "Items", summary: "Bring back deleted items", access: "link", answers: { 200: tasksSchema }, refusals: [403] }),
    queryParams(taskQuerySchema),
    jsonBody(restoreTasksSchema),
    async (c) => {
      const { store, bus } = c.get("deps");
      return c.json({ tasks: await restoreTasks(store, bus, callerOf(c), c.req.valid("json").ids) });
    },
  )
  .post(
    "/tasks/reorder",
    describe({ tag: "Items", summary: "Move items to new positions", access: "link", answers: { 200: tasksSchema }, refusals: [403] }),
    queryParams(taskQuerySchema),
    jsonBody(reorderTasksSchema),
    async (c) => {
      const { store, bus } = c.get("deps");
      const reordered = await reorderTasks(store, bus, callerOf(c), c.req.valid("json"), c.req.valid("query").listId);
      return c.json({ tasks: reordered });
    },
  )
  .post(
    "/tasks/clear-completed",
    describe({
      tag: "Items",
      summary: "Delete a list's ticked items",
      access: "link",
      answers: { 200: taskDeletedSchema },
      refusals: [403],
    }),
    queryParams(taskQuerySchema),
    async (c) => {
      const { store, bus } = c.get("deps");
      return c.json(await clearCompleted(store, bus, callerOf(c), c.req.valid("query").listId));
    },
  )
  .post(
    "/tasks/reset-completions",
    describe({
      tag: "Items",
      summary: "Untick every item of a list",
      access: "link",
      answers: { 200: resetAnswerSchema },
      refusals: [403],
    }),
    queryParams(taskQuerySchema),
    jsonBody(resetCompletionsSchema),
    async (c) => {
      const { store, bus } = c.get("deps");
      const listId = c.req.valid("json").listId ?? c.req.valid("query").listId;
      return c.json(await resetCompletions(store, bus, callerOf(c), listId));
    },
  )
  .post(
    "/tasks/restore-completions",
    describe({
      tag: "Items",
      summary: "Tick again the items a reset unticked",
      access: "link",
      answers: { 200: tasksSchema },
      refusals: [403],
    }),
    queryParams(taskQuerySchema),
    jsonBody(restoreCompletionsSchema),
    async (c) => {
      const { store, bus } = c.get("deps");
      const { listId = c.req.valid("query").listId, ids } = c.req.valid("json");
      return c.json({ tasks: await restoreCompletions(store, bus, callerOf(c), listId, ids) });
    },
  )
  .get(
    "/tasks/parent/:parentId",
    describe({ tag: "Items", summary: "A parent item with its sub-items", access: "link", answers: { 200: parentTaskResponseSchema } }),
    pathIds({ parentId: TASK_NOT_FOUND }),
    queryParams(taskQuerySchema),
    async (c) => {
      const { listId } = c.req.valid("query");
      return revalidatedJson(c, await tasks.readParentView(c.get("deps").store, callerOf(c), c.req.valid("param").parentId, listId));
    },
  )
  .patch(
    "/tasks/:id",
    describe({ tag: "Items", summary: "Change an item", access: "link", answers: { 200: taskSchema }, refusals: [403] }),
    taskId,
    queryParams(taskQuerySchema),
    jsonBody(updateTaskSchema),
    async (c) => {
      const { store, bus } = c.get("deps");
      return c.json(await tasks.updateTask(store, bus, callerOf(c), c.req.valid("param").id, c.req.valid("json")));
    },
  )
  .delete(
    "/tasks/:id",
    describe({
      tag: "Items",
      summary: "Delete an item with its sub-items (it can be brought back)",
      access: "link",
      answers: { 200: taskDeletedMessageSchema },
      refusals: [403],
    }),
    taskId,
    queryParams(taskQuerySchema),
    async (c) => {
      const { store, bus } = c.get("deps");
      const deleted = await tasks.deleteTask(store, bus, callerOf(c), c.req.valid("param").id);
      return c.json({ message: "Task deleted", ...deleted });
    },
  )
  .post(
    "/tasks/:id/toggle",
    describe({ tag: "Items", summary: "Tick or untick an item", access: "link", answers: { 200: tickAnswerSchema }, refusals: [403] }),
    taskId,
    queryParams(taskQuerySchema),
    async (c) => {
      const { store, bus } = c.get("deps");
      return c.json(await tasks.toggleTask(store, bus, callerOf(c), c.req.valid("param").id));
    },
  );
