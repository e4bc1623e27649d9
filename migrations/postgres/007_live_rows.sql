-- Live rows (docs/decisions/030-bounded-tables.md) are read and counted without passing over deleted ones. These indexes
-- leave deleted rows out, so only a query carrying the same `deleted_at IS NULL` can use them;
-- `deleted_at` is a column too, which lets a count read the index alone.
CREATE INDEX tasks_live ON tasks(list_id, position, id, deleted_at) WHERE deleted_at IS NULL;
CREATE INDEX task_lists_live ON task_lists(user_id, position, id, deleted_at) WHERE deleted_at IS NULL;
-- A list's deleted items by age, for the bound of 200 kept (docs/product-rules.md#undo-and-restore).
CREATE INDEX tasks_deleted_in_list ON tasks(list_id, deleted_at) WHERE deleted_at IS NOT NULL;
-- A list's purge cascades to all its items through this one. The index it replaces also ordered
-- them by position, which made it the planner's choice for the live reads above.
DROP INDEX tasks_list_id;
CREATE INDEX tasks_list_id ON tasks(list_id);
-- The hourly housekeeping finds expired sessions without scanning the rest.
CREATE INDEX sessions_expires_at ON sessions(expires_at);
