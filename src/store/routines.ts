import type { RoutineRun, RoutineRunItem } from "../shared/routines";
import { isoFromMs, type Db } from "./db";

/** A list's stored routine: its rule, zone and the local start its rule counts from. */
export interface StoredRoutine {
  rrule: string;
  tz: string;
  /** A plain local date-time in `tz` (ISO, no offset), the rule's DTSTART. */
  start: string;
}

/** A list whose routine is due, with the occurrence it is due for (epoch ms). */
export interface DueRoutine extends StoredRoutine {
  listId: number;
  dueAt: number;
}

interface RunRow {
  id: number | string;
  at: number | string;
  done: number | string;
  total: number | string;
  items: string;
  [column: string]: unknown;
}

const toRun = (row: RunRow): RoutineRun => ({
  id: Number(row.id),
  at: isoFromMs(row.at),
  done: Number(row.done),
  total: Number(row.total),
  items: JSON.parse(row.items) as RoutineRunItem[],
});

/** A list keeps its newest runs only (docs/decisions/053-routines.md): "run now" could otherwise grow it without end. */
export const RUNS_KEPT = 100;

export function routinesStore(db: Db) {
  return {
    /** Sets (or, with null, clears) list `listId`'s routine and its next run (epoch ms). */
    async set(listId: number, routine: (StoredRoutine & { nextRunAt: number }) | null, tx: Db = db): Promise<void> {
      await tx.run("UPDATE task_lists SET routine_rrule = ?, routine_tz = ?, routine_start = ?, routine_next_run_at = ? WHERE id = ?", [
        routine?.rrule ?? null,
        routine?.tz ?? null,
        routine?.start ?? null,
        routine?.nextRunAt ?? null,
        listId,
      ]);
    },
    /** Live lists whose next run is at or before `now`, soonest first, at most `limit`. */
    async due(now: number, limit: number): Promise<DueRoutine[]> {
      const rows = await db.all<{
        id: number | string;
        routine_rrule: string;
        routine_tz: string;
        routine_start: string;
        routine_next_run_at: number | string;
      }>(
        `SELECT id, routine_rrule, routine_tz, routine_start, routine_next_run_at FROM task_lists
          WHERE routine_next_run_at <= ? AND deleted_at IS NULL ORDER BY routine_next_run_at, id LIMIT ?`,
        [now, limit],
      );
      return rows.map((row) => ({
        listId: Number(row.id),
        rrule: row.routine_rrule,
        tz: row.routine_tz,
        start: row.routine_start,
        dueAt: Number(row.routine_next_run_at),
      }));
    },
    /**
     * Moves a due routine on to `nextRunAt` only if it is still due at `dueAt`: the compare-and-set
     * that lets exactly one instance (one transaction) run an occurrence. On PostgreSQL a second
     * claim waits on the first's row lock, then finds the value moved; SQLite runs one writer at a
     * time. Answers whether this caller claimed it.
     */
    async claim(listId: number, dueAt: number, nextRunAt: number | null, tx: Db): Promise<boolean> {
      const changed = await tx.run(
        "UPDATE task_lists SET routine_next_run_at = ? WHERE id = ? AND routine_next_run_at = ? AND deleted_at IS NULL",
        [nextRunAt, listId, dueAt],
      );
      return changed === 1;
    },
    /** Records a run, and forgets the list's runs beyond the newest RUNS_KEPT in the same transaction. */
    async record(
      run: { listId: number; at: number; eventId: number; done: number; total: number; items: RoutineRunItem[] },
      tx: Db,
    ): Promise<RoutineRun> {
      const rows = await tx.all<RunRow>(
        "INSERT INTO routine_runs (list_id, at, event_id, done, total, items) VALUES (?, ?, ?, ?, ?, ?) RETURNING *",
        [run.listId, run.at, run.eventId, run.done, run.total, JSON.stringify(run.items)],
      );
      await tx.run(
        `DELETE FROM routine_runs WHERE list_id = ? AND id NOT IN (
           SELECT id FROM routine_runs WHERE list_id = ? ORDER BY id DESC LIMIT ?)`,
        [run.listId, run.listId, RUNS_KEPT],
      );
      return toRun(rows[0]!);
    },
    /** A list's runs whose event is above `floor` (a reader's history floor), newest first. */
    async listSince(listId: number, floor: number): Promise<RoutineRun[]> {
      const rows = await db.all<RunRow>("SELECT * FROM routine_runs WHERE list_id = ? AND event_id > ? ORDER BY id DESC", [listId, floor]);
      return rows.map(toRun);
    },
  };
}
