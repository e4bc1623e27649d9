import { Hono } from "hono";
import { routineRunSchema, routineRunsSchema } from "../../shared/more-answers";
import { describe } from "../openapi/describe";
import { LIST_NOT_FOUND } from "../../domain/access";
import { readRuns, runNow } from "../../domain/routines";
import type { RoutineRunsResponse } from "../../shared/routines";
import { callerOf } from "../caller";
import type { AppEnv } from "../env";
import { pathIds } from "../validate";

const listId = pathIds({ id: LIST_NOT_FOUND });

/** A list's routine runs: run it now, and read its record (docs/decisions/053-routines.md); the routine itself is set by the list's PATCH. */
export const routinesApi = new Hono<AppEnv>()
  .post(
    "/task-lists/:id/runs",
    describe({
      tag: "Routines",
      summary: "Run a list's routine now: untick every item and record the run",
      access: "link",
      answers: { 201: routineRunSchema },
      refusals: [403],
    }),
    listId,
    async (c) => {
      const { store, bus } = c.get("deps");
      return c.json(await runNow(store, bus, callerOf(c), c.req.valid("param").id), 201);
    },
  )
  .get(
    "/task-lists/:id/runs",
    describe({ tag: "Routines", summary: "A list's routine runs, newest first", access: "link", answers: { 200: routineRunsSchema } }),
    listId,
    async (c) => {
      const runs = await readRuns(c.get("deps").store, callerOf(c), c.req.valid("param").id);
      return c.json<RoutineRunsResponse>({ runs });
    },
  );
