-- A list's counts on Home (done of total) are read from the live-items index alone: with
-- `completed` in it, the count never visits the item rows, which lie wherever each item was added
-- among everyone else's, so its cost follows the caller's own lists and not the size of the file
-- (docs/decisions/036-flat-reads-and-page-render.md).
DROP INDEX tasks_live;
CREATE INDEX tasks_live ON tasks(list_id, position, id, completed, deleted_at) WHERE deleted_at IS NULL;
