import type { Actor } from "../shared/attribution";
import type { RoutineInput, RoutineRun } from "../shared/routines";
import type { TaskList } from "../shared/types";
import type { Store } from "../store";
import type { Db } from "../store/db";
import { type Caller, requireWriteAccess, resolveListAccess, resolveReadAccess } from "./access";
import { type ActingCaller, actorOf } from "./actors";
import type { EventBus } from "./bus";
import { announceReset, type ListReset, RESET_NOT_ALLOWED, resetList } from "./completions";
import { badRequest } from "./errors";
import { historyFloor } from "./history-floor";
import { nextOccurrence, routineStart } from "./routine-calendar";

/**
 * @module List routines (docs/decisions/053-routines.md): a list that resets itself on a schedule
 * and keeps a record of each run. A run is the list's one reset (src/domain/completions.ts) with
 * its record, in one transaction; the worker's pass runs the due ones.
 */

export const ROUTINE_NEVER_OCCURS = "This routine never comes round: no date matches its rule";

/** How many due lists one pass of the worker takes on; the next pass, a second later, takes the rest. */
const DUE_PER_PASS = 50;

/**
 * Sets or clears list `listId`'s routine inside the owner's update (src/domain/lists.ts): a new
 * rule counts from today in its zone, and its next run is its first occurrence from now on.
 */
export async function setRoutine(store: Store, listId: number, input: RoutineInput, tx: Db): Promise<void> {
  if (input === null) return store.routines.set(listId, null, tx);
  const now = store.clock.now();
  const routine = { ...input, start: routineStart(input.tz, now) };
  const nextRunAt = nextOccurrence(routine, now);
  if (nextRunAt === null) throw badRequest(ROUTINE_NEVER_OCCURS);
  await store.routines.set(listId, { ...routine, nextRunAt }, tx);
}

/** The run of `list`: its top-level items as they stand (the list's own count), then the reset, recorded together. */
async function runList(store: Store, tx: Db, list: TaskList, actor: Actor | null): Promise<{ run: RoutineRun; reset: ListReset }> {
  const before = (await store.tasks.listByList(list.id, tx)).filter((task) => task.parentId === 0);
  const items = before.map((task) => ({ title: task.title, completedBy: task.completed ? (task.completedBy ?? null) : null }));
  const reset = await resetList(store, tx, list, actor);
  const run = await store.routines.record(
    {
      listId: list.id,
      at: store.clock.now(),
      eventId: reset.event.id,
      done: before.filter((task) => task.completed).length,
      total: before.length,
      items,
    },
    tx,
  );
  return { run, reset };
}

/** POST /api/task-lists/{id}/runs: whoever may reset the list runs it now; its schedule stays as it was. */
export async function runNow(store: Store, bus: EventBus, caller: ActingCaller, listId: number): Promise<RoutineRun> {
  const { run, reset } = await store.db.transaction(async (tx) => {
    const { list } = requireWriteAccess(await resolveListAccess(store, caller, listId, tx), RESET_NOT_ALLOWED);
    return runList(store, tx, list, await actorOf(store, caller, tx));
  });
  await announceReset(bus, reset);
  return run;
}

/**
 * One pass over the due routines. Each is claimed by moving its next run on to the first
 * occurrence after now, compare-and-set on the one it was due for, in the run's own transaction:
 * exactly one instance runs an occurrence, and occurrences missed while no instance ran give one
 * run, not one each. Answers how many runs this pass made.
 */
export async function runDueRoutines(store: Store, bus: EventBus): Promise<number> {
  let ran = 0;
  for (const due of await store.routines.due(store.clock.now(), DUE_PER_PASS)) {
    const reset = await store.db.transaction(async (tx) => {
      const list = await store.lists.findById(due.listId, tx, true);
      const now = store.clock.now();
      if (!list || !(await store.routines.claim(due.listId, due.dueAt, nextOccurrence(due, now), tx))) return undefined;
      // The list as the claim left it, so the run's event carries the routine's next run.
      return (await runList(store, tx, (await store.lists.findById(due.listId, tx, true))!, null)).reset;
    });
    if (!reset) continue;
    await announceReset(bus, reset);
    ran++;
  }
  return ran;
}

/** GET /api/task-lists/{id}/runs: newest first, to whoever may read the list, from when their access began. */
export async function readRuns(store: Store, caller: Caller, listId: number): Promise<RoutineRun[]> {
  const access = await resolveReadAccess(store, caller, { id: listId });
  return store.routines.listSince(access.list.id, await historyFloor(store, caller, access));
}
