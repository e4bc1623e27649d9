-- Undo (docs/product-rules.md#undo-and-restore): deleting an item or a list stamps it (epoch ms) instead of removing the row;
-- every read skips stamped rows, and a purge removes them for good after 30 days.
ALTER TABLE tasks ADD COLUMN deleted_at INTEGER;
ALTER TABLE task_lists ADD COLUMN deleted_at INTEGER;
-- Only deleted rows are indexed: the purge finds them without scanning the live ones.
CREATE INDEX tasks_deleted_at ON tasks(deleted_at) WHERE deleted_at IS NOT NULL;
CREATE INDEX task_lists_deleted_at ON task_lists(deleted_at) WHERE deleted_at IS NOT NULL;
