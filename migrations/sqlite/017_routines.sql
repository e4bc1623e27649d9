-- List routines (docs/decisions/053-routines.md). A list's routine is its rule, its zone, the
-- local start the rule counts from, and the instant of its next run (epoch ms), which the worker
-- claims by compare-and-set so one instance runs each occurrence.
ALTER TABLE task_lists ADD COLUMN routine_rrule TEXT;
ALTER TABLE task_lists ADD COLUMN routine_tz TEXT;
ALTER TABLE task_lists ADD COLUMN routine_start TEXT;
ALTER TABLE task_lists ADD COLUMN routine_next_run_at INTEGER;
CREATE INDEX task_lists_routine_due ON task_lists(routine_next_run_at) WHERE routine_next_run_at IS NOT NULL;

-- One row per run: what was done when the list was reset. `event_id` is the run's tasks_reset
-- event, the mark a reader's history floor is compared with.
CREATE TABLE routine_runs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  list_id INTEGER NOT NULL REFERENCES task_lists(id) ON DELETE CASCADE,
  at INTEGER NOT NULL,
  event_id INTEGER NOT NULL,
  done INTEGER NOT NULL,
  total INTEGER NOT NULL,
  items TEXT NOT NULL
);
CREATE INDEX routine_runs_list ON routine_runs(list_id, id);
