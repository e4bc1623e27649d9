-- Item due dates, reminders and repeats (docs/decisions/055-due-dates.md). `due_at` and
-- `remind_at` are kept as written (a date, or a datetime with its offset), `repeat_rule` is an
-- RRULE body. `remind_pending_at` is the reminder's instant (epoch ms) while it is still to be
-- sent: the worker claims it by compare-and-set to NULL, so exactly one instance sends it.
-- `remind_by` is who set it (the actor's JSON), who is not told.
ALTER TABLE tasks ADD COLUMN due_at TEXT;
ALTER TABLE tasks ADD COLUMN remind_at TEXT;
ALTER TABLE tasks ADD COLUMN remind_pending_at INTEGER;
ALTER TABLE tasks ADD COLUMN remind_by TEXT;
ALTER TABLE tasks ADD COLUMN repeat_rule TEXT;
CREATE INDEX tasks_remind_pending ON tasks(remind_pending_at) WHERE remind_pending_at IS NOT NULL;
