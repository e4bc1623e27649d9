-- Home counts a list's top-level items (a parent once, by its own mark, its sub-items not apart;
-- docs/decisions/043-sub-item-ticks.md), as the list page's count line does: with `parent_id` in
-- the live-items index the count still never visits the item rows
-- (docs/decisions/036-flat-reads-and-page-render.md).
DROP INDEX tasks_live;
CREATE INDEX tasks_live ON tasks(list_id, position, id, completed, parent_id, deleted_at) WHERE deleted_at IS NULL;
